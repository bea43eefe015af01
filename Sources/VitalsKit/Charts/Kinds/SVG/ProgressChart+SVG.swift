extension ProgressChart {
    /// One bar per item, filled to its value against its target, the target marked.
    public func svg(_ input: ChartInput, size: ChartSize) -> String? {
        let chart = SVGChart(input, size)
        let items = input.progress
        guard !items.isEmpty else { return chart.empty() }
        let rowHeight = 30.0
        let labelWidth = 130.0
        let textWidth = 150.0
        var svg = chart.newDrawing(height: Double(items.count) * rowHeight + 12)
        let barRoom = size.width - labelWidth - textWidth - 16
        for (index, item) in items.enumerated() {
            let y = 6 + Double(index) * rowHeight
            let levels = chart.context.targetLevels(item.target)
            let goal = max(levels.max() ?? 1, 1e-9)
            let scaleEnd = max(goal * 1.25, item.value ?? 0)
            let color = HTMLText.color(item.color, fallback: chart.accent)
            svg.text(Sanitize.inline(item.name), x: labelWidth, y: y + 17, anchor: .end, size: 11)
            svg.rect(x: labelWidth + 8, y: y + 6, width: barRoom, height: 14, fill: SVGColors.noData)
            let words = chart.context.targetText(item.target, unit: item.unit) ?? ""
            if let value = item.value {
                let met = item.target.isMet(by: value)
                svg.rect(
                    x: labelWidth + 8, y: y + 6, width: min(1, max(0, value) / scaleEnd) * barRoom, height: 14,
                    fill: met ? color : SVGColors.bad,
                    title: "\(Sanitize.inline(item.name)): \(chart.quantity(value, unit: item.unit)), \(words)")
                svg.text(
                    "\(chart.quantity(value, unit: item.unit)) \(met ? "✓" : "✗")", x: labelWidth + barRoom + 14,
                    y: y + 17, size: 11,
                    fill: PaperColor.textHex(met ? SVGColors.good : SVGColors.bad), bold: true)
            } else {
                svg.text(
                    Words.text("today.nothing_logged"), x: labelWidth + barRoom + 14, y: y + 17, size: 11,
                    fill: SVGColors.muted)
            }
            for level in levels {
                let x = labelWidth + 8 + min(1, level / scaleEnd) * barRoom
                svg.line(x1: x, y1: y + 2, x2: x, y2: y + 24, stroke: SVGColors.target, width: 2, title: words)
            }
        }
        return svg.svg(label: chart.label)
    }
}
