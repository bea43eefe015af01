/// The YAML vocabulary of the catalog: which lists a file may hold and the keys of each entry.
public enum CatalogSchema {
    /// The top-level lists and the entry each holds.
    public static let sections: [(key: String, entry: EntrySpec)] =
        [
            ("pillars", pillar), ("subjects", subject), ("series", series),
            ("screens", screen), ("metrics", metric),
        ] + PortionSchema.sections

    /// The `color` key, alike on pillars, metrics and categories.
    static let colorKey = KeySpec(
        "color", .color, "Colour: #RGB, #RRGGBB or a name (\(RGB.colorNames.joined(separator: ", "))).")

    public static let pillar = EntrySpec(
        name: "pillar",
        keys: [
            KeySpec("pillar_id", .identifier(.snakeCase), required: true, "Unique id, snake_case."),
            KeySpec("name", .string, required: true, "Name shown in headers."),
            colorKey,
            KeySpec("order", .integer(min: nil), "Position among pillars."),
        ])

    public static let subject = EntrySpec(
        name: "subject",
        keys: [
            KeySpec(
                "subject_id", .identifier(.snakeCase), required: true, "Unique id, snake_case; `me` exists by default."),
            KeySpec("name", .string, required: true, "Name shown on screens."),
            KeySpec("kind", .choice(SubjectKind.allCases.map(\.rawValue)), "human, dog or cat."),
            KeySpec("birth_date", .date, "YYYY-MM-DD."),
            KeySpec("sex", .choice(["female", "male", "other"]), "female, male or other."),
            KeySpec("breed", .string, "Breed, for pets."),
            KeySpec(
                "pregnancy", .nested(pregnancy),
                "A pregnancy: weight and height before it, and the due date (or last period)."),
        ])

    public static let pregnancy = EntrySpec(
        name: "pregnancy",
        keys: [
            KeySpec("pre_pregnancy_weight_kg", .number, required: true, "Weight before the pregnancy, kg (20–300)."),
            KeySpec("height_cm", .number, required: true, "Height, cm (100–250), for the pre-pregnancy BMI."),
            KeySpec("due_date", .date, "YYYY-MM-DD; give this or last_period."),
            KeySpec("last_period", .date, "YYYY-MM-DD, first day of the last period; the due date is 280 days later."),
        ])

    static let plausibleRange = EntrySpec(
        name: "range",
        keys: [
            KeySpec("min", .number, required: true, "Lowest plausible value in the base unit."),
            KeySpec("max", .number, required: true, "Highest plausible value in the base unit."),
        ])

    public static let series = EntrySpec(
        name: "series",
        keys: [
            KeySpec("series_id", .identifier(.snakeCase), required: true, "Unique id, snake_case."),
            KeySpec("kind", .choice(Series.Kind.allCases.map(\.rawValue)), required: true, "quantity or category."),
            KeySpec(
                "unit", .choice(BaseUnit.allCases.map(\.rawValue)), required: true, "Base unit values are stored in."),
            KeySpec("categories", .stringList, "Allowed categories of a category series."),
            KeySpec("min", .number, "Lowest plausible value (base unit) for a human."),
            KeySpec("max", .number, "Highest plausible value (base unit) for a human."),
            KeySpec(
                "by_kind", .mappingOf(keys: SubjectKind.allCases.map(\.rawValue), value: plausibleRange),
                "Plausible ranges for other subject kinds."),
            KeySpec("healthkit", .stringList, "HealthKit type identifiers imported into this series."),
            KeySpec(
                "overlapping_sources", .choice(Series.OverlapRule.allCases.map(\.rawValue)),
                "How a sum counts several sources over the same time: per hour, hourly_max takes the source with the largest total, priority the highest-ranked one."
            ),
            KeySpec(
                "source_priority", .stringList,
                "For overlapping_sources: priority, the sources in order, first preferred (health-connect:com.fitbit); overrides the ranking an import stored."
            ),
            KeySpec("description", .string, "What the series holds."),
        ])

    public static let screen = EntrySpec(
        name: "screen",
        keys: [
            KeySpec("screen_id", .identifier(.screen), required: true, "Unique id, SCREEN_…"),
            KeySpec("name", .string, required: true, "Name shown in the header."),
            KeySpec("pillar", .identifier(.snakeCase), required: true, "The pillar_id it belongs to."),
            KeySpec(
                "former_ids", .identifierList(.screen),
                "Older ids of this screen (SCREEN_…) that still find it in render, tree and explore."),
            KeySpec("is_active", .boolean, "Shown at all (default true)."),
            KeySpec("order", .integer(min: nil), "Position within its pillar."),
            KeySpec("subject", .identifier(.snakeCase), "Whose data it shows (default me)."),
            KeySpec("icon", .string, "An emoji or short symbol."),
            KeySpec("description", .string, "One line under the header."),
            KeySpec("empty_message", .string, "Shown when there is no data."),
            KeySpec(
                "language", .string,
                "The language of the words drawn around its data: en (default), nl, or any languages/<code>.yaml."),
            KeySpec(
                "config", .any,
                "Settings its screen module reads: the keys vitals modules lists, checked below by screen_id."),
        ])

