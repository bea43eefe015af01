import Foundation

extension MetricQuery {
    /// Meal slots in the order a day runs when the catalog declares none; other tags follow
    /// alphabetically.
    public static let mealSlotOrder = ["breakfast", "lunch", "dinner", "snack"]

    /// The key a sample without a tag is reported under.
    public static let untaggedKey = "untagged"

    /// The metric's aggregate per bucket and per tag (`by: .tag`) or per category
    /// (`.category`; the default for a category series), in the display unit.
    ///
    /// Sleep: `MetricQuery` with the sleep series, `bucket: .day` gives minutes (or hours)
    /// per stage per night, each night on the date it ends on.
    public func fetchSplit(from store: SampleStore, by splitBy: SplitKey? = nil) throws -> MetricSplit {
        let key = splitBy ?? binding.splitBy ?? (series.kind == .category ? .category : .tag)
        guard let (first, last) = try rangeDays(in: store) else {
            return MetricSplit(keys: [], buckets: [], unit: unitSymbol, splitBy: key)
        }
        let periods = BucketCalendar.buckets(from: first, through: last, bucket)
        let group = key == .tag ? tagGroups.sql(SampleAlias.s.column("tag")) : SampleAlias.s.column(key.column)
        let literal = groupedSQL(periods, bucket, group: group)
        let rows = try store.inSnapshot { db in try db.fetchAll(literal) }
        var cells: [Int: [String: Double]] = [:]
        var seen = Set<String>()
        for row in rows {
            guard let value = row["v"] as Double? else { continue }
            let raw: String = row["g"]
            let name = raw.isEmpty ? MetricQuery.untaggedKey : raw
            seen.insert(name)
            cells[row["k"] as Int, default: [:]][name] = toDisplay(value)
        }
        let keys = orderedKeys(seen, splitBy: key)
        let buckets = periods.enumerated().map { index, period in
            MetricSplit.Bucket(start: period.start, end: period.end, values: keys.map { cells[index]?[$0] })
        }
        return MetricSplit(keys: keys, buckets: buckets, unit: unitSymbol, splitBy: key)
    }

    /// Known keys first in their natural order (meal slots, or the series' categories, or the
    /// query's category filter), then the rest alphabetically, `untagged` last.
    func orderedKeys(_ seen: Set<String>, splitBy: SplitKey) -> [String] {
        let preferred = splitBy == .tag ? tagGroups.order : (categories ?? series.categories)
        var keys = preferred.filter(seen.contains)
        keys += seen.subtracting(preferred).subtracting([MetricQuery.untaggedKey]).sorted()
        if seen.contains(MetricQuery.untaggedKey) { keys.append(MetricQuery.untaggedKey) }
        return keys
    }
}
