/// An entry of the DragonHealth day decoded from one file, before it joins the catalog.
package enum PortionEntry: Sendable {
    case category(PortionCategory)
    case mealSlot(MealSlot)
    case food(Food)
    case budget(Budget)
}

/// Turns checked YAML entries of the `categories`, `meal_slots`, `foods` and `budgets` lists
/// into values (phase 2 of loading). Defaults live here: a category's series is its id and it
/// is enabled; a food is not a favourite; a week starts on Monday.
package enum PortionDecoding {
    package static func decode(_ r: EntryReader, diagnostics: inout [Diagnostic]) -> PortionEntry? {
        switch r.spec.name {
        case PortionSchema.category.name: return category(r, diagnostics: &diagnostics).map(PortionEntry.category)
        case PortionSchema.mealSlot.name: return mealSlot(r).map(PortionEntry.mealSlot)
        case PortionSchema.food.name: return food(r, diagnostics: &diagnostics).map(PortionEntry.food)
        default: return budget(r, diagnostics: &diagnostics).map(PortionEntry.budget)
        }
    }

    static func category(_ r: EntryReader, diagnostics: inout [Diagnostic]) -> PortionCategory? {
        guard let id = r.string("category_id"), let name = r.string("name"),
            let unit = r.string("unit").flatMap(BaseUnit.init(rawValue:)),
            let targetNode = r.node("target"),
            let target = EntryDecoding.target(targetNode, diagnostics: &diagnostics)
        else { return nil }
        return PortionCategory(
            id: id, name: name, icon: r.string("icon"), color: r.string("color"), unit: unit,
            seriesID: r.string("series") ?? id, target: target,
            isEnabled: r.bool("enabled") ?? true, order: r.int("order") ?? 0,
            portionGrams: r.double("portion_grams"), portionMillilitres: r.double("portion_ml"),
            location: r.node.location, keyLocations: r.keyLocations)
    }

    static func mealSlot(_ r: EntryReader) -> MealSlot? {
        guard let id = r.string("slot_id"), let name = r.string("name"),
            let from = r.string("from").flatMap(ClockTime.init)
        else { return nil }
        return MealSlot(
            id: id, name: name, icon: r.string("icon"), fromMinutes: from.minutesAfterMidnight,
            aliases: r.strings("aliases") ?? [], guidance: numbers(r.node("guidance")),
            location: r.node.location, keyLocations: r.keyLocations)
    }

    static func food(_ r: EntryReader, diagnostics: inout [Diagnostic]) -> Food? {
        guard let id = r.string("food_id"), let name = r.string("name") else { return nil }
        var counts: [(categoryID: String, portions: Double)] = []
        let written = Set((r.node.pairs ?? []).compactMap(\.key.scalarText))
        if written.contains("category") && written.contains("portions") {
            diagnostics.append(
                Diagnostic(
                    .error, rule: RuleID.invalidValue,
                    "food '\(id)' has both 'category' and 'portions'; a plain food names its category, a mixed dish lists portions per category",
                    at: r.keyLocations["portions"] ?? r.node.location))
            return nil
        }
        if let category = r.string("category") {
            counts = [(category, 1)]
        } else if let node = r.node("portions") {
            counts = numbers(node)
            if counts.isEmpty {
                diagnostics.append(
                    Diagnostic(
                        .error, rule: RuleID.invalidValue,
                        "food '\(id)': 'portions' lists no category", at: node.location))
                return nil
            }
        } else if !written.contains("category") && !written.contains("portions") {
            diagnostics.append(
                Diagnostic(
                    .error, rule: RuleID.missingKey,
                    "food '\(id)' needs 'category' (a plain food) or 'portions' (a mixed dish)", at: r.node.location))
            return nil
        } else {
            return nil
        }
        return Food(
            id: id, name: name, counts: counts, grams: r.double("grams"), millilitres: r.double("ml"),
            notes: r.string("notes"), isFavorite: r.bool("favorite") ?? false,
            location: r.node.location, keyLocations: r.keyLocations)
    }

    static func budget(_ r: EntryReader, diagnostics: inout [Diagnostic]) -> Budget? {
        let written = Set((r.node.pairs ?? []).compactMap(\.key.scalarText))
        for condition in PortionSchema.budget.requiredWhen where r.string(condition.key) == condition.value {
            for key in condition.required where !written.contains(key) {
                diagnostics.append(
                    Diagnostic(
                        .error, rule: RuleID.missingKey,
                        "budget period '\(condition.value)' needs '\(key)' (how many days a period lasts)",
                        at: r.node.location))
            }
        }
        guard let id = r.string("budget_id"), let name = r.string("name"), let series = r.string("series"),
            let amount = r.double("amount"), let periodName = r.string("period")
        else { return nil }
        let period: Budget.Period
        switch periodName {
        case "day": period = .day
        case "week":
            let start = r.string("week_starts").flatMap { Budget.weekdays.firstIndex(of: $0) } ?? 0
            period = .week(weekStart: start + 1)
        case "month": period = .month
        default:
            guard let count = r.int("days") else { return nil }
            period = .days(
                count: count,
                anchor: r.string("starting").flatMap(LocalDate.init(iso:))
                    ?? LocalDate(year: 2026, month: 1, day: 5))
        }
        return Budget(
            id: id, name: name, seriesID: series, amount: amount, period: period,
            location: r.node.location, keyLocations: r.keyLocations)
    }

    /// The id → number pairs of a checked `.numberMap` node, in the order written.
    private static func numbers(_ node: YAMLNode?) -> [(String, Double)] {
        (node?.pairs ?? []).compactMap { key, value in
            guard let id = key.scalarText, let number = value.scalarText.flatMap(YAMLScalar.double) else { return nil }
            return (id, number)
        }
    }
}

extension PortionBook {
    /// Where each id of the DragonHealth day was declared, duplicates included (for validate).
    public struct Declaration: Sendable {
        public var kind: String
        public var id: String
        public var location: SourceLocation

        package init(kind: String, id: String, location: SourceLocation) {
            self.kind = kind
            self.id = id
            self.location = location
        }
    }

    package mutating func record(_ entry: PortionEntry) {
        switch entry {
        case .category(let value):
            declarations.append(.init(kind: "category", id: value.id, location: value.location(of: "category_id")))
            add(value)
        case .mealSlot(let value):
            declarations.append(.init(kind: "meal slot", id: value.id, location: value.location(of: "slot_id")))
            add(value)
        case .food(let value):
            declarations.append(.init(kind: "food", id: value.id, location: value.location(of: "food_id")))
            add(value)
        case .budget(let value):
            declarations.append(.init(kind: "budget", id: value.id, location: value.location(of: "budget_id")))
            add(value)
        }
    }
}
