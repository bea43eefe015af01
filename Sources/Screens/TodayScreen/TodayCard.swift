import VitalsKit

/// The blocks of the Today screen for one judged day.
struct TodayCard {
    let context: ScreenContext
    let book: PortionBook
    let day: PortionDay
    let judged: JudgedDay

    var text: PortionText { PortionText(profile: context.profile, unitSystem: context.request.unitSystem) }
    var glyphs: Glyphs { context.profile.glyphs }
    var width: Int { context.profile.width }
    static let green = "#2E9E5B", red = "#D64545", amber = "#C9A227"

    /// "Fri 20 Nov 2026 · 6 of 9 categories met · not on target yet", and when the day runs.
    func statusBlock() -> ScreenBlock {
        let met = judged.wins.count
        let total = judged.results.count
        let verdict = judged.isOnTarget ? "\(glyphs.check) whole day on target" : "not on target yet"
        let rows = [
            SummaryRow(
                [DateWords.weekdayDayMonthYear(day.date), "\(met) of \(total) categories met", verdict],
                style: Style(hex: judged.isOnTarget ? Self.green : nil, bold: true)),
            SummaryRow(
                [
                    "The day starts at \(MealSlotNames.clock(book.dayCutoffMinutes)):",
                    "entries before then count for the day before",
                ], style: ScreenText.muted, joiner: " "),
        ]
        return ScreenBlock(
            kind: .summary, rows: ScreenText(profile: context.profile).summaryRows(rows),
            data: .object([
                ("date", .string(day.date.description)), ("on_target", .bool(judged.isOnTarget)),
                ("categories_met", .number(Double(met))), ("categories", .number(Double(total))),
                ("day_cutoff", .string(MealSlotNames.clock(book.dayCutoffMinutes))),
            ]))
    }

    /// One row per enabled category: icon and name, today's total, the rule, a bar, the status.
    func categoryBlock() -> ScreenBlock {
        var rows: [CategoryTable.Row] = []
        var data: [JSONValue] = []
        for (category, result) in zip(book.enabledCategories, judged.results) {
            let tone = result.isMet ? Self.green : result.verdict == .over ? Self.red : nil
            rows.append(
                CategoryTable.Row(
                    icon: category.icon, name: category.name, color: category.color,
                    total: text.amount(result.total, unit: category.unit),
                    rule: text.rule(category.target, unit: category.unit),
                    fill: Self.fill(result.total, category.target), barColor: tone ?? category.color,
                    status: text.status(result, target: category.target, unit: category.unit), statusColor: tone))
            data.append(
                .object([
                    ("category", .string(category.id)), ("name", .string(category.name)),
                    ("unit", .string(category.unit.rawValue)),
                    ("total", .number(result.total)), ("rule", .string(category.target.rule)),
                    ("verdict", .string(result.verdict.rawValue)), ("distance", .number(result.distance)),
                ]))
        }
        return ScreenBlock(
            kind: .chart, metricID: context.catalog.primary(of: context.screen.id)?.id,
            content: .table(CategoryTable(rows: rows).table()),
            data: .object([("categories", .array(data))]))
    }

    /// How full a category's bar is: 1 at the target's goal (the lower end of a range, the
    /// limit of an at-most).
    static func fill(_ value: Double, _ target: Target) -> Double {
        let goal: Double
        switch target {
        case .atLeast(let v), .atMost(let v), .exact(let v, _): goal = v
        case .range(let low, _): goal = low
        }
        return goal > 0 ? max(0, min(1, value / goal)) : 0
    }

    /// The meal cards: per slot what was logged (by category, with the foods) and its guidance.
    func mealBlock() -> ScreenBlock {
        var rows: [SummaryRow] = [SummaryRow(["Meals"], style: Style(bold: true))]
        var cells: [[TableBlock.Cell]] = []
        var data: [JSONValue] = []
        let names = Dictionary(book.categories.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let known = Set(book.mealSlots.map(\.id))
        let extra = day.bySlot.keys.filter { !known.contains($0) }.sorted()
        for slotID in book.mealSlots.map(\.id) + extra {
            let slot = book.mealSlots.first { $0.id == slotID }
            let logged = day.bySlot[slotID] ?? [:]
            let order = book.enabledCategories.map(\.id)
            let parts = order.compactMap { id -> String? in
                guard let value = logged[id], let category = names[id] else { return nil }
                return "\(category.name.lowercased()) \(text.amount(value, unit: category.unit))"
            }
            let foods = day.foodsBySlot[slotID] ?? []
            let title =
                (slot.map { "\($0.name) \(MealSlotNames.clock($0.fromMinutes))" }
                    ?? MealSlotNames.displayName(slotID, in: book))
            var line = parts.isEmpty ? [title + ": nothing logged"] : [title + ": " + parts[0]] + parts.dropFirst()
            if !foods.isEmpty {
                line[line.count - 1] += " (" + Array(Set(foods)).sorted().joined(separator: ", ") + ")"
            }
            rows.append(SummaryRow(line, style: parts.isEmpty ? ScreenText.muted : .plain, joiner: ", "))
            let guidance = slot?.guidance ?? []
            let reached = guidance.filter { (logged[$0.categoryID] ?? 0) >= $0.amount - 1e-9 }.count
            cells.append([
                TableBlock.Cell(title, bold: true),
                TableBlock.Cell(
                    parts.isEmpty ? Words.text("today.nothing_logged") : parts.joined(separator: ", "),
                    color: parts.isEmpty ? "#6B6B6B" : nil),
                TableBlock.Cell(Array(Set(foods)).sorted().joined(separator: ", ")),
                TableBlock.Cell(
                    guidance.isEmpty
                        ? ""
                        : guidance.map {
                            "\(names[$0.categoryID]?.name.lowercased() ?? $0.categoryID) \(context.profile.numbers.compact($0.amount))"
                        }.joined(separator: ", ") + " ("
                            + Words.text("today.reached", ["met": String(reached), "total": String(guidance.count)])
                            + ")"),
            ])
            if !guidance.isEmpty {
                let met = guidance.filter { (logged[$0.categoryID] ?? 0) >= $0.amount - 1e-9 }.count
                var words = guidance.map {
                    "\(names[$0.categoryID]?.name.lowercased() ?? $0.categoryID) \(context.profile.numbers.compact($0.amount))"
                }
                words[0] = "  suggested: " + words[0]
                words[words.count - 1] += " (\(met) of \(guidance.count) reached)"
                rows.append(SummaryRow(words, style: ScreenText.muted, joiner: ", "))
            }
            data.append(
                .object([
                    ("slot", .string(slotID)),
                    ("logged", .object(order.compactMap { id in logged[id].map { (id, .number($0)) } })),
                    ("foods", .array(foods.map { .string($0) })),
                    ("guidance", .object(guidance.map { ($0.categoryID, .number($0.amount)) })),
                ]))
        }
        let table = TableBlock(
            caption: Words.text("today.meals"),
            columns: [
                Words.text("today.meal"), Words.text("today.logged"), Words.text("table.foods"),
                Words.text("today.suggested"),
            ],
            rows: cells, terminalRows: ScreenText(profile: context.profile).summaryRows(rows))
        return ScreenBlock(kind: .summary, content: .table(table), data: .object([("meals", .array(data))]))
    }
}
