/// A braille line over the buckets, an optional rolling-mean overlay and the target band.
///
/// Buckets without data break the line and are marked on the x axis. The rolling mean is
/// drawn dotted so it reads without colour; target bounds are dashed lines.
public struct LineChart: ChartKind {
    public static let id = "line"
    public static let summary = "A line over the buckets, an optional rolling mean and the target band."
    public static let data = ChartData.buckets
    public static let drawsRollingMean = true
    /// Two points per column with braille dots.
    public static func capacity(width: Int, glyphs: Glyphs) -> Int {
        (max(width, RenderProfile.minimumWidth) - 9) * (glyphs.isUnicode ? 2 : 1)
    }
    public init() {}

    public func draw(_ input: ChartInput, profile: RenderProfile) -> TextCanvas {
        let context = ChartContext(input, profile)
        var points = input.effectivePoints
        var rolling = input.rollingMean
        let values = points.compactMap(\.value) + rolling.compactMap { $0 }
        guard points.contains(where: { $0.value != nil }), let lowest = values.min(),
            let highest = values.max()
        else { return context.emptyState() }
        var canvas = context.newCanvas()
        context.addHeader(to: &canvas, right: context.targetText())
        let levels = context.targetLevels()
        let scale = NiceScale(
            min: min(lowest, levels.min() ?? lowest),
            max: max(highest, levels.max() ?? highest), includeZero: false)
        let frame = context.addPlotFrame(to: &canvas, scale: scale)
        let braille = context.glyphs.isUnicode
        var grid = DotGrid(columns: frame.columns, rows: frame.rows, layers: 2, braille: braille)

        var hidden = 0
        if points.count > grid.dotColumns {
            hidden = points.count - grid.dotColumns
            points = Array(points.suffix(grid.dotColumns))
            rolling = Array(rolling.suffix(grid.dotColumns))
        }
        let count = points.count
        func x(_ index: Int) -> Int {
            count == 1 ? grid.dotColumns / 2 : index * (grid.dotColumns - 1) / (count - 1)
        }
        func y(_ value: Double) -> Int {
            let f = max(0, min(1, scale.fraction(value)))
            return Int(plotting: ((1 - f) * Double(grid.dotRows - 1)).rounded())
        }
        func plot(_ series: [Double?], layer: Int, dotted: Bool) {
            var previous: (x: Int, y: Int)?
            for (index, value) in series.enumerated() {
                guard let value else {
                    previous = nil
                    continue
                }
                let dot = (x: x(index), y: y(value))
                if let previous {
                    grid.line(from: previous, to: dot, layer: layer, dotted: dotted)
                } else {
                    grid.set(x: dot.x, y: dot.y, layer: layer)
                }
                previous = dot
            }
        }
        plot(points.map(\.value), layer: 0, dotted: false)
        if !rolling.isEmpty { plot(rolling, layer: 1, dotted: true) }
        grid.draw(
            on: &canvas, top: frame.top, left: frame.left,
            styles: [context.accent, context.muted], asciiMarks: ["*", "+"])
        context.drawLevels(levels, in: frame, on: &canvas)

        let cellWidth = braille ? 2 : 1
        var labels: [(center: Int, text: String)] = []
        for (index, point) in points.enumerated() {
            let column = frame.left + x(index) / cellWidth
            labels.append((column, point.label))
            if point.value == nil {
                canvas.write(
                    context.glyphs.missing, row: frame.axisRow, column: column,
                    style: context.muted)
            }
        }
        context.addXLabels(labels, frame: frame, on: &canvas)
        let extra = hidden > 0 ? ["\(hidden) earlier not shown"] : []
        context.addSummary(context.summary(points.map(\.value), extra: extra), to: &canvas)
        if !rolling.isEmpty {
            let name = input.rollingLabel.map(Sanitize.inline) ?? "rolling mean"
            var legend =
                "\(braille ? "⠤⠤" : "**") \(input.title.isEmpty ? "value" : "daily")  "
                + "\(braille ? "⠄⠠" : "++") \(name)"
            if !levels.isEmpty { legend += "  \(context.glyphs.dashHorizontal)\(context.glyphs.dashHorizontal) target" }
            context.addText(legend, to: &canvas, style: context.muted)
        }
        return canvas
    }
}
