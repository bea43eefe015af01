/// Why a food or a portion amount typed with `vitals log` was refused.
package enum PortionError: VitalsError, Equatable {
    /// No meal slot has this id, name or alias; `suggestions` are the closest, `mealSlots` the ids.
    case unknownMealSlot(String, suggestions: [String], mealSlots: [String])
    /// No food has this name or id; `suggestions` are the closest names.
    case unknownFood(String, suggestions: [String], libraryIsEmpty: Bool)
    /// A unit a food cannot be weighed or measured in.
    case notAWeightUnit(String, foodID: String)
    case amountNotPositive
    /// The food library names a category the catalog does not declare.
    case foodCountsTowardUnknownCategory(foodID: String, categoryID: String)
    /// Grams (or ml) typed for a food without its weight (or volume) per portion.
    case noWeightPerPortion(foodName: String, foodID: String, millilitres: Bool, file: String)
    /// Grams (or ml) typed for a category without `portion_grams` (or `portion_ml`).
    case noPortionSize(
        categoryName: String, categoryID: String, seriesID: String, unit: String,
        millilitres: Bool, file: String)
    /// Portions that are not on the 0.25 step.
    case notOnStep(Double)
    /// An amount that rounds to no portion at all.
    case lessThanAStep(portions: Double, categoryName: String)

    package var message: String {
        switch self {
        case .unknownMealSlot(let text, _, _):
            return "unknown meal slot '\(Sanitize.inline(text))'"
        case .unknownFood(let text, _, _):
            return "unknown food '\(Sanitize.inline(text))'"
        case .notAWeightUnit(let unit, _):
            return "'\(Sanitize.inline(unit))' is not a unit a food can be weighed in"
        case .amountNotPositive:
            return "the amount must be above 0"
        case .foodCountsTowardUnknownCategory(let food, let category):
            return "food \(food) counts toward unknown category '\(category)'"
        case .noWeightPerPortion(let name, _, let millilitres, _):
            return "\(name) has no weight per portion (\(millilitres ? "ml" : "grams")) in the food library"
        case .noPortionSize(let name, _, _, let unit, let millilitres, _):
            return "\(name) has no \(millilitres ? "portion_ml" : "portion_grams") to turn \(unit) into portions"
        case .notOnStep(let number):
            return "\(PortionLogging.plain(number)) is not a whole, half or quarter portion"
        case .lessThanAStep(let portions, let name):
            return "that is less than an eighth of a portion of \(name.lowercased()) "
                + "(\(PortionLogging.plain(portions, digits: 2)) portion); nothing logged"
        }
    }

    package var hints: [String] {
        let step = PortionLogging.plain(PortionBook.portionStep)
        switch self {
        case .unknownMealSlot(_, let suggestions, let slots):
            return (suggestions.isEmpty ? [] : ["did you mean " + suggestions.joined(separator: " or ") + "?"])
                + ["meal slots: " + slots.joined(separator: ", ")]
        case .unknownFood(_, let suggestions, let empty):
            return
                (suggestions.isEmpty
                ? [] : ["did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "?"])
                + [
                    empty
                        ? "the catalog has no foods; add them under foods: in metrics/foods.yaml"
                        : "vitals foods lists the library (vitals foods WORD searches it)"
                ]
        case .notAWeightUnit(_, let food):
            return ["use g, kg, oz, ml or L, or leave the unit out to count portions: vitals log food \(food) 2"]
        case .foodCountsTowardUnknownCategory:
            return ["vitals validate names the line"]
        case .noWeightPerPortion(_, let food, let millilitres, let file):
            return [
                "log portions instead: vitals log food \(food) 1",
                "or add '\(millilitres ? "ml" : "grams"): …' to \(food) in \(file)",
            ]
        case .noPortionSize(_, let category, let series, _, let millilitres, let file):
            let key = millilitres ? "portion_ml" : "portion_grams"
            return ["log portions: vitals log \(series) 1", "or add \(key) to the category \(category) in \(file)"]
        case .notOnStep(let number):
            return [
                "portions are entered in steps of \(step): 1, 0.5, 0.25 (for example \(PortionLogging.plain(max(PortionBook.portionStep, PortionLogging.nearestStep(number)))))"
            ]
        case .lessThanAStep:
            return ["portions are entered in steps of \(step)"]
        case .amountNotPositive:
            return []
        }
    }

    package var kind: VitalsErrorKind { .refused }
}