    public static let target = EntrySpec(
        name: "target",
        keys: [
            KeySpec(
                "rule", .choice(["exact", "at_least", "at_most", "range"]), required: true, "How a value is judged."),
            KeySpec("value", .number, "The target value (exact, at_least, at_most)."),
            KeySpec("tolerance", .number, "Allowed distance for exact (default 0.25)."),
            KeySpec("min", .number, "Lower end for range."),
            KeySpec("max", .number, "Upper end for range."),
        ],
        requiredWhen: [
            .init(key: "rule", value: "exact", required: ["value"]),
            .init(key: "rule", value: "at_least", required: ["value"]),
            .init(key: "rule", value: "at_most", required: ["value"]),
            .init(key: "rule", value: "range", required: ["min", "max"]),
        ])

    public static let metric = EntrySpec(
        name: "metric",
        keys: [
            KeySpec("display_metric_id", .identifier(.metric), required: true, "Unique id, UPPER_SNAKE."),
            KeySpec("display_screen_id", .identifier(.screen), required: true, "The screen it is shown on."),
            KeySpec("display_name", .string, required: true, "Title of its chart."),
            KeySpec("chart_type_id", .chartType, required: true, "Which chart kind draws it."),
            KeySpec("is_primary", .boolean, "The screen's main metric (default false)."),
            KeySpec("is_active", .boolean, "Shown at all (default true)."),
            KeySpec("parent_metric_id", .identifier(.metric), "Metric it is shown under (Show more)."),
            KeySpec("order", .integer(min: nil), "Position among its siblings."),
            KeySpec("about_what", .string, "About: what it shows."),
            KeySpec("about_why", .string, "About: why it matters."),
            colorKey,
            KeySpec(
                "role", .identifier(.snakeCase), "The part it plays on a custom screen (growth, milestones, duration)."),
            KeySpec("series", .identifier(.snakeCase), "The series it reads."),
            KeySpec("aggregate", .choice(Aggregate.allCases.map(\.rawValue)), "How samples in a bucket combine."),
            KeySpec("bucket", .choice(Bucket.allCases.map(\.rawValue)), "Time bucket per column."),
            KeySpec("range", .timeRange, "How far back: 7d, 12w, 6m, 1y or all."),
            KeySpec("rolling", .integer(min: 1), "Rolling mean over this many buckets."),
            KeySpec(
                "split_by", .choice(SplitKey.allCases.map(\.rawValue)), "Split totals by tag (meal slot) or category."),
            KeySpec("unit", .string, "Display unit (same dimension as the series' unit)."),
            KeySpec("target", .nested(target), "Target rule for each bucket."),
            KeySpec("day_cutoff", .clockTime, "HH:MM; earlier samples count for the previous day."),
            KeySpec("categories", .stringList, "For a category series: only these categories count."),
            KeySpec("divide_by", .identifier(.snakeCase), "Divide by the latest value of this series."),
            KeySpec(
                "y", .nested(pairedSeries),
                "A second series plotted against this one (x) by a relating chart (scatter)."),
        ])

    public static let pairedSeries = EntrySpec(
        name: "paired_series",
        keys: [
            KeySpec("series", .identifier(.snakeCase), required: true, "The series on the y axis."),
            KeySpec("aggregate", .choice(Aggregate.allCases.map(\.rawValue)), "How its samples in a bucket combine."),
            KeySpec("unit", .string, "Display unit (same dimension as the series' unit)."),
            KeySpec("categories", .stringList, "For a category series: only these categories count."),
            KeySpec("lag_days", .integer(min: 0), "Read y this many days after x (0–30; bucket day only)."),
            KeySpec("name", .string, "What y is called in the chart's words."),
        ])
}

extension CatalogSchema {
    /// Every key name of every entry (nested ones too), for the composer to share
    /// (`YAMLKeyNames`) instead of making a string for each occurrence.
    static let keyNames: YAMLKeyNames = {
        var names: [String] = sections.map(\.key)
        var seen: Set<String> = []
        func collect(_ spec: EntrySpec) {
            guard seen.insert(spec.name + ":" + spec.keyNames.joined(separator: ",")).inserted else { return }
            for key in spec.keys {
                names.append(key.name)
                switch key.kind {
                case .nested(let nested): collect(nested)
                case .mappingOf(let keys, let value):
                    names += keys
                    collect(value)
                default: break
                }
            }
        }
        for section in sections { collect(section.entry) }
        return YAMLKeyNames(names)
    }()

    /// Every key name of every entry, once, in a fixed order: `KeyLocations` stores a key as
    /// its index here (2 bytes instead of a 16-byte string).
    static let knownKeys: (names: [String], index: [String: UInt16]) = {
        var names: [String] = []
        var index: [String: UInt16] = [:]
        var seen: Set<String> = []
        func collect(_ spec: EntrySpec) {
            guard seen.insert(spec.name + ":" + spec.keyNames.joined(separator: ",")).inserted else { return }
            for key in spec.keys {
                add(key.name)
                switch key.kind {
                case .nested(let nested): collect(nested)
                case .mappingOf(let keys, let value):
                    keys.forEach(add)
                    collect(value)
                default: break
                }
            }
        }
        func add(_ name: String) {
            guard index[name] == nil else { return }
            index[name] = UInt16(names.count)
            names.append(name)
        }
        for section in sections {
            add(section.key)
            collect(section.entry)
        }
        return (names, index)
    }()
}
