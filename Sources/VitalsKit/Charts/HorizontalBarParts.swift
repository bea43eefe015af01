/// Pieces the horizontal bar kinds (`bar_horizontal`, `bar_stacked`) draw alike.
extension ChartContext {
    /// Dashed target marks across one bar row, where the row is still blank.
    public func markTargets(
        _ levels: [Double], scale: NiceScale, on canvas: inout TextCanvas, row: Int,
        barLeft: Int, barWidth: Int
    ) {
        for level in levels {
            let column =
                barLeft + min(barWidth - 1, Int(plotting: (scale.fraction(level) * Double(barWidth)).rounded()))
            if canvas.isBlank(row: row, column: column) {
                canvas.write(glyphs.dashVertical, row: row, column: column, style: targetStyle)
            }
        }
    }

    /// The value axis under the bars (`0` … top of the scale), then the summary line.
    public func addAxisAndSummary(
        _ values: [Double?], scale: NiceScale, hidden: Int, to canvas: inout TextCanvas,
        barLeft: Int, barWidth: Int
    ) {
        let axis = canvas.addRow()
        canvas.write("0", row: axis, column: barLeft, style: muted)
        canvas.writeRightAligned(
            profile.numbers.format(scale.high, decimals: scale.decimals),
            row: axis, end: barLeft + barWidth, style: muted)
        let extra = hidden > 0 ? ["\(hidden) earlier not shown"] : []
        addSummary(summary(values, extra: extra), to: &canvas)
    }
}
