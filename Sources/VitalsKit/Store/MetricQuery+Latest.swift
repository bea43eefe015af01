import Foundation
import GRDB

extension MetricQuery {
    /// The latest sample on or before the as-of day and the one before it, in the display
    /// unit (the Gezondheid hero card: current weight, its date, the change since the last).
    ///
    /// Several samples on one day are separate measurements: the previous one may be from the
    /// same day. Order is by local wall-clock time. Returns nil when there is no sample.
    public func fetchLatest(from store: SampleStore) throws -> LatestValue? {
        let rows = try store.inSnapshot { db in
            try db.fetchAll("""
                SELECT start, utc_offset, local_start, value FROM sample AS o
                WHERE \(sampleFilter(alias: .o)) AND o.local_start < \(localBound(asOf.adding(days: 1)))\(countedSourceFilter())
                ORDER BY o.local_start DESC LIMIT 2
                """)
        }
        guard let latest = rows.first else { return nil }
        func day(_ row: StoreRow) -> LocalDate { self.day(localStart: row["local_start"]) }
        let previous = rows.count > 1 ? rows[1] : nil
        return LatestValue(value: toDisplay(latest["value"]), date: day(latest),
                           at: Date(timeIntervalSince1970: TimeInterval(latest["start"] as Int64)),
                           previous: previous.map { toDisplay($0["value"]) },
                           previousDate: previous.map(day), unit: displayUnit.symbol)
    }
}

extension MetricQuery {
    /// The day of the series' newest sample for the subject (in the query's category filter),
    /// whatever the as-of day and range; nil when the store has none. Tells an empty range
    /// from an empty store.
    public func fetchNewestDay(from store: SampleStore) throws -> LocalDate? {
        try store.inSnapshot { db in
            try db.fetchValue(Int64.self, "SELECT local_start FROM sample WHERE \(sampleFilter()) ORDER BY local_start DESC LIMIT 1")
        }.map { day(localStart: $0) }
    }
}

extension MetricQuery {
    /// The day of the series' earliest sample for the subject (for sleep, the first night of
    /// any category), whatever the as-of day and range; nil when the store has none.
    public func fetchEarliestDay(from store: SampleStore) throws -> LocalDate? {
        try earliestDay(in: store)
    }
}
