/// One row per bucket, its bar split into segments by tag or category, with a legend.
///
/// Segments differ by fill pattern and by tint, so they read without colour too. The total
/// is printed at the right; a dashed mark shows the target for the total.
public struct BarStackedChart: ChartKind {
    public static let id = "bar_stacked"
    public static let summary = "One row per bucket, its bar split into segments by tag or category, with a legend."
    public static let data = ChartData.split
    public static func capacity(width: Int, glyphs: Glyphs) -> Int { maximumRows }
    public init() {}

    static let maximumRows = 31

    public func draw(_ input: ChartInput, profile: RenderProfile) -> TextCanvas {
        let context = ChartContext(input, profile)
        guard let series = input.stacked, !series.categories.isEmpty,
            let highest = series.buckets.compactMap(\.total).max()
        else {
            return input.points.contains(where: { $0.value != nil })
                ? BarHorizontalChart().draw(input, profile: profile)
                : context.emptyState()
        }
        let hidden = max(0, series.buckets.count - Self.maximumRows)
        let buckets = Array(series.buckets.suffix(Self.maximumRows))
        var canvas = context.newCanvas()
        context.addHeader(to: &canvas, right: context.targetText())

        // Legend, wrapped over as many lines as needed.
        var legendRow = canvas.addRow()
        var column = 0
        for (index, category) in series.categories.enumerated() {
            let name = DisplayWidth.truncate(
                Sanitize.inline(category), to: 20,
                ellipsis: context.glyphs.ellipsis)
            let entryWidth = 2 + DisplayWidth.of(name) + 2
            if column > 0, column + entryWidth - 2 > context.width {
                legendRow = canvas.addRow()
                column = 0
            }
            canvas.write(
                context.segmentGlyph(index), row: legendRow, column: column,
                style: context.segmentStyle(index))
            column = canvas.write(name, row: legendRow, column: column + 2) + 2
        }

        let levels = context.targetLevels()
        let scale = NiceScale(min: 0, max: max(highest, levels.max() ?? highest), includeZero: true)
        let labels = buckets.map { Sanitize.inline($0.label) }
        let labelWidth = min(context.width / 4, labels.map { DisplayWidth.of($0) }.max() ?? 1)
        let totals = buckets.map { $0.total.map(context.number) ?? "" }
        let valueWidth = max(1, totals.map { DisplayWidth.of($0) }.max() ?? 1)
        let barLeft = labelWidth + 1
        let barWidth = context.width - barLeft - valueWidth - 1

        for (index, bucket) in buckets.enumerated() {
            let row = canvas.addRow()
            canvas.write(
                DisplayWidth.pad(
                    labels[index], to: labelWidth,
                    ellipsis: context.glyphs.ellipsis),
                row: row, column: 0, style: context.muted)
            guard let values = bucket.values else {
                canvas.write(
                    "\(context.glyphs.missing) no data", row: row, column: barLeft,
                    style: context.muted)
                continue
            }
            var sum = 0.0
            var end = 0
            for (category, name) in series.categories.enumerated() {
                sum += max(0, values[name] ?? 0)
                let newEnd = Int(plotting: (max(0, min(1, scale.fraction(sum))) * Double(barWidth)).rounded())
                if newEnd > end {
                    canvas.write(
                        String(repeating: context.segmentGlyph(category), count: newEnd - end),
                        row: row, column: barLeft + end, style: context.segmentStyle(category))
                    end = newEnd
                }
            }
            context.markTargets(levels, scale: scale, on: &canvas, row: row, barLeft: barLeft, barWidth: barWidth)
            canvas.writeRightAligned(totals[index], row: row, end: context.width)
        }
        context.addAxisAndSummary(
            buckets.map(\.total), scale: scale, hidden: hidden, to: &canvas,
            barLeft: barLeft, barWidth: barWidth)
        return canvas
    }
}
