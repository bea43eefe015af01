extension LineChart {
    /// The values as dots joined by a thin line, the rolling mean as a thick line over them.
    public func svg(_ input: ChartInput, size: ChartSize) -> String? {
        let chart = SVGChart(input, size)
        let points = input.effectivePoints
        let values = points.compactMap(\.value)
        guard !values.isEmpty else { return chart.empty() }
        let means = input.rollingMean.compactMap { $0 }
        let plot = SVGPlot(size: size, values: values + means + chart.targetLevels, fromZero: false)
        var svg = chart.newDrawing()
        plot.drawAxes(on: &svg, format: chart.number)
        plot.drawTarget(chart.targetLevels, text: chart.targetText, on: &svg)
        func x(_ index: Int) -> Double {
            let band = plot.band(index, of: points.count)
            return band.x + band.width / 2
        }
        let hasMean = input.rollingMean.contains { $0 != nil }
        let raw = hasMean ? chart.segmentColor(2) : chart.accent
        svg.polyline(
            points.enumerated().map { index, point in point.value.map { (x(index), plot.y($0)) } },
            stroke: raw, width: 1.2)
        for (index, point) in points.enumerated() {
            guard let value = point.value else { continue }
            svg.circle(
                x: x(index), y: plot.y(value), radius: points.count > 60 ? 1.6 : 2.6, fill: raw,
                title:
                    "\(point.date.map { ChartDates.text($0) } ?? ChartDates.label(point.label, date: nil as LocalDate?)): \(chart.quantity(value))"
            )
        }
        if hasMean {
            svg.polyline(
                input.rollingMean.enumerated().map { index, mean in mean.map { (x(index), plot.y($0)) } },
                stroke: chart.accent, width: 3, title: input.rollingLabel.map(Sanitize.inline))
        }
        plot.drawBucketLabels(points.map { ChartDates.label($0.label, date: $0.date) }, on: &svg)
        var legend = [LegendEntry(name: Sanitize.inline(input.title), color: raw, mark: .dot)]
        if hasMean {
            legend.append(
                LegendEntry(
                    name: Sanitize.inline(input.rollingLabel ?? Words.text("chart.rolling_mean")), color: chart.accent,
                    mark: .line))
        }
        if input.target != nil {
            legend.append(
                LegendEntry(
                    name: chart.targetText ?? Words.text("chart.target"), color: SVGColors.target, mark: .dashed))
        }
        svg.legend(legend, y: plot.legendY())
        return svg.svg(label: chart.label)
    }
}
