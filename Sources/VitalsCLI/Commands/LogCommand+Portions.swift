import ArgumentParser
import Foundation
import VitalsKit

/// `vitals log food NAME [AMOUNT UNIT]` and `vitals log CATEGORY VALUE [g|ml]`: the DragonHealth
/// part of `log` (the logic is `PortionLogging` in VitalsKit).
extension LogCommand {
    /// The `--meal` slot's id when the catalog declares meal slots (an unknown slot is refused
    /// with a did-you-mean); the text as given when it declares none.
    /// An entry of a DragonHealth category without `--meal` goes to the slot of its time of day.
    func mealSlot(in catalog: Catalog) throws -> String? {
        let book = catalog.portions
        guard !book.mealSlots.isEmpty else { return tag }
        if let tag { return try MealSlotNames.resolve(tag, in: book).id }
        guard book.category(series: series)?.isEnabled == true else { return nil }
        let time = TimeParser()
        let start = try at.map(time.parse) ?? time.current
        return MealSlotNames.slot(atMinutes: Self.minutesOfDay(start), in: book)?.id
    }

    /// Logs a food, or a category value given in g/ml or portions; false when `series` is
    /// neither (the ordinary path logs it).
    func logPortions(_ catalog: Catalog, _ extensions: Extensions) throws -> Bool {
        let book = catalog.portions
        let amounts: [PortionAmount]
        var food: Food?
        if series == "food", catalog.series("food") == nil {
            let found = try FoodLibrary.find(value, in: book)
            food = found
            amounts = try PortionLogging.amounts(for: found, amount: unit, unit: foodUnit, in: book)
        } else if let category = book.category(series: series) ?? book.category(series),
            let amount = try PortionLogging.amount(typed: value, unit: unit, for: category)
        {
            guard foodUnit == nil else { throw ValidationError("unexpected argument '\(foodUnit!)'") }
            amounts = [amount]
        } else {
            guard foodUnit == nil else { throw ValidationError("unexpected argument '\(foodUnit!)'") }
            return false
        }

        let time = TimeParser()
        let start = try at.map(time.parse) ?? time.current
        let slot =
            book.mealSlots.isEmpty
            ? tag
            : try tag.map { try MealSlotNames.resolve($0, in: book).id }
                ?? MealSlotNames.slot(atMinutes: Self.minutesOfDay(start), in: book)?.id
        let validator = SampleValidator(catalog: catalog, time: time, unitSystem: try units.unitSystem())
        var samples: [Sample] = []
        for amount in amounts {
            let category = book.category(amount.categoryID)!
            var sample = try validator.sample(
                from: SampleInput(
                    seriesID: category.seriesID, subjectID: subject, value: "\(amount.value)",
                    unit: category.unit.rawValue,
                    time: at, category: nil, tag: slot, note: note))
            if let food { sample.metadata = "{\"food\":" + JSONString.quote(food.name) + "}" }
            samples.append(sample)
        }
        let inserted = try store.writing(extensions.storeBackends) { try $0.insertLogged(samples) }
        let parts = amounts.map { amount -> String in
            let category = book.category(amount.categoryID)!
            var text =
                "\(category.name.lowercased()) \(PortionNoun.amount(PortionLogging.plain(amount.value), category.unit.rawValue))"
            if let from = amount.roundedFrom { text += " (rounded from \(PortionLogging.plain(from, digits: 2)))" }
            return text
        }
        var line = inserted == 0 ? "already logged " : "logged "
        if let food {
            line += food.name
            if let amount = unit {
                line += " \(Sanitize.inline(amount))\(foodUnit.map { " " + Sanitize.inline($0) } ?? "")"
            }
            line += ": "
        } else if let unit, PortionLogging.amountWasConverted(unit) {
            line += "\(Sanitize.inline(value)) \(Sanitize.inline(unit)) → "
        }
        line += parts.joined(separator: ", ")
        let first = samples[0]
        line += " for \(first.subjectID) at \(TimeParser.format(first.start, utcOffsetSeconds: first.utcOffsetSeconds))"
        if let tag = first.tag { line += " (\(book.mealSlots.first { $0.id == tag }?.name ?? tag))" }
        try say(Sanitize.inline(line))
        return true
    }

    static func minutesOfDay(_ parsed: TimeParser.Parsed) -> Int {
        let local = Int(parsed.date.timeIntervalSince1970) + parsed.utcOffsetSeconds
        return ((local % 86_400) + 86_400) % 86_400 / 60
    }

}

extension PortionLogging {
    /// Whether a typed unit was turned into portions (g, ml …) rather than taken as is.
    static func amountWasConverted(_ unit: String) -> Bool {
        KnownUnit.named(unit).map { $0.dimension == .mass || $0.dimension == .volume } ?? false
    }
}
