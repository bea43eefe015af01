import VitalsKit

/// The blocks of the Today screen for one judged day.
struct TodayCard {
    let context: ScreenContext
    let book: PortionBook
    let day: PortionDay
    let judged: JudgedDay

    var text: PortionText { PortionText(profile: context.profile) }
    var glyphs: Glyphs { context.profile.glyphs }
    var width: Int { context.profile.width }
    static let green = "#2E9E5B", red = "#D64545", amber = "#C9A227"

    /// "Fri 20 Nov 2026 · 6 of 9 categories met · not on target yet", and when the day runs.
    func statusBlock() -> ScreenBlock {
        let met = judged.wins.count, total = judged.results.count
        let verdict = judged.isOnTarget ? "\(glyphs.check) whole day on target" : "not on target yet"
        let rows = [
            SummaryRow(["\(PortionText.shortDay(day.date)) \(day.date.year)", "\(met) of \(total) categories met", verdict],
                       style: Style(hex: judged.isOnTarget ? Self.green : nil, bold: true)),
            SummaryRow(["The day starts at \(MealSlotNames.clock(book.dayCutoffMinutes)):",
                        "entries before then count for the day before"], style: ScreenText.muted, joiner: " "),
        ]
        return ScreenBlock(kind: .summary, lines: ScreenText(profile: context.profile).summaryLines(rows), data: .object([
            ("date", .string(day.date.description)), ("on_target", .bool(judged.isOnTarget)),
            ("categories_met", .number(Double(met))), ("categories", .number(Double(total))),
            ("day_cutoff", .string(MealSlotNames.clock(book.dayCutoffMinutes))),
        ]))
    }

    /// One row per enabled category: icon and name, today's total, the rule, a bar, the status.
    func categoryBlock() -> ScreenBlock {
        let categories = book.enabledCategories
        let nameWidth = min(30, max(12, width - 50))
        let barWidth = max(0, min(12, width - nameWidth - 39))
        var canvas = TextCanvas(width: width)
        let head = canvas.addRow()
        canvas.write(DisplayWidth.pad("Category", to: nameWidth), row: head, column: 0, style: ScreenText.muted)
        canvas.write("today", row: head, column: nameWidth + 1, style: ScreenText.muted)
        canvas.write("rule", row: head, column: nameWidth + 10, style: ScreenText.muted)
        var data: [JSONValue] = []
        for (category, result) in zip(categories, judged.results) {
            let row = canvas.addRow()
            let label = (glyphs.isUnicode ? (category.icon.map { $0 + " " } ?? "") : "") + category.name
            canvas.write(DisplayWidth.truncate(Sanitize.inline(label), to: nameWidth, ellipsis: glyphs.ellipsis), row: row, column: 0,
                         style: Style(hex: category.color))
            canvas.write(text.amount(result.total, unit: category.unit), row: row, column: nameWidth + 1, style: Style(bold: true))
            canvas.write(text.rule(category.target, unit: category.unit), row: row, column: nameWidth + 10)
            var column = nameWidth + 23
            if barWidth > 0 {
                canvas.write(bar(result.total, category.target, width: barWidth), row: row, column: column,
                             style: Style(hex: result.isMet ? Self.green : result.verdict == .over ? Self.red : category.color))
                column += barWidth + 1
            }
            let status = text.status(result, target: category.target, unit: category.unit)
            canvas.write(DisplayWidth.truncate(status, to: max(1, width - column), ellipsis: glyphs.ellipsis), row: row, column: column,
                         style: Style(hex: result.isMet ? Self.green : result.verdict == .over ? Self.red : nil))
            data.append(.object([
                ("category", .string(category.id)), ("name", .string(category.name)), ("unit", .string(category.unit.rawValue)),
                ("total", .number(result.total)), ("rule", .string(category.target.rule)),
                ("verdict", .string(result.verdict.rawValue)), ("distance", .number(result.distance)),
            ]))
        }
        return ScreenBlock(kind: .chart, metricID: context.catalog.primary(of: context.screen.id)?.id,
                           lines: canvas.lines(colorLevel: context.profile.colorLevel),
                           data: .object([("categories", .array(data))]))
    }

    /// A bar full at the target's goal (the lower end of a range, the limit of an at-most).
    func bar(_ value: Double, _ target: Target, width: Int) -> String {
        let goal: Double
        switch target {
        case .atLeast(let v), .atMost(let v), .exact(let v, _): goal = v
        case .range(let low, _): goal = low
        }
        guard goal > 0 else { return String(repeating: glyphs.shades[0], count: width) }
        let filled = Int((min(1, value / goal) * Double(width)).rounded())
        let full = glyphs.horizontalEighths.last ?? "#"
        return String(repeating: full, count: filled) + String(repeating: glyphs.shades[0], count: width - filled)
    }

    /// The meal cards: per slot what was logged (by category, with the foods) and its guidance.
    func mealBlock() -> ScreenBlock {
        var rows: [SummaryRow] = [SummaryRow(["Meals"], style: Style(bold: true))]
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
            let title = (slot.map { "\($0.name) \(MealSlotNames.clock($0.fromMinutes))" } ?? slotID)
            var line = parts.isEmpty ? [title + ": nothing logged"] : [title + ": " + parts[0]] + parts.dropFirst()
            if !foods.isEmpty { line[line.count - 1] += " (" + Array(Set(foods)).sorted().joined(separator: ", ") + ")" }
            rows.append(SummaryRow(line, style: parts.isEmpty ? ScreenText.muted : .plain, joiner: ", "))
            let guidance = slot?.guidance ?? []
            if !guidance.isEmpty {
                let met = guidance.filter { (logged[$0.categoryID] ?? 0) >= $0.amount - 1e-9 }.count
                var words = guidance.map { "\(names[$0.categoryID]?.name.lowercased() ?? $0.categoryID) \(context.profile.numbers.compact($0.amount))" }
                words[0] = "  suggested: " + words[0]
                words[words.count - 1] += " (\(met) of \(guidance.count) reached)"
                rows.append(SummaryRow(words, style: ScreenText.muted, joiner: ", "))
            }
            data.append(.object([
                ("slot", .string(slotID)),
                ("logged", .object(order.compactMap { id in logged[id].map { (id, .number($0)) } })),
                ("foods", .array(foods.map { .string($0) })),
                ("guidance", .object(guidance.map { ($0.categoryID, .number($0.amount)) })),
            ]))
        }
        return ScreenBlock(kind: .summary, lines: ScreenText(profile: context.profile).summaryLines(rows),
                           data: .object([("meals", .array(data))]))
    }
}
