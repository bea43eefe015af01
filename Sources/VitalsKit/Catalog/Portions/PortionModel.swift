/// A DragonHealth category: what is counted toward a daily target (vegetables, dairy, sports …).
///
/// Entries of a category are samples of its `seriesID`, in the category's unit (portions,
/// litres, minutes). A disabled category is neither shown nor judged.
public struct PortionCategory: Sendable, Identifiable, CatalogEntry {
    public var id: String
    public var name: String
    public var icon: String?
    public var color: String?
    /// The base unit of the category's values: `portion`, `L`, `min` …
    public var unit: BaseUnit
    /// The series entries are stored in (defaults to the category id).
    public var seriesID: String
    public var target: Target
    public var isEnabled: Bool
    public var order: Int
    /// Grams in one portion, for entries typed in grams (`vitals log vegetables 80 g`).
    public var portionGrams: Double?
    /// Millilitres in one portion, for entries typed in ml.
    public var portionMillilitres: Double?
    public var location: SourceLocation
    public var keyLocations: KeyLocations = [:]

    package init(
        id: String, name: String, icon: String? = nil, color: String? = nil, unit: BaseUnit, seriesID: String,
        target: Target, isEnabled: Bool, order: Int, portionGrams: Double? = nil, portionMillilitres: Double? = nil,
        location: SourceLocation, keyLocations: KeyLocations = [:]
    ) {
        self.id = id
        self.name = name
        self.icon = icon
        self.color = color
        self.unit = unit
        self.seriesID = seriesID
        self.target = target
        self.isEnabled = isEnabled
        self.order = order
        self.portionGrams = portionGrams
        self.portionMillilitres = portionMillilitres
        self.location = location
        self.keyLocations = keyLocations
    }

    /// Whether values are counted in portions (entered in steps of `PortionBook.portionStep`).
    public var countsPortions: Bool { unit == .portion }
}

/// A meal slot (Breakfast … Midnight). Slots are listed in the order of the day; each starts at
/// its `from` time, and the first slot's `from` is when the day starts (the day cutoff).
public struct MealSlot: Sendable, Identifiable, CatalogEntry {
    public var id: String
    public var name: String
    public var icon: String?
    /// Minutes after midnight the slot starts.
    public var fromMinutes: Int
    /// Other names a person may type (`snack` for the afternoon snack).
    public var aliases: [String]
    /// Per-meal guidance: portions of a category suggested for this slot (shown, never judged).
    public var guidance: [(categoryID: String, amount: Double)]
    public var location: SourceLocation
    public var keyLocations: KeyLocations = [:]

    package init(
        id: String, name: String, icon: String? = nil, fromMinutes: Int, aliases: [String],
        guidance: [(categoryID: String, amount: Double)], location: SourceLocation, keyLocations: KeyLocations = [:]
    ) {
        self.id = id
        self.name = name
        self.icon = icon
        self.fromMinutes = fromMinutes
        self.aliases = aliases
        self.guidance = guidance
        self.location = location
        self.keyLocations = keyLocations
    }
}

/// A food in the library: what it counts toward and how much one portion weighs.
///
/// A plain food counts toward one `category`, one portion per `grams` (or `millilitres`). A
/// mixed dish lists `portions` per serving for several categories, a serving weighing `grams`.
public struct Food: Sendable, Identifiable, CatalogEntry {
    public var id: String
    public var name: String
    /// Portions per serving by category id, in the order written (one entry for a plain food).
    public var counts: [(categoryID: String, portions: Double)]
    /// Grams in one serving (a plain food's serving is one portion).
    public var grams: Double?
    public var millilitres: Double?
    public var notes: String?
    public var isFavorite: Bool
    public var location: SourceLocation
    public var keyLocations: KeyLocations = [:]

    package init(
        id: String, name: String, counts: [(categoryID: String, portions: Double)], grams: Double? = nil,
        millilitres: Double? = nil, notes: String? = nil, isFavorite: Bool, location: SourceLocation,
        keyLocations: KeyLocations = [:]
    ) {
        self.id = id
        self.name = name
        self.counts = counts
        self.grams = grams
        self.millilitres = millilitres
        self.notes = notes
        self.isFavorite = isFavorite
        self.location = location
        self.keyLocations = keyLocations
    }

