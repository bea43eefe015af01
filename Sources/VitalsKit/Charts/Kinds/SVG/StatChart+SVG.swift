extension StatChart {
    /// The headline number large, its unit, date, change and whether it is on target.
    public func svg(_ input: ChartInput, size: ChartSize) -> String? {
        let chart = SVGChart(input, size)
        guard let (stat, dateText) = Self.stat(from: input, context: chart.context), let value = stat.value else {
            return chart.empty()
        }
        var svg = chart.newDrawing(height: 96)
        let met = input.target.map { $0.isMet(by: value) }
        let color =
            met == false
            ? SVGChart.hex(chart.context.accentOffTarget.foreground ?? chart.context.accentColor) : chart.accent
        let number = chart.number(value)
        svg.text(number, x: 12, y: 52, size: 44, fill: PaperColor.textHex(color), bold: true)
        svg.text(chart.context.unit ?? "", x: 20 + Double(number.count) * 25, y: 52, size: 16, fill: "#666666")
        var parts: [String] = []
        if let date = stat.date {
            parts.append(ChartDates.text(date))
        } else if let dateText {
            parts.append(ChartDates.text(dateText))
        }
        if let delta = stat.deltaText { parts.append(Sanitize.inline(delta)) }
        if let met { parts.append(Words.text(met ? "chart.on_target" : "chart.off_target")) }
        if let target = chart.targetText { parts.append(target) }
        svg.text(parts.joined(separator: " · "), x: 12, y: 80, size: 12, fill: "#444444")
        return svg.svg(label: "\(chart.label): \(chart.quantity(value))")
    }
}
