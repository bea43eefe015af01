import VitalsKit

/// The blocks of the History screen from judged days.
struct HistoryView {
    let context: ScreenContext
    let book: PortionBook
    let adherence: DayAdherence

    var glyphs: Glyphs { context.profile.glyphs }
    /// Days the category record looks back over.
    static let detailWindow = 30

    static func days(_ n: Int) -> String { n == 1 ? "1 day" : "\(n) days" }

    func summaryBlock() -> ScreenBlock {
        let windows = [7, 30, 90].map { days in
            let (met, counted) = adherence.onTarget(last: days)
            return (days: days, met: met, counted: counted)
        }
        let rows = [
            SummaryRow(
                [
                    "Whole days on target: streak \(Self.days(adherence.currentStreak))",
                    "best \(Self.days(adherence.bestStreak))",
                ],
                style: Style(bold: true)),
            // No day counted yet (the first day, unfinished): said, not "0 % (0/0)".
            adherence.counted.isEmpty
                ? SummaryRow(["On target: no whole day counted yet (today pending)"])
                : SummaryRow(
                    windows.enumerated().map { index, window in
                        (index == 0 ? "On target: " : "")
                            + "\(window.days) days \(TargetWords.percent(window.met, window.counted)) % (\(window.met)/\(window.counted))"
                    }),
            SummaryRow(
                [
                    "A day is on target only when all \(book.enabledCategories.count) categories met their rule;",
                    "an unfinished today is not counted",
                ], style: ScreenText.muted, joiner: " "),
        ]
        return ScreenBlock(
            kind: .summary, rows: ScreenText(profile: context.profile).summaryRows(rows),
            data: .object([
                (
                    "streak",
                    .streak(current: adherence.currentStreak, best: adherence.bestStreak)
                ),
                (
                    "on_target",
                    .onTarget(windows)
                ),
                (
                    "days",
                    .array(
                        adherence.days.suffix(90).map { day in
                            .object([
                                ("date", .string(day.date.description)), ("on_target", .bool(day.isOnTarget)),
                                ("missed", .array(day.missed.map { .string($0.categoryID) })),
                            ])
                        })
                ),
            ]))
    }

    /// Weeks as rows (Monday first), the last 12 (or `--range`) since the first judged day, each day on target, missed,
    /// unfinished (today) or not judged.
    func calendarBlock() -> ScreenBlock {
        let weeks: Int
        switch context.request.range {
        case .days(let n)?: weeks = max(1, (n + 6) / 7)
        case .weeks(let n)?: weeks = n
        case .months(let n)?: weeks = n * 5
        default: weeks = 12
        }
        let asOf = context.asOf
        let lastMonday = asOf.startOfWeek
        // No older than the week of the first judged day.
        let earliest = adherence.days.first?.date.startOfWeek ?? lastMonday
        let firstMonday = max(earliest, lastMonday.adding(days: -7 * (min(weeks, 160) - 1)))
        let byDate = Dictionary(adherence.days.map { ($0.date, $0) }, uniquingKeysWith: { a, _ in a })
        var drawing = HistoryCalendar(weeks: [])
        var monday = firstMonday
        while monday <= lastMonday {
            let marks = (0..<7).map { offset -> HistoryCalendar.Mark in
                let date = monday.adding(days: offset)
                guard date <= asOf, let day = byDate[date] else { return .notJudged }
                return day.isOnTarget ? .onTarget : date == asOf ? .unfinished : .missed
            }
            let sunday = monday.adding(days: 6)
            let tally = adherence.counted.filter { $0.date >= monday && $0.date <= sunday }
            drawing.weeks.append(
                HistoryCalendar.Week(
                    monday: monday, marks: marks,
                    met: tally.isEmpty ? nil : tally.filter(\.isOnTarget).count,
                    counted: tally.count))
            monday = monday.adding(days: 7)
        }
        return ScreenBlock(
            kind: .chart, content: .table(drawing.table()),
            data: .object([("weeks", .number(Double(weeks))), ("first", .string(firstMonday.description))]))
    }

