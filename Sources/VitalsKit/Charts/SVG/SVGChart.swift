/// What every chart kind's SVG shares for one input and size: the metric colour, numbers
/// written as the terminal writes them, the target in words, the empty state.
public struct SVGChart {
    public let input: ChartInput
    public let size: ChartSize
    public let context: ChartContext

    public init(_ input: ChartInput, _ size: ChartSize) {
        self.input = input
        self.size = size
        context = ChartContext(input, size.profile)
    }

    public var accent: String { Self.hex(context.accentColor) }

    public static func hex(_ rgb: RGB) -> String {
        "#"
            + [rgb.red, rgb.green, rgb.blue].map { byte in
                let digits = String(byte, radix: 16, uppercase: true)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
    }

    /// Tint `index` of the metric colour (as the terminal's segments), then other hues.
    public func segmentColor(_ index: Int) -> String {
        if index < 4 { return Self.hex(context.accentColor.mixed(with: .white, amount: Double(index) * 0.22)) }
        return SVGColors.segments[index % SVGColors.segments.count]
    }

    public func number(_ value: Double) -> String { context.number(value) }
    public func quantity(_ value: Double, unit: String? = nil) -> String { context.quantity(value, unit: unit) }
    public var targetText: String? { context.targetText() }
    public var targetLevels: [Double] { context.targetLevels() }

    /// The accessible name: the title, its unit and the target.
    public var label: String {
        var parts = [Sanitize.inline(input.title) + (context.unit.map { " (\($0))" } ?? "")]
        if let targetText { parts.append(targetText) }
        return parts.joined(separator: ", ")
    }

    public func newDrawing(height: Double? = nil) -> SVGDrawing {
        var size = self.size
        if let height { size.height = height }
        return SVGDrawing(size: size)
    }

    /// A short drawing saying there is nothing to draw.
    public func empty() -> String {
        var svg = newDrawing(height: 60)
        svg.text(
            input.emptyMessage.map(Sanitize.inline) ?? Words.text("chart.no_data"), x: 8, y: 34, fill: SVGColors.muted)
        return svg.svg(label: label + ": " + Words.text("chart.no_data_day"))
    }
}
