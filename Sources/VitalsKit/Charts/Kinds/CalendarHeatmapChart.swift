/// Days on or off target in a GitHub-style grid: rows Monday to Sunday, one column per week,
/// month names above, newest week at the right, with streaks and the share of days on target.
/// A range with more weeks than columns (over a year and a half at 80 columns) is drawn one
/// cell per month instead, a row per year, each shaded by its share of days on target
/// (`MonthGrid`), and the title says so.
public struct CalendarHeatmapChart: ChartKind {
    public static let id = "calendar_heatmap"
    public static let summary =
        "Days on or off target in a grid of weeks, with streaks and the share of days on target."
    public static let data = ChartData.calendar
    public init() {}

    static let monthAbbreviations = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug",
        "Sep", "Oct", "Nov", "Dec",
    ]

    public func draw(_ input: ChartInput, profile: RenderProfile) -> TextCanvas {
        let context = ChartContext(input, profile)
        var states: [Int: DayState] = [:]
        for day in input.calendar {
            states[day.date.dayNumber] = day.state
        }
        if states.isEmpty {
            // Derive the days from daily points and the target.
            for point in input.points {
                guard let date = point.date else { continue }
                states[date.dayNumber] = point.value.map { context.meets($0) ? .onTarget : .offTarget } ?? .noData
            }
        }
        guard let firstDay = states.keys.min(), let lastDataDay = states.keys.max() else {
            return context.emptyState()
        }
        let lastDay = input.asOf?.dayNumber ?? lastDataDay
        let lastMonday = LocalDate(dayNumber: lastDay).startOfWeek.dayNumber
        let firstMonday = LocalDate(dayNumber: firstDay).startOfWeek.dayNumber
        let gridLeft = 3
        // Two columns a week while they fit, else one (a year fits 80 columns); beyond that,
        // one cell per month (a row per year), shaded by its share of days on target.
        let needed = (lastMonday - firstMonday) / 7 + 1
        guard needed <= context.width - gridLeft else {
            return MonthGrid(states: states, firstDay: firstDay, lastDay: lastDay).draw(input, profile: profile)
        }
        let pitch = needed * 2 <= context.width - gridLeft ? 2 : 1
        let weeks = needed
        let startMonday = lastMonday - (weeks - 1) * 7

        var canvas = context.newCanvas()
        context.addHeader(to: &canvas, right: context.targetText())
        let monthRow = canvas.addRow()
        var nextFree = gridLeft
        for week in 0..<weeks {
            let monday = LocalDate(dayNumber: startMonday + week * 7)
            let startsMonth = (0..<7).contains { monday.adding(days: $0).day == 1 }
            // Month names tell the dates; a shared copy with shifted dates leaves them out.
            guard week == 0 || startsMonth, Disclosure.current.dayOne == nil else { continue }
            let month = startsMonth ? monday.adding(days: 6).month : monday.month
            let column = gridLeft + week * pitch
            let name = Self.monthAbbreviations[month - 1]
            if column >= nextFree, column + 3 <= context.width {
                canvas.write(name, row: monthRow, column: column, style: context.muted)
                nextFree = column + 4
            }
        }
        let on = context.glyphs.isUnicode ? "█" : "#"
        let off = context.glyphs.isUnicode ? "░" : "o"
        for weekday in 0..<7 {
            let row = canvas.addRow()
            canvas.write(
                ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"][weekday], row: row, column: 0,
                style: context.muted)
            for week in 0..<weeks {
                let day = startMonday + week * 7 + weekday
                guard day <= lastDay, day >= firstDay else { continue }
                let column = gridLeft + week * pitch
                switch states[day] ?? .noData {
                case .onTarget: canvas.write(on, row: row, column: column, style: context.accent)
                case .offTarget: canvas.write(off, row: row, column: column, style: context.accentOffTarget)
                case .noData: canvas.write(context.glyphs.missing, row: row, column: column, style: context.muted)
                case .pending: canvas.write(Self.pendingGlyph(context.glyphs), row: row, column: column)
                }
            }
        }
        let pending = states.values.contains(.pending) ? "  \(Self.pendingGlyph(context.glyphs)) in progress" : ""
        context.addText(
            "\(on) on target  \(off) off target  \(context.glyphs.missing) no data" + pending,
            to: &canvas, style: context.muted)
        Self.addSummary(
            Self.summary(states, from: startMonday, to: lastDay, context: context),
            to: &canvas, context: context)
        return canvas
    }

    /// An as-of day in progress (`DayState.pending`), as History marks it.
    static func pendingGlyph(_ glyphs: Glyphs) -> String { glyphs.isUnicode ? "◌" : "?" }

    /// "18/26 days on target (69 %) · streak 4 · best 7 in the last 12 weeks": the store's
    /// tally when the input has one, else the days shown counted by the same rule (a day
    /// without data is not met; an unmet last day is unfinished).
    static func summary(
        _ states: [Int: DayState], from first: Int, to last: Int,
        context: ChartContext
    ) -> String {
        let tally =
            context.input.targetTally
            ?? TargetTally(
                (first...max(first, last)).compactMap { day in
                    states[day].map { TargetDay(date: LocalDate(dayNumber: day), value: nil, isMet: $0 == .onTarget) }
                })
        let percent = Int(tally.percent.rounded())
        let separator = " \(context.glyphs.separator) "
        let best = "best \(tally.bestStreak)" + (context.input.tallyWindow.map { " " + Sanitize.inline($0) } ?? "")
        let pending = tally.pendingWords("day").map { separator + $0 } ?? ""
        return "\(tally.met)/\(tally.counted) days on target (\(percent) %)" + pending + separator
            + "streak \(tally.currentStreak)" + separator + best
    }

    /// The summary on one line, or on two (the share, then the streaks) when it is too wide.
    static func addSummary(_ summary: String, to canvas: inout TextCanvas, context: ChartContext) {
        let separator = " \(context.glyphs.separator) "
        guard DisplayWidth.of(summary) > context.width,
            let cut = summary.range(of: separator + "streak ")
        else {
            context.addText(summary, to: &canvas, style: context.muted)
            return
        }
        context.addText(String(summary[..<cut.lowerBound]), to: &canvas, style: context.muted)
        context.addText(
            String(summary[summary.index(cut.lowerBound, offsetBy: separator.count)...]),
            to: &canvas, style: context.muted)
    }
}
