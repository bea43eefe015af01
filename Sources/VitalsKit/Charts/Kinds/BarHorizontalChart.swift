/// One labelled row per bucket with a fractional-width bar (eighth blocks) and its value.
///
/// A dashed vertical mark shows the target; rows without data say so instead of a bar.
public struct BarHorizontalChart: ChartKind {
    public static let id = "bar_horizontal"
    public static let summary = "One labelled row per bucket with a bar and its value; the target as a dashed mark."
    public static let data = ChartData.bucketsOrSplitTotals
    public static func capacity(width: Int, glyphs: Glyphs) -> Int { maximumRows }
    public init() {}

    /// Rows shown at most; older buckets are counted in the summary.
    static let maximumRows = 31

    public func draw(_ input: ChartInput, profile: RenderProfile) -> TextCanvas {
        let context = ChartContext(input, profile)
        var points = input.effectivePoints
        let values = points.compactMap(\.value)
        guard let highest = values.max() else { return context.emptyState() }
        let hidden = max(0, points.count - Self.maximumRows)
        points = Array(points.suffix(Self.maximumRows))

        var canvas = context.newCanvas()
        context.addHeader(to: &canvas, right: context.targetText())
        let levels = context.targetLevels()
        let scale = NiceScale(min: 0, max: max(highest, levels.max() ?? highest), includeZero: true)
        let labels = points.map { Sanitize.inline($0.label) }
        let labelWidth = min(context.width / 4, labels.map { DisplayWidth.of($0) }.max() ?? 1)
        let valueTexts = points.map { $0.value.map(context.number) ?? "" }
        let valueWidth = max(valueTexts.map { DisplayWidth.of($0) }.max() ?? 1, 1)
        let barLeft = labelWidth + 1
        let barWidth = context.width - barLeft - valueWidth - 1
        let cells = Double(barWidth)

        for (index, point) in points.enumerated() {
            let row = canvas.addRow()
            canvas.write(
                DisplayWidth.pad(
                    labels[index], to: labelWidth,
                    ellipsis: context.glyphs.ellipsis),
                row: row, column: 0, style: context.muted)
            guard let value = point.value else {
                canvas.write(
                    "\(context.glyphs.missing) no data", row: row, column: barLeft,
                    style: context.muted)
                continue
            }
            let eighths = Int(plotting: max(0, min(1, scale.fraction(value))) * cells * 8 + 0.5)
            let full = eighths / 8
            var bar = String(repeating: context.glyphs.horizontalEighths[8], count: full)
            if eighths % 8 > 0 { bar += context.glyphs.horizontalEighths[eighths % 8] }
            let style = context.meets(value) ? context.accent : context.accentOffTarget
            canvas.write(bar, row: row, column: barLeft, style: style)
            context.markTargets(levels, scale: scale, on: &canvas, row: row, barLeft: barLeft, barWidth: barWidth)
            canvas.writeRightAligned(valueTexts[index], row: row, end: context.width)
        }
        context.addAxisAndSummary(
            points.map(\.value), scale: scale, hidden: hidden, to: &canvas,
            barLeft: barLeft, barWidth: barWidth)
        return canvas
    }
}
