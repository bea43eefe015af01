extension TimelineChart {
    /// Milestones on a dated line: done green, next in the metric colour, overdue red,
    /// future grey, today marked; names alternate above and below the line.
    public func svg(_ input: ChartInput, size: ChartSize) -> String? {
        TimelineSVG(input: input, size: size, milestones: input.milestones.map {
            TimelineSVG.Mark(name: $0.name, due: $0.due, done: $0.done, status: $0.status)
        }).svg()
    }
}

/// A dated line of milestones, shared by the `timeline` kind and modules' own timelines.
public struct TimelineSVG {
    public struct Mark: Sendable {
        public var name: String, due: String, done: String?, status: MilestoneStatus
        public init(name: String, due: String, done: String?, status: MilestoneStatus) {
            self.name = name; self.due = due; self.done = done; self.status = status
        }
    }

    let input: ChartInput
    let size: ChartSize
    let milestones: [Mark]
    /// Status words in the screen's language.
    var words: [MilestoneStatus: String] = [.done: "done", .next: "next", .future: "planned", .overdue: "overdue"]
    var todayWord = "today"

    public init(input: ChartInput, size: ChartSize, milestones: [Mark],
                words: [MilestoneStatus: String]? = nil, todayWord: String? = nil) {
        self.input = input; self.size = size; self.milestones = milestones
        if let words { self.words = words }
        if let todayWord { self.todayWord = todayWord }
    }

    public func svg() -> String {
        let chart = SVGChart(input, size)
        let dated = milestones.compactMap { mark in ChartDates.day(mark.done ?? mark.due).map { (day: $0, mark: mark) } }
        let asOf = ChartDates.day(input.asOf)
        let all = dated.map(\.day) + (asOf.map { [$0] } ?? [])
        guard let first = all.min(), let last = all.max(), !dated.isEmpty else { return chart.empty() }
        let height = 170.0, lineY = 80.0, left = 20.0, right = size.width - 20
        var svg = chart.newDrawing(height: height)
        let span = Double(max(1, first.days(to: last)))
        func x(_ day: LocalDate) -> Double { left + Double(first.days(to: day)) / span * (right - left) }
        svg.line(x1: left, y1: lineY, x2: right, y2: lineY, stroke: "#888888", width: 2)
        let colors: [MilestoneStatus: String] = [.done: SVGColors.good, .next: chart.accent, .future: SVGColors.muted, .overdue: SVGColors.bad]
        if let asOf {
            svg.line(x1: x(asOf), y1: lineY - 30, x2: x(asOf), y2: lineY + 30, stroke: "#333333", dashed: true,
                     title: "\(todayWord) \(ChartDates.text(input.asOf))")
            svg.text(todayWord, x: x(asOf), y: lineY + 42, anchor: .middle, size: 10, fill: "#333333")
        }
        for (index, item) in dated.sorted(by: { $0.day < $1.day }).enumerated() {
            let mark = item.mark
            let cx = x(item.day)
            let color = colors[mark.status] ?? chart.accent
            let when = mark.done.map { "\(words[.done] ?? "done") \(ChartDates.text($0))" } ?? "\(ChartDates.text(mark.due))"
            svg.circle(x: cx, y: lineY, radius: 6, fill: mark.status == .future ? "#FFFFFF" : color,
                       title: "\(Sanitize.inline(mark.name)): \(words[mark.status] ?? mark.status.rawValue), \(when)", stroke: color)
            let above = index % 2 == 0
            let anchor: SVGDrawing.Anchor = cx < left + 60 ? .start : cx > right - 60 ? .end : .middle
            svg.text(Sanitize.inline(mark.name), x: cx, y: above ? lineY - 26 : lineY + 58, anchor: anchor, size: 10, fill: color, bold: mark.status == .next)
            svg.text(ChartDates.text(mark.done ?? mark.due), x: cx, y: above ? lineY - 14 : lineY + 70, anchor: anchor, size: 9, fill: "#666666")
        }
        svg.legend([MilestoneStatus.done, .next, .future, .overdue].map {
            LegendEntry(name: words[$0] ?? $0.rawValue, color: colors[$0] ?? chart.accent, mark: .dot)
        }, y: height - 8)
        return svg.svg(label: chart.label)
    }
}
