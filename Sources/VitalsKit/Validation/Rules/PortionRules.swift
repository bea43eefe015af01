/// Cross-file checks of the DragonHealth day: ids declared once per kind, references to
/// categories and series that exist, units that fit, meal slots in the order of the day, and
/// slot names that say one slot only.
package struct PortionDayRule: ValidationRule {
    package init() {}

    static let context = """
        series: [{series_id: vegetables, kind: quantity, unit: portion}]
        categories: [{category_id: vegetables, name: Vegetables, unit: portion, target: {rule: at_least, value: 3}}]

        """

    package static let description = RuleDescription(
        id: "portion-day",
        summary:
            "Categories, meal slots, foods and budgets refer to what exists, fit their series' units, and keep slots in the order of the day.",
        triggering: [
            context + "foods: [{food_id: apple, name: Apple, category: fruit}]\n",
            context + "meal_slots: [{slot_id: breakfast, name: Breakfast, from: \"04:00\", guidance: {fruit: 1}}]\n",
            context
                + "meal_slots: [{slot_id: lunch, name: Lunch, from: \"12:00\"}, {slot_id: breakfast, name: Breakfast, from: \"07:00\"}, {slot_id: dinner, name: Dinner, from: \"18:00\"}]\n",
            context + "budgets: [{budget_id: veg, name: Veg, series: vegetable, amount: 21, period: week}]\n",
            "series: [{series_id: water, kind: quantity, unit: L}]\ncategories: [{category_id: drinks, name: Drinks, series: water, unit: portion, target: {rule: at_least, value: 1.5}}]\n",
        ],
        nonTriggering: [
            context + "foods: [{food_id: carrot, name: Carrot, category: vegetables, grams: 80}]\n"
                + "meal_slots: [{slot_id: breakfast, name: Breakfast, from: \"04:00\"}, {slot_id: midnight, name: Midnight, from: \"00:00\", guidance: {vegetables: 0}}]\n"
                + "budgets: [{budget_id: veg, name: Veg, series: vegetables, amount: 21, period: week}]\n"
        ])

    package func check(_ loaded: LoadedCatalog, in context: ValidationContext) -> [Diagnostic] {
        let catalog = loaded.catalog
        let book = catalog.portions
        var found: [Diagnostic] = []

        var first: [String: SourceLocation] = [:]
        for declaration in book.declarations {
            let key = declaration.kind + "\u{0}" + declaration.id
            if let earlier = first[key] {
                found.append(
                    diagnostic(
                        "\(declaration.kind) '\(declaration.id)' is declared twice (first at \(earlier))",
                        at: declaration.location, related: [earlier]))
            } else {
                first[key] = declaration.location
            }
        }

        let categoryIDs = book.categories.map(\.id)
        func checkCategory(_ id: String, at location: SourceLocation, in what: String) {
            guard book.category(id) == nil else { return }
            var message = "\(what) names unknown category '\(Sanitize.inline(id))'"
            if let guess = Suggest.closest(to: id, in: categoryIDs) {
                message += "; did you mean '\(guess)'?"
            } else if !categoryIDs.isEmpty {
                message += "; categories: \(categoryIDs.joined(separator: ", "))"
            }
            found.append(diagnostic(message, at: location))
        }
        func checkSeries(_ id: String, at location: SourceLocation, in what: String) -> Series? {
            if let series = catalog.series(id) { return series }
            var message = "\(what) names unknown series '\(Sanitize.inline(id))'"
            if let guess = Suggest.closest(to: id, in: catalog.series.map(\.id)) {
                message += "; did you mean '\(guess)'?"
            }
            found.append(diagnostic(message, at: location))
            return nil
        }

        for category in book.categories {
            let what = "category '\(category.id)'"
            if let series = checkSeries(
                category.seriesID,
                at: category.location(of: category.keyLocations["series"] == nil ? "category_id" : "series"), in: what),
                series.unit != category.unit
            {
                found.append(
                    diagnostic(
                        "\(what) counts in \(category.unit.rawValue) but its series '\(series.id)' is in \(series.unit.rawValue)",
                        at: category.location(of: "unit")))
            }
            if case .range(let low, let high) = category.target, low > high {
                found.append(
                    diagnostic("\(what): target min \(low) is above max \(high)", at: category.location(of: "target")))
            }
            for key in ["portion_grams", "portion_ml"] {
                let value = key == "portion_grams" ? category.portionGrams : category.portionMillilitres
                if let value, value <= 0 {
                    found.append(diagnostic("\(what): \(key) must be above 0", at: category.location(of: key)))
                }
            }
        }
        for food in book.foods {
            let at = food.location(of: food.keyLocations["category"] == nil ? "portions" : "category")
            for count in food.counts { checkCategory(count.categoryID, at: at, in: "food '\(food.id)'") }
            for key in ["grams", "ml"] {
                if let value = key == "grams" ? food.grams : food.millilitres, value <= 0 {
                    found.append(diagnostic("food '\(food.id)': \(key) must be above 0", at: food.location(of: key)))
                }
            }
        }
        var names: [String: String] = [:]
        for food in book.foods {
            let key = FoodLibrary.normalized(food.name)
            if let other = names[key], other != food.id {
                found.append(
                    diagnostic("food '\(food.id)' has the same name as '\(other)'", at: food.location(of: "name")))
            }
            names[key] = food.id
        }

        var slotNames: [String: String] = [:]
        var previous: MealSlot?
        let cutoff = book.dayCutoffMinutes
        for slot in book.mealSlots {
            for (id, _) in slot.guidance {
                checkCategory(id, at: slot.location(of: "guidance"), in: "meal slot '\(slot.id)'")
            }
            for name in [slot.id, slot.name] + slot.aliases {
                let key = MealSlotNames.normalized(name)
                if let other = slotNames[key], other != slot.id {
                    found.append(
                        diagnostic(
                            "meal slot '\(slot.id)': '\(Sanitize.inline(name))' already names slot '\(other)'",
                            at: slot.location(of: name == slot.id ? "slot_id" : name == slot.name ? "name" : "aliases"))
                    )
                }
                slotNames[key] = slot.id
            }
            if let previous {
                let before = (previous.fromMinutes - cutoff + 1440) % 1440
                let now = (slot.fromMinutes - cutoff + 1440) % 1440
                if now <= before {
                    found.append(
                        diagnostic(
                            "meal slot '\(slot.id)' starts at \(MealSlotNames.clock(slot.fromMinutes)), not after '\(previous.id)' (\(MealSlotNames.clock(previous.fromMinutes))); list slots in the order of the day, starting at the day cutoff \(MealSlotNames.clock(cutoff))",
                            at: slot.location(of: "from")))
                }
            }
            previous = slot
        }
        for budget in book.budgets {
            _ = checkSeries(budget.seriesID, at: budget.location(of: "series"), in: "budget '\(budget.id)'")
            if budget.amount <= 0 {
                found.append(
                    diagnostic("budget '\(budget.id)': amount must be above 0", at: budget.location(of: "amount")))
            }
        }
        return found
    }
}
