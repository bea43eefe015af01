/// The YAML vocabulary of the DragonHealth day: the `categories`, `meal_slots`, `foods` and
/// `budgets` lists a catalog file may hold (conventionally `metrics/portions.yaml` and
/// `metrics/foods.yaml`). Decoding, `vitals validate` and the JSON Schema read these tables.
public enum PortionSchema {
    /// The top-level lists, appended to `CatalogSchema.sections`.
    public static let sections: [(key: String, entry: EntrySpec)] = [
        ("categories", category), ("meal_slots", mealSlot), ("foods", food), ("budgets", budget),
    ]

    /// Units a category may count in.
    public static let categoryUnits = ["portion", "L", "min", "g", "count", "kcal"]

    public static let category = EntrySpec(
        name: "category",
        keys: [
            KeySpec("category_id", .identifier(.snakeCase), required: true, "Unique id, snake_case."),
            KeySpec("name", .string, required: true, "Name shown on Today and History."),
            KeySpec("icon", .string, "An emoji or short symbol."),
            CatalogSchema.colorKey,
            KeySpec("unit", .choice(categoryUnits), required: true, "What it is counted in: portion, L, min …"),
            KeySpec(
                "series", .identifier(.snakeCase), "The series its entries are stored in (default: the category_id)."),
            KeySpec(
                "target", .nested(CatalogSchema.target), required: true,
                "The daily target rule (exact allows ± 0.25 by default)."),
            KeySpec("enabled", .boolean, "Shown and judged at all (default true)."),
            KeySpec("order", .integer(min: nil), "Position on Today (default: as written)."),
            KeySpec("portion_grams", .number, "Grams in one portion, for entries typed in g."),
            KeySpec("portion_ml", .number, "Millilitres in one portion, for entries typed in ml."),
        ])

    public static let mealSlot = EntrySpec(
        name: "meal_slot",
        keys: [
            KeySpec("slot_id", .identifier(.snakeCase), required: true, "Unique id, snake_case; what --meal accepts."),
            KeySpec("name", .string, required: true, "Name shown on the meal card."),
            KeySpec("icon", .string, "An emoji or short symbol."),
            KeySpec(
                "from", .clockTime, required: true,
                "HH:MM the slot starts; the first slot's time is when the day starts (the day cutoff)."),
            KeySpec("aliases", .stringList, "Other names --meal accepts for this slot."),
            KeySpec("guidance", .numberMap, "Suggested portions per category for this meal (shown, never judged)."),
        ])

    public static let food = EntrySpec(
        name: "food",
        keys: [
            KeySpec("food_id", .identifier(.snakeCase), required: true, "Unique id, snake_case."),
            KeySpec("name", .string, required: true, "Name as people type it (any case)."),
            KeySpec("category", .identifier(.snakeCase), "The category one portion counts toward."),
            KeySpec("portions", .numberMap, "A mixed dish: portions per serving by category id."),
            KeySpec("grams", .number, "Grams in one portion (one serving of a mixed dish)."),
            KeySpec("ml", .number, "Millilitres in one portion (one serving of a mixed dish)."),
            KeySpec("notes", .string, "A note shown by vitals foods."),
            KeySpec("favorite", .boolean, "Listed by vitals foods --favorites (default false)."),
        ])

    public static let budget = EntrySpec(
        name: "budget",
        keys: [
            KeySpec("budget_id", .identifier(.snakeCase), required: true, "Unique id, snake_case."),
            KeySpec("name", .string, required: true, "Name shown with the budget."),
            KeySpec("series", .identifier(.snakeCase), required: true, "The series the budget counts."),
            KeySpec("amount", .number, required: true, "The amount over one period, in the series' unit."),
            KeySpec(
                "period", .choice(["day", "week", "month", "days"]), required: true,
                "day, week, month, or days (N days)."),
            KeySpec("week_starts", .choice(Budget.weekdays), "First day of a week period (default monday)."),
            KeySpec("days", .integer(min: 1), "Length of a days period."),
            KeySpec("starting", .date, "A day a days period starts on (default 2026-01-05)."),
        ],
        requiredWhen: [
            .init(key: "period", value: "days", required: ["days"])
        ])
}
