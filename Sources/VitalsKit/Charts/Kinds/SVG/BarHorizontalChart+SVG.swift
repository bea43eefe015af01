extension BarHorizontalChart {
    /// One bar per row with its label on the left and its value on the right.
    public func svg(_ input: ChartInput, size: ChartSize) -> String? {
        let chart = SVGChart(input, size)
        let points = input.effectivePoints
        let values = points.compactMap(\.value)
        guard let highest = values.max() else { return chart.empty() }
        let rowHeight = 18.0
        let labelWidth = 110.0
        let valueWidth = 80.0
        let height = Double(points.count) * rowHeight + 40
        var svg = chart.newDrawing(height: height)
        let span = max(highest, chart.targetLevels.max() ?? 0, 1e-9)
        let barRoom = size.width - labelWidth - valueWidth - 16
        for (index, point) in points.enumerated() {
            let y = 8 + Double(index) * rowHeight
            svg.text(ChartDates.label(point.label, date: point.date), x: labelWidth, y: y + 12, anchor: .end, size: 11)
            guard let value = point.value else {
                svg.text(Words.text("chart.no_data_day"), x: labelWidth + 8, y: y + 12, size: 10, fill: SVGColors.muted)
                continue
            }
            let length = max(0, value) / span * barRoom
            svg.rect(
                x: labelWidth + 8, y: y + 2, width: length, height: rowHeight - 5, fill: chart.accent,
                title: "\(ChartDates.label(point.label, date: point.date)): \(chart.quantity(value))")
            svg.text(chart.quantity(value), x: labelWidth + 12 + length, y: y + 12, size: 10)
        }
        for level in chart.targetLevels where level >= 0 {
            let x = labelWidth + 8 + level / span * barRoom
            svg.line(
                x1: x, y1: 4, x2: x, y2: height - 30, stroke: SVGColors.target, width: 1.5, dashed: true,
                title: chart.targetText)
        }
        var legend = [LegendEntry(name: Sanitize.inline(input.title), color: chart.accent)]
        if input.target != nil {
            legend.append(
                LegendEntry(
                    name: chart.targetText ?? Words.text("chart.target"), color: SVGColors.target, mark: .dashed))
        }
        svg.legend(legend, y: height - 10)
        return svg.svg(label: chart.label)
    }
}
