extension SparklineChart {
    /// A small line without axes, the latest value written at its end.
    public func svg(_ input: ChartInput, size: ChartSize) -> String? {
        let chart = SVGChart(input, size)
        let points = input.effectivePoints
        let values = points.compactMap(\.value)
        guard let low = values.min(), let high = values.max(), let last = values.last else { return chart.empty() }
        var svg = chart.newDrawing(height: 70)
        let left = 8.0
        let right = size.width - 170
        let top = 10.0
        let bottom = 60.0
        let span = max(high - low, 1e-9)
        let step = (right - left) / Double(max(1, points.count - 1))
        svg.polyline(
            points.enumerated().map { index, point in
                point.value.map {
                    (left + Double(index) * step, bottom - (ChartNumbers.clamped($0) - low) / span * (bottom - top))
                }
            }, stroke: chart.accent, width: 2,
            title: "\(Sanitize.inline(input.title)): \(chart.number(low))–\(chart.number(high))")
        svg.text(
            "\(chart.quantity(last)) \(Words.text("chart.latest"))", x: right + 8, y: 32, size: 12,
            fill: PaperColor.textHex(chart.accent), bold: true)
        svg.text("\(chart.number(low))–\(chart.number(high))", x: right + 8, y: 48, size: 10, fill: "#666666")
        return svg.svg(label: chart.label)
    }
}
