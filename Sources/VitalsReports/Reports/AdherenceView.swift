import VitalsKit

/// The blocks of the adherence report from judged days.
struct AdherenceView {
    let adherence: DayAdherence
    let book: PortionBook
    let profile: RenderProfile
    let asOf: LocalDate

    static func days(_ n: Int) -> String { n == 1 ? "1 day" : "\(n) days" }

    var counted: [JudgedDay] { Array(adherence.counted) }

    func percent(_ met: Int, _ total: Int) -> String { "\(TargetWords.percent(met, total))" }

    /// The as-of day when it is not over and not on target yet: in progress, not counted.
    var inProgress: JudgedDay? {
        guard let last = adherence.days.last, last.date == asOf, !last.isOnTarget else { return nil }
        return last
    }

    /// "In progress: Fri 20 Nov, 6 of 9 categories met so far (entries logged); not counted yet".
    func inProgressLine(_ day: JudgedDay) -> String {
        let entries = day.hasEntries ? "entries logged" : "nothing logged yet"
        return
            "In progress: \(PortionText.shortDay(day.date)), \(day.wins.count) of \(day.results.count) categories met "
            + "so far (\(entries)); not counted yet"
    }

    func summaryBlock() -> ScreenBlock {
        let met = counted.filter(\.isOnTarget).count
        let first = adherence.days.first?.date ?? asOf
        var rows: [TextRow] = [
            .line(
                "Whole days on target: \(met) of \(Self.days(counted.count)) (\(percent(met, counted.count)) %)",
                Style(bold: true)),
            .line("Streak: current \(Self.days(adherence.currentStreak)) · best \(Self.days(adherence.bestStreak))"),
            .line(
                "Judged \(DateWords.iso(first)) – \(DateWords.iso(asOf)), \(book.enabledCategories.count) categories",
                ScreenText.muted),
        ]
        if let today = inProgress { rows.append(.line(inProgressLine(today), ScreenText.muted)) }
        let progress: JSONValue =
            inProgress.map { day -> JSONValue in
                .object([
                    ("date", .string(day.date.description)), ("has_entries", .bool(day.hasEntries)),
                    ("categories_met", .number(Double(day.wins.count))),
                    ("categories", .number(Double(day.results.count))),
                ])
            } ?? .null
        return ScreenBlock(
            kind: .summary, rows: rows,
            data: .object([
                ("in_progress", progress),
                ("first", .string(first.description)), ("last", .string(asOf.description)),
                ("days_counted", .number(Double(counted.count))), ("days_on_target", .number(Double(met))),
                ("percent", .number(TargetTally.percent(met: met, counted: counted.count))),
                (
                    "streak",
                    .streak(current: adherence.currentStreak, best: adherence.bestStreak)
                ),
            ]))
    }

    func calendarBlock() -> ScreenBlock {
        let countedDates = Set(counted.map(\.date))
        // The as-of day in progress is pending (with or without entries), never "no data".
        let days = adherence.days.map { day in
            CalendarDay(
                date: day.date,
                state: day.date == inProgress?.date
                    ? .pending
                    : !countedDates.contains(day.date) ? .noData : day.isOnTarget ? .onTarget : .offTarget)
        }
        var input = ChartInput(title: "Whole days on target", asOf: asOf, calendar: days)
        input.color = "#2E9E5B"
        return ScreenBlock(
            kind: .chart, content: .chart(ChartFigure(CalendarHeatmapChart.self, input: input)),
            data: .object([("days", .number(Double(days.count)))]))
    }

    func weeklyBlock() -> ScreenBlock {
        let weeks = adherence.summaries(by: .week)
        let points = weeks.map { week in
            ChartPoint(
                label: DateWords.dayMonth(week.start), date: week.start,
                value: week.counted == 0 ? nil : Double(week.met) * 100 / Double(week.counted))
        }
        let input = ChartInput(title: "Whole days on target per week", unit: "%", color: "#2E9E5B", points: points)
        return ScreenBlock(
            kind: .chart, content: .chart(ChartFigure(BarVerticalChart.self, input: input)),
            data: .array(
                weeks.map {
                    .object([
                        ("start", .string($0.start.description)),
                        ("met", .number(Double($0.met))), ("days", .number(Double($0.counted))),
                    ])
                }))
    }

    func categoryBlock() -> ScreenBlock {
        let details = adherence.categoryDetail(last: adherence.days.count)  // every counted day of the period
        let text = PortionText(profile: profile)
        let rows: [CategoryStatsTable.Row] = details.compactMap { detail in
            guard let category = book.category(detail.categoryID) else { return nil }
            return CategoryStatsTable.Row(
                name: category.name, color: category.color, rule: text.rule(category.target, unit: category.unit),
                onTarget: detail.met, days: detail.days,
                mean: detail.average.map { text.amount($0, unit: category.unit) } ?? "–",
                under: detail.under, over: detail.over)
        }
        return ScreenBlock(
            kind: .summary, content: .drawing(CategoryStatsTable(rows: rows)),
            data: .object([
                (
                    "categories",
                    .array(
                        details.map { detail in
                            .object([
                                ("category", .string(detail.categoryID)), ("days", .number(Double(detail.days))),
                                ("on_target", .number(Double(detail.met))), ("mean", .number(detail.average)),
                                ("under", .number(Double(detail.under))), ("over", .number(Double(detail.over))),
                            ])
                        })
                )
            ]))
    }
}

/// Per-category statistics as a table: the terminal's columns, or an HTML `<table>`.
struct CategoryStatsTable: BlockDrawing {
    struct Row: Sendable {
        var name: String, color: String?, rule: String
        var onTarget: Int, days: Int, mean: String, under: Int, over: Int
    }

    let rows: [Row]
    static let head = ["Category", "rule", "days on target", "mean a day", "under", "over"]

    func cells(_ row: Row) -> [String] {
        [row.name, row.rule, "\(row.onTarget)/\(row.days)", row.mean, "\(row.under)", "\(row.over)"]
    }

    func draw(profile: RenderProfile) -> TextCanvas {
        let columns = [0, 24, 36, 52, 64, 71]
        var canvas = TextCanvas(width: profile.width)
        let title = canvas.addRow()
        canvas.write("Categories", row: title, column: 0, style: Style(bold: true))
        let head = canvas.addRow()
        for (text, column) in zip(Self.head, columns) {
            canvas.write(text, row: head, column: column, style: ScreenText.muted)
        }
        for item in rows {
            let row = canvas.addRow()
            for (index, (text, column)) in zip(cells(item), columns).enumerated() {
                canvas.write(
                    DisplayWidth.truncate(Sanitize.inline(text), to: index == 0 ? 23 : 14), row: row, column: column,
                    style: index == 0 ? Style(hex: item.color) : .plain)
            }
        }
        return canvas
    }

    func html(size: ChartSize) -> String? {
        var html = "<table class=\"categories\"><caption>Categories</caption><thead><tr>"
        html += Self.head.map { "<th scope=\"col\">\(HTMLText.escape($0))</th>" }.joined() + "</tr></thead><tbody>"
        for item in rows {
            let cells = self.cells(item)
            html +=
                "<tr><th scope=\"row\" style=\"color:\(PaperColor.textHex(item.color))\">\(HTMLText.escape(cells[0]))</th>"
            html += cells.dropFirst().map { "<td>\(HTMLText.escape($0))</td>" }.joined() + "</tr>"
        }
        return html + "</tbody></table>"
    }
}
