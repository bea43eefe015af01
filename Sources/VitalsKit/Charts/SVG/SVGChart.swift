/// What every chart kind's SVG shares for one input and size: the metric colour, numbers
/// written as the terminal writes them, the target in words, the empty state.
struct SVGChart {
    let input: ChartInput
    let size: ChartSize
    let context: ChartContext

    init(_ input: ChartInput, _ size: ChartSize) {
        self.input = input
        self.size = size
        context = ChartContext(input, size.profile)
    }

    var accent: String { Self.hex(context.accentColor) }

    static func hex(_ rgb: RGB) -> String {
        "#"
            + [rgb.red, rgb.green, rgb.blue].map { byte in
                let digits = String(byte, radix: 16, uppercase: true)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
    }

    /// Tint `index` of the metric colour (as the terminal's segments), then other hues.
    func segmentColor(_ index: Int) -> String {
        if index < 4 { return Self.hex(context.accentColor.mixed(with: .white, amount: Double(index) * 0.22)) }
        return SVGColors.segments[index % SVGColors.segments.count]
    }

    func number(_ value: Double) -> String { context.number(value) }
    func quantity(_ value: Double, unit: String? = nil) -> String { context.quantity(value, unit: unit) }
    var targetText: String? { context.targetText() }
    var targetLevels: [Double] { context.targetLevels() }

    /// The accessible name: the title, its unit and the target.
    var label: String {
        var parts = [Sanitize.inline(input.title) + (context.unit.map { " (\($0))" } ?? "")]
        if let targetText { parts.append(targetText) }
        return parts.joined(separator: ", ")
    }

    func newDrawing(height: Double? = nil) -> SVGDrawing {
        var size = self.size
        if let height { size.height = height }
        return SVGDrawing(size: size)
    }

    /// A short drawing saying there is nothing to draw.
    func empty() -> String {
        var svg = newDrawing(height: 60)
        svg.text(
            input.emptyMessage.map(Sanitize.inline) ?? Words.text("chart.no_data"), x: 8, y: 34, fill: SVGColors.muted)
        return svg.svg(label: label + ": " + Words.text("chart.no_data_day"))
    }
}
