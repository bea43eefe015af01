extension BarVerticalChart {
    /// Columns per bucket from zero, greyed when off target, the target dashed.
    public func svg(_ input: ChartInput, size: ChartSize) -> String? {
        let chart = SVGChart(input, size)
        let points = input.effectivePoints
        let values = points.compactMap(\.value)
        guard !values.isEmpty else { return chart.empty() }
        let plot = SVGPlot(size: size, values: values + chart.targetLevels, fromZero: true)
        var svg = chart.newDrawing()
        plot.drawAxes(on: &svg, format: chart.number)
        let offTarget = SVGChart.hex(chart.context.accentOffTarget.foreground ?? chart.context.accentColor)
        for (index, point) in points.enumerated() {
            let band = plot.band(index, of: points.count)
            guard let value = point.value else { continue }
            let met = input.target.map { $0.isMet(by: value) } ?? true
            let top = plot.y(max(0, value))
            let base = plot.y(min(0, value))
            svg.rect(
                x: band.x + band.width * 0.15, y: top, width: band.width * 0.7, height: base - top,
                fill: met ? chart.accent : offTarget,
                title: "\(ChartDates.label(point.label, date: point.date)): \(chart.quantity(value))")
        }
        plot.drawTarget(chart.targetLevels, text: chart.targetText, on: &svg)
        plot.drawBucketLabels(points.map { ChartDates.label($0.label, date: $0.date) }, on: &svg)
        var legend = [LegendEntry(name: Sanitize.inline(input.title), color: chart.accent)]
        if input.target != nil {
            legend.append(LegendEntry(name: Words.text("chart.off_target"), color: offTarget))
            legend.append(
                LegendEntry(
                    name: chart.targetText ?? Words.text("chart.target"), color: SVGColors.target, mark: .dashed))
        }
        svg.legend(legend, y: plot.legendY())
        return svg.svg(label: chart.label)
    }
}
