extension TimelineChart {
    /// Milestones on a dated line: done green, next in the metric colour, overdue red,
    /// future grey, today marked; names alternate above and below the line.
    public func svg(_ input: ChartInput, size: ChartSize) -> String? {
        TimelineSVG(
            input: input, size: size,
            milestones: input.milestones.map {
                TimelineSVG.Mark(name: $0.name, due: $0.due, done: $0.done, status: $0.status)
            }
        ).svg()
    }
}

/// A dated line of milestones, shared by the `timeline` kind and modules' own timelines.
public struct TimelineSVG {
    public struct Mark: Sendable {
        public var name: String, due: LocalDate, done: LocalDate?, status: MilestoneStatus
        public init(name: String, due: LocalDate, done: LocalDate?, status: MilestoneStatus) {
            self.name = name
            self.due = due
            self.done = done
            self.status = status
        }
    }

    let input: ChartInput
    let size: ChartSize
    let milestones: [Mark]
    /// Status words in the screen's language.
    var words: [MilestoneStatus: String] = Dictionary(
        uniqueKeysWithValues: MilestoneStatus.allCases.map {
            ($0, Words.text($0.wordKey))
        })
    var todayWord = Words.text("chart.today")

    public init(
        input: ChartInput, size: ChartSize, milestones: [Mark],
        words: [MilestoneStatus: String]? = nil, todayWord: String? = nil
    ) {
        self.input = input
        self.size = size
        self.milestones = milestones
        if let words { self.words = words }
        if let todayWord { self.todayWord = todayWord }
    }

    /// One row per milestone in date order, its dot at its date on a shared axis and its name
    /// and date beside it, so close dates never overlap; today a dashed line.
    public func svg() -> String {
        let chart = SVGChart(input, size)
        let dated = milestones.compactMap { mark in ChartDates.day(mark.done ?? mark.due).map { (day: $0, mark: mark) }
        }
        .sorted { $0.day < $1.day }
        let asOf = ChartDates.day(input.asOf)
        let all = dated.map(\.day) + (asOf.map { [$0] } ?? [])
        guard let first = all.min(), let last = all.max(), !dated.isEmpty else { return chart.empty() }
        // Today's word sits above the rows, clear of the dates under the axis.
        let rowHeight = 20.0
        let top = 22.0
        let left = 16.0
        let right = size.width - 16
        let bottom = top + Double(dated.count) * rowHeight
        let height = bottom + 50
        var svg = chart.newDrawing(height: height)
        let span = Double(max(1, first.days(to: last)))
        func x(_ day: LocalDate) -> Double { left + Double(first.days(to: day)) / span * (right - left) }
        let colors: [MilestoneStatus: String] = [
            .done: SVGColors.good, .next: chart.accent, .future: SVGColors.muted, .overdue: SVGColors.bad,
        ]
        svg.line(x1: left, y1: bottom + 4, x2: right, y2: bottom + 4, stroke: "#888888")
        svg.text(ChartDates.text(first.description), x: left, y: bottom + 18, size: 9, fill: "#666666")
        svg.text(ChartDates.text(last.description), x: right, y: bottom + 18, anchor: .end, size: 9, fill: "#666666")
        if let asOf {
            svg.line(
                x1: x(asOf), y1: top - 4, x2: x(asOf), y2: bottom + 8, stroke: "#333333", dashed: true,
                title: "\(todayWord) \(ChartDates.text(input.asOf))")
            svg.text(
                todayWord, x: x(asOf), y: top - 8, anchor: x(asOf) > right - 30 ? .end : .middle, size: 9,
                fill: "#333333")
        }
        for (index, item) in dated.enumerated() {
            let mark = item.mark
            let cx = x(item.day)
            let cy = top + Double(index) * rowHeight + rowHeight / 2
            let color = colors[mark.status] ?? chart.accent
            let when =
                mark.done.map { "\(words[.done] ?? Words.text("milestone.done")) \(ChartDates.text($0))" }
                ?? "\(words[mark.status] ?? mark.status.rawValue) \(ChartDates.text(mark.due))"
            svg.line(x1: left, y1: cy, x2: right, y2: cy, stroke: "#F2F2F2")
            svg.circle(
                x: cx, y: cy, radius: 5, fill: mark.status == .future ? "#FFFFFF" : color,
                title: "\(Sanitize.inline(mark.name)): \(when)", stroke: color)
            let label = "\(Sanitize.inline(mark.name)) · \(when)"
            let onLeft = cx > left + (right - left) * 0.6
            svg.text(
                label, x: onLeft ? cx - 9 : cx + 9, y: cy + 4, anchor: onLeft ? .end : .start, size: 10,
                fill: mark.status == .future ? "#666666" : PaperColor.textHex(color), bold: mark.status == .next)
        }
        svg.legend(
            [MilestoneStatus.done, .next, .future, .overdue].map {
                LegendEntry(name: words[$0] ?? $0.rawValue, color: colors[$0] ?? chart.accent, mark: .dot)
            }, y: height - 8)
        return svg.svg(label: chart.label)
    }
}
