extension BarStackedChart {
    /// Columns per bucket split into segments (tints of the metric colour), with a legend.
    public func svg(_ input: ChartInput, size: ChartSize) -> String? {
        let chart = SVGChart(input, size)
        guard let series = input.stacked, !series.categories.isEmpty,
            let highest = series.buckets.compactMap(\.total).max()
        else {
            return input.points.contains(where: { $0.value != nil })
                ? BarVerticalChart().svg(input, size: size) : chart.empty()
        }
        let legendRows = (series.categories.count + 3) / 4
        let plot = SVGPlot(size: size, values: [highest] + chart.targetLevels, fromZero: true, legendRows: legendRows)
        var svg = chart.newDrawing()
        plot.drawAxes(on: &svg, format: chart.number)
        for (index, bucket) in series.buckets.enumerated() {
            let band = plot.band(index, of: series.buckets.count)
            guard let values = bucket.values else { continue }
            var base = 0.0
            for (segment, category) in series.categories.enumerated() {
                let value = values[category] ?? 0
                guard value > 0 else { continue }
                let top = plot.y(base + value)
                let bottom = plot.y(base)
                svg.rect(
                    x: band.x + band.width * 0.15, y: top, width: band.width * 0.7, height: bottom - top,
                    fill: chart.segmentColor(segment),
                    title:
                        "\(ChartDates.label(bucket.label, date: bucket.date)) · \(Sanitize.inline(category)): \(chart.quantity(value))"
                )
                base += value
            }
        }
        plot.drawTarget(chart.targetLevels, text: chart.targetText, on: &svg)
        plot.drawBucketLabels(series.buckets.map { ChartDates.label($0.label, date: $0.date) }, on: &svg)
        var entries = series.categories.enumerated().map {
            LegendEntry(name: Sanitize.inline($0.element), color: chart.segmentColor($0.offset))
        }
        if input.target != nil {
            entries.append(
                LegendEntry(
                    name: chart.targetText ?? Words.text("chart.target"), color: SVGColors.target, mark: .dashed))
        }
        for row in 0..<((entries.count + 3) / 4) {
            svg.legend(Array(entries[(row * 4)..<min(entries.count, row * 4 + 4)]), y: plot.legendY(row))
        }
        return svg.svg(label: chart.label)
    }
}
