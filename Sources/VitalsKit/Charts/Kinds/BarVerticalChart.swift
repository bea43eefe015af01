/// One column per bucket with eighth-block tops, round y ticks and a dashed target line.
///
/// Buckets without data show the missing mark on the axis; when there are more buckets than
/// columns, the newest are shown and the summary says how many were left out.
public struct BarVerticalChart: ChartKind {
    public static let id = "bar_vertical"
    public static let summary = "One column per bucket with y ticks and a dashed target line."
    public static let data = ChartData.buckets
    public init() {}

    public func draw(_ input: ChartInput, profile: RenderProfile) -> TextCanvas {
        let context = ChartContext(input, profile)
        var points = input.effectivePoints
        let allValues = points.compactMap(\.value)
        guard let lowest = allValues.min(), let highest = allValues.max() else {
            return context.emptyState()
        }
        var canvas = context.newCanvas()
        context.addHeader(to: &canvas, right: context.targetText())
        let levels = context.targetLevels()
        let scale = NiceScale(
            min: lowest, max: max(highest, levels.max() ?? highest),
            includeZero: true)
        let frame = context.addPlotFrame(to: &canvas, scale: scale)

        var hidden = 0
        if points.count > frame.columns {
            hidden = points.count - frame.columns
            points = Array(points.suffix(frame.columns))
        }
        let slot = max(1, frame.columns / points.count)
        let barWidth = slot >= 3 ? min(slot - 1, 7) : 1
        context.drawLevels(levels, in: frame, on: &canvas)

        var centers: [(center: Int, text: String)] = []
        for (index, point) in points.enumerated() {
            let start = frame.left + index * slot + (slot - barWidth) / 2
            centers.append((start + (barWidth - 1) / 2, point.label))
            guard let value = point.value else {
                canvas.write(
                    context.glyphs.missing, row: frame.axisRow - 1,
                    column: start + (barWidth - 1) / 2, style: context.muted)
                continue
            }
            let style = context.meets(value) ? context.accent : context.accentOffTarget
            var remaining = frame.eighths(value)
            var row = frame.axisRow - 1
            while remaining > 0, row >= frame.top {
                let glyph = context.glyphs.verticalEighths[min(8, remaining)]
                let cell = String(repeating: glyph, count: barWidth)
                canvas.write(cell, row: row, column: start, style: style)
                remaining -= 8
                row -= 1
            }
        }
        context.addXLabels(centers, frame: frame, on: &canvas)
        let extra = hidden > 0 ? ["\(hidden) earlier not shown"] : []
        context.addSummary(context.summary(points.map(\.value), extra: extra), to: &canvas)
        return canvas
    }
}
