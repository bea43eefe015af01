/// Finds the declared meal slot a person meant: by id, name or alias, in any case, with spaces,
/// hyphens and underscores alike (`Late Night`, `late-night` and `late_night` are one slot).
public enum MealSlotNames {
    /// How prose names a slot (or a tag value used as one): its declared name in lower case
    /// ("afternoon snack" for `afternoon_snack`, named "Afternoon Snack"), else the id with
    /// underscores and hyphens written as spaces.
    public static func displayName(_ id: String, in book: PortionBook?) -> String {
        let key = normalized(id)
        if let slot = book?.mealSlots.first(where: { normalized($0.id) == key }) {
            return Sanitize.inline(slot.name).lowercased()
        }
        return key.replacingOccurrences(of: "_", with: " ")
    }

    /// `Late Night` → `late_night`.
    public static func normalized(_ text: String) -> String { MealSlotSpelling.normalized(text) }

    /// The slot `text` names, or a `PortionError` listing the slots with a did-you-mean.
    public static func resolve(_ text: String, in book: PortionBook) throws -> MealSlot {
        let wanted = normalized(text)
        for slot in book.mealSlots
        where ([slot.id, slot.name] + slot.aliases).contains(where: { normalized($0) == wanted }) {
            return slot
        }
        let ids = book.mealSlots.map(\.id)
        let candidates = ids + book.mealSlots.flatMap(\.aliases).map(normalized)
        var suggestions = Suggest.ranked(wanted, in: candidates, limit: 3)
        if suggestions.isEmpty, let swapped = candidates.first(where: { $0.sorted() == wanted.sorted() }) {
            suggestions = [swapped]  // two letters swapped: lunhc → lunch
        }
        throw PortionError.unknownMealSlot(text, suggestions: suggestions, mealSlots: ids)
    }

    /// The slot a time of day falls in (the last slot whose `from` has passed since the cutoff).
    public static func slot(atMinutes minutes: Int, in book: PortionBook) -> MealSlot? {
        let cutoff = book.dayCutoffMinutes
        let sinceCutoff = (minutes - cutoff + 1440) % 1440
        return book.mealSlots.last { ($0.fromMinutes - cutoff + 1440) % 1440 <= sinceCutoff } ?? book.mealSlots.first
    }

    /// `04:00`.
    public static func clock(_ minutes: Int) -> String {
        let m = ((minutes % 1440) + 1440) % 1440
        let h = m / 60
        let r = m % 60
        return (h < 10 ? "0" : "") + "\(h):" + (r < 10 ? "0" : "") + "\(r)"
    }
}

/// Finds foods by name, id or search text.
public enum FoodLibrary {
    /// `Brown rice` → `brown rice`; ids' underscores read as spaces.
    public static func normalized(_ text: String) -> String {
        MealSlotNames.normalized(text).replacingOccurrences(of: "_", with: " ")
    }

    /// The food named `text` (its name or id, any case), or a `PortionError` with a did-you-mean.
    public static func find(_ text: String, in book: PortionBook) throws -> Food {
        let wanted = normalized(text)
        if let food = book.foods.first(where: { normalized($0.name) == wanted || normalized($0.id) == wanted }) {
            return food
        }
        let names = book.foods.map { normalized($0.name) }
        var close = Suggest.ranked(wanted, in: names, limit: 3)
        if close.isEmpty, let swapped = names.first(where: { $0.sorted() == wanted.sorted() }) { close = [swapped] }
        throw PortionError.unknownFood(text, suggestions: close, libraryIsEmpty: book.foods.isEmpty)
    }

    /// Foods whose name, id, category or notes contain `search` (any case), favourites first
    /// when asked for only them, else in library order.
    public static func search(_ search: String?, favoritesOnly: Bool, in book: PortionBook) -> [Food] {
        let wanted = search.map(normalized) ?? ""
        return book.foods.filter { food in
            guard !favoritesOnly || food.isFavorite else { return false }
            guard !wanted.isEmpty else { return true }
            let haystack =
                ([food.name, food.id, food.notes ?? ""] + food.counts.map(\.categoryID)
                + food.counts.compactMap { book.category($0.categoryID)?.name }).map(normalized)
            return haystack.contains { $0.contains(wanted) }
        }
    }
}
