import Foundation

/// One entry toward a category, as the day ledger reads it from the store.
public struct LedgerEntry: Sendable, Hashable {
    public var seriesID: String
    /// In the series' base unit.
    public var value: Double
    /// The stored tag (a meal slot id, an alias such as `snack`, or nil).
    public var tag: String?
    /// Wall-clock seconds since 1970 at the recorded offset (start + UTC offset).
    public var localStart: Int64
    /// The food it was logged as (`vitals log food`), if any.
    public var food: String?

    public init(seriesID: String, value: Double, tag: String? = nil, localStart: Int64, food: String? = nil) {
        self.seriesID = seriesID
        self.value = value
        self.tag = tag
        self.localStart = localStart
        self.food = food
    }
}

/// What was logged on one DragonHealth day: totals per category and per meal slot.
public struct PortionDay: Sendable, Hashable {
    public var date: LocalDate
    /// Category id → the day's total in the category's unit.
    public var totals: [String: Double] = [:]
    /// Meal slot id → category id → amount.
    public var bySlot: [String: [String: Double]] = [:]
    /// Meal slot id → foods logged in it, in time order.
    public var foodsBySlot: [String: [String]] = [:]
    /// Whether anything at all was logged toward a category.
    public var hasEntries: Bool = false

    public init(date: LocalDate) { self.date = date }

    public func total(_ categoryID: String) -> Double { totals[categoryID] ?? 0 }
}

/// Reads the DragonHealth days from the store: each entry of a category's series counts for the
/// day it belongs to after the day cutoff (a 01:30 snack with a 04:00 cutoff is the evening
/// before), in the meal slot it was tagged with (an alias such as `snack` counts for its slot),
/// else in the slot its time of day falls in.
public struct DayLedger: Sendable {
    public var book: PortionBook
    public var subjectID: String

    public init(book: PortionBook, subjectID: String = "me") {
        self.book = book
        self.subjectID = subjectID
    }

    /// The day a wall-clock instant counts for.
    public func day(ofLocalStart localStart: Int64) -> LocalDate {
        let shifted = Double(localStart - Int64(book.dayCutoffMinutes * 60))
        return LocalDate(dayNumber: Int((shifted / 86_400).rounded(.down)))
    }

    /// Groups entries into days `first...last` (every day present, empty ones too).
    public func days(_ entries: [LedgerEntry], from first: LocalDate, through last: LocalDate) -> [PortionDay] {
        guard first <= last else { return [] }
        var days = (first.dayNumber...last.dayNumber).map { PortionDay(date: LocalDate(dayNumber: $0)) }
        let categoryBySeries = Dictionary(
            book.categories.filter(\.isEnabled).map { ($0.seriesID, $0.id) },
            uniquingKeysWith: { first, _ in first })
        // A non-empty tag's slot does not depend on the entry's time: resolved once per tag
        // (resolving normalises every slot's names; per entry it was most of `render --all`).
        var slotByTag: [String: String] = [:]
        for entry in entries.sorted(by: { $0.localStart < $1.localStart }) {
            guard let categoryID = categoryBySeries[entry.seriesID] else { continue }
            let date = day(ofLocalStart: entry.localStart)
            let index = date.dayNumber - first.dayNumber
            guard index >= 0, index < days.count else { continue }
            let slot: String
            if let tag = entry.tag, !tag.isEmpty {
                if let known = slotByTag[tag] {
                    slot = known
                } else {
                    slot = slotID(for: entry)
                    slotByTag[tag] = slot
                }
            } else {
                slot = slotID(for: entry)
            }
            days[index].totals[categoryID, default: 0] += entry.value
            days[index].bySlot[slot, default: [:]][categoryID, default: 0] += entry.value
            if let food = entry.food { days[index].foodsBySlot[slot, default: []].append(food) }
            days[index].hasEntries = true
        }
        return days
    }