    /// Per category over the last 30 days (ending today, today counted once on target): met,
    /// under, over, average a day, and its wins on the days missed overall.
    func categoryBlock() -> ScreenBlock {
        let details = adherence.categoryDetail(last: Self.detailWindow)
        let counted = adherence.countedDays(last: Self.detailWindow).count
        var rows: [HistoryCategoryTable.Row] = []
        var data: [JSONValue] = []
        for detail in details {
            guard let category = book.category(detail.categoryID) else { continue }
            rows.append(
                HistoryCategoryTable.Row(
                    name: category.name, color: category.color, met: detail.met,
                    under: detail.under, over: detail.over, average: detail.average,
                    unit: category.unit, missedDays: detail.missedDays,
                    winsOnMissedDays: detail.winsOnMissedDays))
            data.append(
                .object([
                    ("category", .string(detail.categoryID)), ("days", .number(Double(detail.days))),
                    ("met", .number(Double(detail.met))), ("under", .number(Double(detail.under))),
                    ("over", .number(Double(detail.over))),
                    ("average", .number(detail.average)), ("missed_days", .number(Double(detail.missedDays))),
                    ("wins_on_missed_days", .number(Double(detail.winsOnMissedDays))),
                ]))
        }
        var mostOftenOff: HistoryCategoryTable.MostOftenOff?
        if let breaker = details.max(by: { ($0.under + $0.over, $1.categoryID) < ($1.under + $1.over, $0.categoryID) }),
            breaker.under + breaker.over > 0, let category = book.category(breaker.categoryID)
        {
            mostOftenOff = .init(name: category.name, under: breaker.under, over: breaker.over)
        }
        // The window's days ending today (fewer when the first entry is later); today, not yet
        // on target, is in the window but not counted, and the title says so.
        let window = min(Self.detailWindow, adherence.days.count)
        let pending = adherence.counted.count < adherence.days.count
        let drawing = HistoryCategoryTable(
            window: window, todayPending: pending, rows: rows, mostOftenOff: mostOftenOff,
            unitSystem: context.request.unitSystem)
        return ScreenBlock(
            kind: .summary, content: .table(drawing.table()),
            data: .object([
                ("window_days", .number(Double(counted))), ("today_pending", .bool(pending)),
                ("categories", .array(data)),
            ]))
    }

    /// Weekly (last 8), monthly (last 6) and yearly summaries of whole days on target.
    func periodBlock() -> ScreenBlock {
        func part(_ label: String, _ summary: PeriodSummary) -> String {
            "\(label) \(summary.met)/\(summary.counted)"
        }
        let weeks = adherence.summaries(by: .week).suffix(8).reversed()
        let monthly = adherence.summaries(by: .month).suffix(6).reversed()
        let yearly = adherence.summaries(by: .year).reversed()
        let lines: [(key: String, terminal: String, cells: [String])] = [
            ("history.weekly", "Weekly (week of)", weeks.map { part(DateWords.dayMonth($0.start), $0) }),
            ("history.monthly", "Monthly", monthly.map { part(DateWords.monthYear($0.start), $0) }),
            (
                "history.yearly", "Yearly",
                yearly.map {
                    "\(DateWords.year($0.start)) \($0.met)/\($0.counted) (\(TargetWords.percent($0.met, $0.counted)) %)"
                }
            ),
        ]
        let rows = lines.map { SummaryRow([$0.terminal] + $0.cells) }
        // In a report: a table, a row per kind of period, a cell per period.
        let table = TableBlock(
            caption: Words.text("history.periods"), columns: [],
            rows: lines.map { [TableBlock.Cell(Words.text($0.key))] + $0.cells.map { TableBlock.Cell($0) } },
            terminalRows: ScreenText(profile: context.profile).summaryRows(rows))
        func json(_ list: [PeriodSummary]) -> JSONValue {
            .array(
                list.map {
                    .object([
                        ("start", .string($0.start.description)), ("met", .number(Double($0.met))),
                        ("days", .number(Double($0.counted))),
                    ])
                })
        }
        return ScreenBlock(
            kind: .summary, content: .table(table),
            data: .object([
                ("weeks", json(Array(weeks))), ("months", json(Array(monthly))), ("years", json(Array(yearly))),
            ]))
    }
}