    /// Whether it counts toward more than one category (a dish split by hand).
    public var isMixed: Bool { counts.count > 1 || (counts.first.map { $0.portions != 1 } ?? false) }
}

/// A budget: an amount over a period (a day, a week from a chosen weekday, a month, N days)
/// of one series, with what is left banked across the period's days.
public struct Budget: Sendable, Identifiable, CatalogEntry {
    public enum Period: Sendable, Hashable {
        /// Each day.
        case day
        /// Seven days starting on `weekStart` (ISO weekday, 1 = Monday).
        case week(weekStart: Int)
        /// Each calendar month.
        case month
        /// Consecutive blocks of `count` days, the first starting on `anchor`.
        case days(count: Int, anchor: LocalDate)
    }

    public var id: String
    public var name: String
    public var seriesID: String
    /// The amount, in the series' base unit.
    public var amount: Double
    public var period: Period
    public var location: SourceLocation
    public var keyLocations: KeyLocations = [:]

    package init(
        id: String, name: String, seriesID: String, amount: Double, period: Period, location: SourceLocation,
        keyLocations: KeyLocations = [:]
    ) {
        self.id = id
        self.name = name
        self.seriesID = seriesID
        self.amount = amount
        self.period = period
        self.location = location
        self.keyLocations = keyLocations
    }

    public static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
}

/// The DragonHealth day of a catalog: categories, meal slots, foods and budgets.
public struct PortionBook: Sendable {
    public private(set) var categories: [PortionCategory] = []
    public private(set) var mealSlots: [MealSlot] = []
    public private(set) var foods: [Food] = []
    public private(set) var budgets: [Budget] = []
    /// Every declaration in load order, duplicates included.
    public package(set) var declarations: [Declaration] = []

    /// Portions are entered in steps of 1, 0.5 and 0.25.
    public static let portionStep = 0.25
    /// When the day starts if no meal slot says so.
    public static let defaultCutoffMinutes = 4 * 60

    public init() {}

    /// Adds an entry; returns false (and keeps the first) when the id is taken.
    @discardableResult public mutating func add(_ category: PortionCategory) -> Bool {
        guard self.category(category.id) == nil else { return false }
        categories.append(category)
        return true
    }

    @discardableResult public mutating func add(_ slot: MealSlot) -> Bool {
        guard mealSlots.first(where: { $0.id == slot.id }) == nil else { return false }
        mealSlots.append(slot)
        return true
    }

    @discardableResult public mutating func add(_ food: Food) -> Bool {
        guard foods.first(where: { $0.id == food.id }) == nil else { return false }
        foods.append(food)
        return true
    }

    @discardableResult public mutating func add(_ budget: Budget) -> Bool {
        guard budgets.first(where: { $0.id == budget.id }) == nil else { return false }
        budgets.append(budget)
        return true
    }

    /// Whether the catalog declares any part of the DragonHealth day.
    public var isEmpty: Bool { categories.isEmpty && mealSlots.isEmpty && foods.isEmpty && budgets.isEmpty }

    public func category(_ id: String) -> PortionCategory? { categories.first { $0.id == id } }

    /// The category whose entries are stored in `seriesID`.
    public func category(series seriesID: String) -> PortionCategory? { categories.first { $0.seriesID == seriesID } }

    /// Enabled categories in display order (`order`, then as written).
    public var enabledCategories: [PortionCategory] {
        categories.enumerated().filter { $0.element.isEnabled }
            .sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }.map(\.element)
    }

    /// The person's `day_cutoff` setting, when it replaces the catalog's (`ScreenContext.portions`).
    public var dayCutoffSetting: Int?

    /// When the day starts, in minutes after midnight: the `day_cutoff` setting, else the first
    /// slot's `from`, else 04:00.
    public var dayCutoffMinutes: Int { dayCutoffSetting ?? mealSlots.first?.fromMinutes ?? Self.defaultCutoffMinutes }

    /// This book with the person's `day_cutoff` setting (nil keeps the catalog's).
    public func withDayCutoff(_ minutes: Int?) -> PortionBook {
        guard let minutes else { return self }
        var book = self
        book.dayCutoffSetting = minutes
        return book
    }

    /// Budgets of a series.
    public func budgets(series seriesID: String) -> [Budget] { budgets.filter { $0.seriesID == seriesID } }
}
