/// Milestones top to bottom with done / next / future / overdue markers, due dates and status.
public struct TimelineChart: ChartKind {
    public static let id = "timeline"
    public static let summary = "Milestones top to bottom with done, next, future and overdue markers."
    public static let data = ChartData.milestones
    public init() {}

    /// Connecting lines are drawn between milestones when there are at most this many.
    static let connectedLimit = 8

    public func draw(_ input: ChartInput, profile: RenderProfile) -> TextCanvas {
        let context = ChartContext(input, profile)
        guard !input.milestones.isEmpty else { return context.emptyState("No milestones yet") }
        var canvas = context.newCanvas()
        let done = input.milestones.filter { $0.status == .done }.count
        context.addHeader(to: &canvas, right: "\(done)/\(input.milestones.count) done")
        let asOf = input.asOf
        let short = context.width < 64
        let statuses = input.milestones.map { status(of: $0, asOf: asOf, short: short, context: context) }
        let statusWidth = min(context.width / 3, statuses.map { DisplayWidth.of($0) }.max() ?? 0)
        let dateWidth = 10
        let connected = input.milestones.count <= Self.connectedLimit
        for (index, milestone) in input.milestones.enumerated() {
            if index > 0 && connected {
                let row = canvas.addRow()
                canvas.write(context.glyphs.milestoneLine, row: row, column: 1, style: context.muted)
            }
            let row = canvas.addRow()
            let (marker, style) = mark(milestone.status, context: context)
            canvas.write(marker, row: row, column: 1, style: Style(foreground: style.foreground, bold: true))
            let nameStyle = milestone.status == .future ? context.muted : .plain
            canvas.write(
                DisplayWidth.truncate(DateWords.iso(milestone.due), to: dateWidth, ellipsis: ""),
                row: row, column: 3, style: context.muted)
            let nameRoom = context.width - 3 - dateWidth - 2 - statusWidth - 1
            canvas.write(
                DisplayWidth.truncate(
                    Sanitize.inline(milestone.name), to: nameRoom,
                    ellipsis: context.glyphs.ellipsis),
                row: row, column: 3 + dateWidth + 2, style: nameStyle)
            canvas.writeRightAligned(
                DisplayWidth.truncate(
                    statuses[index], to: statusWidth,
                    ellipsis: context.glyphs.ellipsis),
                row: row, end: context.width, style: style)
        }
        let legend = [
            "\(context.glyphs.milestoneDone) done", "\(context.glyphs.milestoneNext) next",
            "\(context.glyphs.milestoneFuture) future", "\(context.glyphs.milestoneOverdue) overdue",
        ]
        context.addText(legend.joined(separator: "  "), to: &canvas, style: context.muted)
        return canvas
    }

    func mark(_ status: MilestoneStatus, context: ChartContext) -> (String, Style) {
        switch status {
        case .done: return (context.glyphs.milestoneDone, context.good)
        case .next: return (context.glyphs.milestoneNext, context.accent)
        case .future: return (context.glyphs.milestoneFuture, context.muted)
        case .overdue: return (context.glyphs.milestoneOverdue, context.bad)
        }
    }

    /// "done 2024-03-02", "next · in 12 d", "overdue 5 d".
    /// `short` leaves out the done date and the word "next", for narrow widths.
    func status(
        of milestone: Milestone, asOf: LocalDate?, short: Bool,
        context: ChartContext
    ) -> String {
        let days: Int? = {
            guard let asOf else { return nil }
            return asOf.days(to: milestone.due)
        }()
        switch milestone.status {
        case .done: return short ? "done" : milestone.done.map { "done \($0)" } ?? "done"
        case .overdue: return days.map { "overdue \(max(0, -$0)) d" } ?? "overdue"
        case .next:
            guard let days else { return "next" }
            if short { return days > 0 ? "in \(days) d" : days == 0 ? "today" : "next" }
            return days > 0
                ? "next \(context.glyphs.separator) in \(days) d"
                : days == 0 ? "next \(context.glyphs.separator) today" : "next"
        case .future: return days.map { $0 > 0 ? "in \($0) d" : "" } ?? ""
        }
    }
}
