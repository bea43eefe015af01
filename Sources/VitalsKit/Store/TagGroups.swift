/// How stored tags group into meal slots when a metric is split by tag.
///
/// With declared meal slots (metrics/portions.yaml) a tag counts for the slot whose id, name or
/// alias it names, in any case and with spaces, hyphens or underscores alike, so an old entry
/// tagged `snack` and a new one stored as `afternoon_snack` fall in one group, and the groups of
/// a day add up to its total. Tags that name no slot stay groups of their own.
public struct TagGroups: Sendable, Equatable {
    /// The groups in the order a day runs.
    public var order: [String]
    /// Normalized spelling → group (`snack` → `afternoon_snack`).
    public var spellings: [String: String]

    /// No slots declared: breakfast, lunch, dinner, snack, each tag as stored.
    public static let plain = TagGroups(order: MetricQuery.mealSlotOrder, spellings: [:])

    public init(order: [String], spellings: [String: String]) {
        self.order = order
        self.spellings = spellings
    }

    /// The groups of `slots` (`plain` when there are none).
    public init(_ slots: [MealSlot]) {
        guard !slots.isEmpty else {
            self = .plain
            return
        }
        var spellings: [String: String] = [:]
        for slot in slots {
            for spelling in [slot.id, slot.name] + slot.aliases {
                let key = MealSlotSpelling.normalized(spelling)
                if spellings[key] == nil { spellings[key] = slot.id }
            }
        }
        self.init(order: slots.map(\.id), spellings: spellings)
    }

    /// The group `tag` counts for (the tag itself when it names no slot).
    public func group(of tag: String) -> String {
        spellings[MealSlotSpelling.normalized(tag)] ?? tag
    }

    /// The same mapping as an SQL expression over the tag `column` (the column itself without
    /// declared slots), the spellings and groups as statement arguments. SQLite's `lower` folds
    /// ASCII only, as slot ids and aliases are.
    func sql(_ column: SQLStatement) -> SQLStatement {
        guard !spellings.isEmpty else { return column }
        let cases = spellings.sorted { $0.key < $1.key }.map { spelling, group -> SQLStatement in
            "WHEN \(spelling) THEN \(group)"
        }
        return
            "(CASE lower(replace(replace(trim(\(column)), ' ', '_'), '-', '_')) \(cases.joined(separator: " ")) ELSE \(column) END)"
    }
}
