import Foundation

/// One amount toward one category, worked out from what a person typed.
package struct PortionAmount: Sendable, Hashable {
    package var categoryID: String
    /// In the category's unit (portions, L, min).
    package var value: Double
    /// The value before rounding to the portion step, when rounding changed it.
    package var roundedFrom: Double?
}

/// Turns `vitals log food NAME [AMOUNT UNIT]` and `vitals log vegetables 80 g` into amounts
/// per category: grams or millilitres through the food's (or category's) portion size,
/// portions in steps of 0.25.
package enum PortionLogging {
    /// Words that mean "count of portions or servings" as a unit.
    static let countWords = ["portion", "portions", "serving", "servings", "x"]

    /// The amounts a food adds: one serving without `amount`; `amount` servings without a unit
    /// (or with `portions`); `amount` g or ml through the food's weight of one serving.
    package static func amounts(for food: Food, amount: String?, unit: String?, in book: PortionBook) throws
        -> [PortionAmount]
    {
        var servings = 1.0
        var measured: (value: Double, unit: KnownUnit)?
        if let amount {
            let number = try parse(amount)
            if let unit, !countWords.contains(unit.lowercased()) {
                guard let known = KnownUnit.named(unit), known.dimension == .mass || known.dimension == .volume else {
                    throw PortionError.notAWeightUnit(unit, foodID: food.id)
                }
                measured = (number, known)
            } else {
                servings = number
            }
        }
        guard servings > 0 else { throw PortionError.amountNotPositive }
        var out: [PortionAmount] = []
        for count in food.counts {
            guard let category = book.category(count.categoryID) else {
                throw PortionError.foodCountsTowardUnknownCategory(foodID: food.id, categoryID: count.categoryID)
            }
            var servingsHere = servings
            if let measured {
                let perServing: Double?
                let inGrams: Double?
                if measured.unit.dimension == .mass {
                    perServing = food.grams ?? (food.counts.count == 1 ? category.portionGrams : nil)
                    inGrams = measured.unit.convert(measured.value, to: .gram)
                } else {
                    perServing = food.millilitres ?? (food.counts.count == 1 ? category.portionMillilitres : nil)
                    inGrams = measured.unit.convert(measured.value, to: .milliliter)
                }
                guard let perServing, let inGrams else {
                    throw PortionError.noWeightPerPortion(
                        foodName: food.name, foodID: food.id,
                        millilitres: measured.unit.dimension != .mass, file: food.location.file)
                }
                if category.unit == .L, measured.unit.dimension == .volume {
                    out.append(PortionAmount(categoryID: category.id, value: inGrams / 1000, roundedFrom: nil))
                    continue
                }
                servingsHere = inGrams / perServing
            }
            out.append(try Self.amount(servingsHere * count.portions, of: category, food: food))
        }
        return out
    }

    /// A category's value for `servings` portions of a food: portions rounded to the step;
    /// litres through the food's (else the category's) millilitres per portion.
    static func amount(_ portions: Double, of category: PortionCategory, food: Food) throws -> PortionAmount {
        switch category.unit {
        case .portion:
            return try rounded(portions, category: category)
        case .L:
            let millilitres = food.millilitres ?? category.portionMillilitres ?? 250
            return PortionAmount(categoryID: category.id, value: portions * millilitres / 1000, roundedFrom: nil)
        default:
            return PortionAmount(categoryID: category.id, value: portions, roundedFrom: nil)
        }
    }

    /// `vitals log CATEGORY VALUE [UNIT]` for a category's series: grams or ml through the
    /// category's portion size; portions must be on the 0.25 step (else a `PortionError`). Nil when
    /// the value needs no conversion (portions on the step, or a unit the series takes directly):
    /// the ordinary log path stores it as typed.
    package static func amount(typed value: String, unit: String?, for category: PortionCategory) throws
        -> PortionAmount?
    {
        let number = try parse(value)
        if let unit, let known = KnownUnit.named(unit), category.unit == .portion,
            known.dimension == .mass || known.dimension == .volume
        {
            let isMass = known.dimension == .mass
            guard let per = isMass ? category.portionGrams : category.portionMillilitres,
                let converted = known.convert(number, to: isMass ? .gram : .milliliter)
            else {
                throw PortionError.noPortionSize(
                    categoryName: category.name, categoryID: category.id, seriesID: category.seriesID,
                    unit: unit, millilitres: !isMass, file: category.location.file)
            }
            return try rounded(converted / per, category: category)
        }
        guard category.unit == .portion, unit.map({ countWords.contains($0.lowercased()) }) ?? true else { return nil }
        guard isOnStep(number) else {
            throw PortionError.notOnStep(number)
        }
        return nil  // whole portions: the ordinary log path stores them as typed
    }

    static func rounded(_ portions: Double, category: PortionCategory) throws -> PortionAmount {
        let step = nearestStep(portions)
        guard step > 0 else {
            throw PortionError.lessThanAStep(portions: portions, categoryName: category.name)
        }
        return PortionAmount(
            categoryID: category.id, value: step,
            roundedFrom: abs(step - portions) > 1e-9 ? portions : nil)
    }

    static func nearestStep(_ value: Double) -> Double {
        (value / PortionBook.portionStep).rounded() * PortionBook.portionStep
    }

    static func isOnStep(_ value: Double) -> Bool { abs(nearestStep(value) - value) < 1e-9 }

    static func parse(_ text: String) throws -> Double {
        guard let number = SampleValidator.number(text.trimmingCharacters(in: .whitespaces)), number.isFinite else {
            throw EntryError.notANumber(text)
        }
        return number
    }

    /// `1.5`, `2`, `0.25`.
    package static func plain(_ value: Double, digits: Int = 3) -> String {
        NumberStyle.standard.format(value, maxFractionDigits: digits)
    }
}
