import Foundation
import GRDB

extension MetricQuery {
    /// The latest sample on or before the as-of day and the one before it, in the display
    /// unit (the Gezondheid hero card: current weight, its date, the change since the last).
    ///
    /// Several samples on one day are separate measurements: the previous one may be from the
    /// same day. Returns nil when there is no sample.
    public func fetchLatest(from store: SampleStore) throws -> LatestValue? {
        let highLocal = (asOf.dayNumber + 1) * 86_400
        let rows = try store.read { db in
            try Row.fetchAll(db, sql: """
                SELECT start, utc_offset, value FROM sample
                WHERE series = ? AND subject = ? AND start < ? AND \(localExpression) < ? \(categoryFilter)
                ORDER BY start DESC, id DESC LIMIT 2
                """, arguments: [series.id, subjectID, highLocal - shiftSeconds + 18 * 3600, highLocal]
                    + StatementArguments(categories ?? []))
        }
        guard let latest = rows.first else { return nil }
        let scale = KnownUnit.named(series.unit.rawValue)!.convert(1, to: displayUnit)!
        func day(_ row: Row) -> LocalDate {
            LocalDate(dayNumber: Int(((row["start"] as Int64) + Int64(row["utc_offset"] as Int) + Int64(shiftSeconds)) / 86_400))
        }
        let previous = rows.count > 1 ? rows[1] : nil
        return LatestValue(value: (latest["value"] as Double) * scale, date: day(latest),
                           at: Date(timeIntervalSince1970: TimeInterval(latest["start"] as Int64)),
                           previous: previous.map { ($0["value"] as Double) * scale },
                           previousDate: previous.map(day), unit: displayUnit.symbol)
    }
}
