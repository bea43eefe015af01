extension ScatterChart {
    /// A dot per day with a `<title>` (its date and both values) and the least-squares line
    /// dashed; for an event, the other side's values on days with and without it as two rows
    /// of dots with their means. The finding in words is the last text line, as in the terminal.
    public func svg(_ input: ChartInput, size: ChartSize) -> String? {
        let chart = SVGChart(input, size)
        guard let relation = input.relation else { return chart.empty() }
        let pairs = relation.pairs.filter { $0.x.isFinite && $0.y.isFinite }
        guard !pairs.isEmpty else { return chart.empty() }
        let shown = RelationSeries(x: relation.x, y: relation.y, lagDays: relation.lagDays, pairs: pairs)
        let finding = shown.finding
        let words = RelationWords(numbers: chart.context.profile.numbers, unicode: true)
        let eventIsX = relation.x.isEvent
        let isEvent = relation.x.isEvent || relation.y.isEvent
        func side(_ side: RelationSide) -> String {
            Sanitize.inline(side.name) + (side.unit.map { " (\(Sanitize.inline($0)))" } ?? "")
        }
        // Events: x is the compared value, y the row (with: 1, without: 0).
        let points: [(x: Double, y: Double, date: LocalDate)] = pairs.map { pair in
            guard isEvent else { return (pair.x, pair.y, pair.date) }
            return eventIsX ? (pair.y, pair.x > 0 ? 1 : 0, pair.date) : (pair.x, pair.y > 0 ? 1 : 0, pair.date)
        }
        let xs = points.map(\.x)
        let first = xs.min() ?? 0
        let last = max(xs.max() ?? 1, first + 1e-9)
        let plot = SVGPlot(size: size, values: isEvent ? [-0.5, 1.5] : points.map(\.y), fromZero: false, legendRows: 2)
        var svg = chart.newDrawing()
        if isEvent {
            let event = Sanitize.inline(eventIsX ? relation.x.name : relation.y.name)
            for (row, name) in [(1.0, "with \(event)"), (0.0, "without")] {
                svg.line(x1: plot.left, y1: plot.y(row), x2: plot.right, y2: plot.y(row), stroke: "#E3E3E3")
                svg.text(name, x: plot.left + 4, y: plot.y(row) - 10, size: 10, fill: "#666666")
                let values = points.filter { $0.y == row }.map(\.x)
                if !values.isEmpty {
                    let mean = values.reduce(0, +) / Double(values.count)
                    let x = plot.x(mean, from: first, to: last)
                    svg.line(
                        x1: x, y1: plot.y(row) - 12, x2: x, y2: plot.y(row) + 12, stroke: SVGColors.target, width: 2,
                        title: "\(name): mean \(chart.number(mean)) (\(values.count) days)")
                }
            }
            svg.line(x1: plot.left, y1: plot.bottom, x2: plot.right, y2: plot.bottom, stroke: "#888888")
        } else {
            plot.drawAxes(on: &svg, format: chart.number)
        }
        for point in points {
            let value = isEvent ? "" : ", \(chart.number(point.y))"
            svg.circle(
                x: plot.x(point.x, from: first, to: last), y: plot.y(point.y), radius: 3, fill: chart.accent,
                title: "\(point.date): \(chart.number(point.x))\(value)")
        }
        if case .correlation(_, _, _, let slope, let intercept) = finding {
            svg.line(
                x1: plot.x(first, from: first, to: last), y1: plot.y(intercept + slope * first),
                x2: plot.x(last, from: first, to: last), y2: plot.y(intercept + slope * last),
                stroke: SVGColors.target, width: 1.5, dashed: true, title: "least-squares line")
        }
        let step = SVGPlot.niceStep((last - first) / 6)
        var tick = (first / step).rounded(.up) * step
        while tick <= last + 1e-9 {
            let x = plot.x(tick, from: first, to: last)
            svg.line(x1: x, y1: plot.bottom, x2: x, y2: plot.bottom + 4, stroke: "#888888")
            svg.text(chart.number(tick), x: x, y: plot.bottom + 14, anchor: .middle, size: 10, fill: "#666666")
            tick += step
        }
        let other = eventIsX ? relation.y : relation.x
        let axes =
            isEvent
            ? side(other)
            : "x: \(side(relation.x)) · y: \(side(relation.y))"
                + (relation.lagDays == 0 ? "" : ", \(relation.lagDays) day\(relation.lagDays == 1 ? "" : "s") later")
        svg.text(
            axes, x: plot.left + plot.plotWidth / 2, y: plot.bottom + 27, anchor: .middle, size: 10, fill: "#444444")
        svg.text(words.sentence(finding, shown), x: 8, y: plot.legendY(1), size: 11)
        return svg.svg(label: chart.label + ": " + words.sentence(finding, shown))
    }
}
