/// One line: the title, a row of blocks (one per bucket, newest right) and the latest value.
///
/// Blocks are scaled between the lowest and highest value shown; buckets without data show
/// the missing mark; blocks that miss the target are greyed when colour is on.
public struct SparklineChart: ChartKind {
    public static let id = "sparkline"
    public static let summary = "One line: the title, a block per bucket and the latest value."
    public static let data = ChartData.buckets
    public static func capacity(width: Int, glyphs: Glyphs) -> Int {
        let width = max(width, RenderProfile.minimumWidth)
        return max(8, width - width / 3 - 24)
    }
    public init() {}

    public func draw(_ input: ChartInput, profile: RenderProfile) -> TextCanvas {
        let context = ChartContext(input, profile)
        var points = input.effectivePoints
        let present = points.compactMap(\.value)
        guard let latest = present.last else { return context.emptyState() }
        var canvas = context.newCanvas()
        let row = canvas.addRow()
        var right = context.quantity(latest)
        if let tally = context.onTargetTally(points.map(\.value)) {
            right += " \(context.glyphs.separator) \(tally.met)/\(tally.counted) \(context.glyphs.check)"
        }
        let title = DisplayWidth.truncate(
            Sanitize.inline(input.title), to: context.width / 3,
            ellipsis: context.glyphs.ellipsis)
        let titleWidth = DisplayWidth.of(title)
        var room = context.width - titleWidth - DisplayWidth.of(right) - 2
        if room < 8 {
            right = context.quantity(latest)
            room = context.width - titleWidth - DisplayWidth.of(right) - 2
        }
        points = Array(points.suffix(max(1, room)))
        let shown = points.compactMap(\.value)
        let low = shown.min() ?? 0
        let high = shown.max() ?? 0
        canvas.write(title, row: row, column: 0, style: context.titleStyle)
        var column = titleWidth + 1
        for point in points {
            if let value = point.value {
                let level = high - low < 1e-9 ? 4 : 1 + Int(plotting: ((value - low) / (high - low) * 7).rounded())
                canvas.write(
                    context.glyphs.verticalEighths[level], row: row, column: column,
                    style: context.meets(value) ? context.accent : context.accentOffTarget)
            } else {
                canvas.write(context.glyphs.missing, row: row, column: column, style: context.muted)
            }
            column += 1
        }
        canvas.writeRightAligned(right, row: row, end: context.width)
        return canvas
    }
}