    /// The slot an entry counts in: its tag's slot, else the slot of its time of day.
    public func slotID(for entry: LedgerEntry) -> String {
        if let tag = entry.tag, let slot = try? MealSlotNames.resolve(tag, in: book) { return slot.id }
        if let tag = entry.tag, !tag.isEmpty { return tag }
        let seconds = ((entry.localStart % 86_400) + 86_400) % 86_400
        return MealSlotNames.slot(atMinutes: Int(seconds / 60), in: book)?.id ?? "other"
    }

    /// Reads the entries of every enabled category for days `first...last` from the store;
    /// with `loggedBy` (a moment, seconds since 1970 UTC), only those timed at or before it.
    public func read(
        from store: SampleStore, first: LocalDate, through last: LocalDate,
        loggedBy: Int64? = nil
    ) throws -> [PortionDay] {
        let series = Array(Set(book.categories.filter(\.isEnabled).map(\.seriesID))).sorted()
        let entries = try Self.entries(
            series: series, subject: subjectID, from: first, through: last,
            cutoffMinutes: book.dayCutoffMinutes, loggedBy: loggedBy, in: store)
        return days(entries, from: first, through: last)
    }

    /// Entries of `series` whose day (after the cutoff) lies in `first...last`; with `loggedBy`
    /// (seconds since 1970 UTC), only those timed at or before that moment. The moment, not the
    /// wall clock: an entry made before it under another UTC offset (the hour summer time ends
    /// repeats) is still before it.
    static func entries(
        series: [String], subject: String, from first: LocalDate, through last: LocalDate,
        cutoffMinutes: Int, loggedBy: Int64? = nil, in store: SampleStore
    ) throws -> [LedgerEntry] {
        guard !series.isEmpty, first <= last else { return [] }
        let low = Int64(first.dayNumber) * 86_400 + Int64(cutoffMinutes * 60)
        let high = Int64(last.dayNumber + 1) * 86_400 + Int64(cutoffMinutes * 60)
        let marks = Array(repeating: "?", count: series.count).joined(separator: ", ")
        var arguments: StoreArguments = StoreArguments(series)
        arguments += [subject, low, high]
        if let loggedBy { arguments += [loggedBy] }
        return try store.inSnapshot { db in
            // The food named in a sample's metadata JSON, NULL when it is not valid JSON.
            let food = db.dialect.jsonTextField("metadata", "food")
            return try db.fetchAll(
                sql: """
                    SELECT series, value, tag, local_start, \(food) AS food
                    FROM sample WHERE series IN (\(marks)) AND subject = ? AND local_start >= ? AND local_start < ?\(
                    loggedBy == nil ? "" : " AND start <= ?")
                    ORDER BY local_start, id
                    """, arguments: arguments
            ).map { row in
                let tag: String = row["tag"]
                let metadataFood: String? = row["food"]
                return LedgerEntry(
                    seriesID: row["series"], value: row["value"], tag: tag.isEmpty ? nil : tag,
                    localStart: row["local_start"], food: metadataFood)
            }
        }
    }

    /// The first day anything was logged toward an enabled category (or one of `extra`
    /// series, a budget's), or nil; with `loggedBy` (seconds since 1970 UTC), of what was logged
    /// by that moment.
    public func firstDay(in store: SampleStore, including extra: [String] = [], loggedBy: Int64? = nil) throws
        -> LocalDate?
    {
        let series = Array(Set(book.categories.filter(\.isEnabled).map(\.seriesID) + extra)).sorted()
        guard !series.isEmpty else { return nil }
        let marks = Array(repeating: "?", count: series.count).joined(separator: ", ")
        var arguments = StoreArguments(series)
        arguments += [subjectID]
        if let loggedBy { arguments += [loggedBy] }
        let first = try store.inSnapshot { db in
            try db.fetchValue(
                Int64.self,
                sql: "SELECT MIN(local_start) FROM sample WHERE series IN (\(marks)) AND subject = ?"
                    + (loggedBy == nil ? "" : " AND start <= ?"),
                arguments: arguments)
        }
        return first.map { day(ofLocalStart: $0) }
    }
}
