extension GrowthCurveChart {
    /// The reference band shaded, its centre dashed, the measured values as dots and a line,
    /// x in weeks with the axis title.
    public func svg(_ input: ChartInput, size: ChartSize) -> String? {
        let chart = SVGChart(input, size)
        guard let growth = input.growth, !growth.measured.isEmpty || !growth.reference.isEmpty else {
            return chart.empty()
        }
        let weeks = growth.measured.map(\.week) + growth.reference.map(\.week)
        let first = weeks.min() ?? 0
        let last = max(weeks.max() ?? 1, first + 1)
        let values = growth.measured.map(\.value) + growth.reference.flatMap { [$0.lower, $0.upper] }
        let plot = SVGPlot(size: size, values: values, fromZero: false, legendRows: 2)
        var svg = chart.newDrawing()
        plot.drawAxes(on: &svg, format: chart.number)
        let bandColor = SVGColors.good
        let reference = growth.reference.sorted { $0.week < $1.week }
        let bandTitle = growth.referenceLabel.map(Sanitize.inline) ?? Words.text("chart.reference_band")
        svg.polygon(
            reference.map { (plot.x($0.week, from: first, to: last), plot.y($0.upper)) }
                + reference.reversed().map { (plot.x($0.week, from: first, to: last), plot.y($0.lower)) },
            fill: bandColor, opacity: 0.18, title: bandTitle)
        svg.polyline(
            reference.map { (plot.x($0.week, from: first, to: last), plot.y($0.centre)) },
            stroke: bandColor, width: 1.5, dashed: true, title: "\(bandTitle): \(Words.text("chart.centre"))")
        let measured = growth.measured.sorted { $0.week < $1.week }
        svg.polyline(
            measured.map { (plot.x($0.week, from: first, to: last), plot.y($0.value)) }, stroke: chart.accent, width: 2)
        for point in measured {
            svg.circle(
                x: plot.x(point.week, from: first, to: last), y: plot.y(point.value), radius: 3.2, fill: chart.accent,
                title: tooltip(point, chart: chart, input: input))
        }
        let step = SVGPlot.niceStep((last - first) / 8)
        var tick = (first / step).rounded(.up) * step
        while tick <= last + 1e-9 {
            let x = plot.x(tick, from: first, to: last)
            svg.line(x1: x, y1: plot.bottom, x2: x, y2: plot.bottom + 4, stroke: "#888888")
            svg.text(chart.number(tick), x: x, y: plot.bottom + 14, anchor: .middle, size: 10, fill: "#666666")
            tick += step
        }
        let axisTitle = growth.axisTitle.map(Sanitize.inline) ?? Words.text("chart.weeks_since_birth")
        svg.text(
            axisTitle, x: plot.left + plot.plotWidth / 2, y: plot.bottom + 27, anchor: .middle, size: 10,
            fill: "#444444")
        svg.legend(
            [
                LegendEntry(name: Sanitize.inline(input.title), color: chart.accent, mark: .dot),
                LegendEntry(name: bandTitle, color: bandColor, opacity: 0.3),
                LegendEntry(name: Words.text("chart.centre"), color: bandColor, mark: .dashed),
            ], y: plot.legendY(1))
        return svg.svg(label: chart.label)
    }

    /// "week 8: 4.4 kg" in the screen's language, with the day of the weighing when the
    /// birth (or first) day is known: "week 8 (14 Feb 2026): 4.4 kg".
    func tooltip(_ point: GrowthPoint, chart: SVGChart, input: ChartInput) -> String {
        let text = Words.text(
            "chart.week_value", ["week": chart.number(point.week), "value": chart.quantity(point.value)])
        guard let birth = input.growth?.birthDate else { return text }
        let day = birth.adding(days: Int((point.week * 7).rounded()))
        return text.replacingOccurrences(
            of: ":", with: " (\(DateWords.dayMonthYear(day))):", options: [], range: text.range(of: ":"))
    }
}
