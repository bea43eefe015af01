import Foundation

/// One raw sample as a chart point: its day, its time span and its value in the display unit.
public struct MetricPoint: Sendable, Hashable {
    /// The day it counts for (own offset, after the day cutoff).
    public var date: LocalDate
    public var start: Date
    public var end: Date
    public var utcOffsetSeconds: Int
    public var value: Double
    public var category: String?
    public var tag: String?
}

extension MetricQuery {
    /// The individual samples over the metric's range (or only on `day`) in wall-clock order
    /// (those at one wall-clock second in `SampleOrder`), in the display unit: a night's
    /// hypnogram, a growth curve's weighings.
    ///
    /// Meant for short or sparse series; charts of dense series use `fetchBuckets`.
    public func fetchPoints(from store: SampleStore, on day: LocalDate? = nil) throws -> [MetricPoint] {
        let first: LocalDate
        let last: LocalDate
        if let day {
            (first, last) = (day, day)
        } else {
            guard let range = try rangeDays(in: store) else { return [] }
            (first, last) = range
        }
        let (low, high) = (Int64(localBound(first)), Int64(localBound(last.adding(days: 1))))
        var rows: [StoreRow]
        if countsHoursOnce {
            // Whole real hours are read, as an hour's counted source is judged on all its
            // samples: those of any offset, within the widest offset of the range.
            let (from, to) = (
                Self.hourStart(low) - Self.widestOffset - 3600,
                Self.hourStart(high - 1) + 3600 + Self.widestOffset + 3600
            )
            var ranks: [[UInt8]: Int] = [:]
            rows = try store.inSnapshot { db in
                ranks = try sourceRanks(in: db)
                return try db.fetchAll(
                    """
                    SELECT start, "end", utc_offset, local_start, value, category, tag, source FROM sample
                    WHERE \(sampleFilter(from: .value(Int(from)), before: .value(Int(to))))
                    ORDER BY local_start, \(SampleOrder.sql())
                    """)
            }
            let counted = Self.countedSources(
                rows.map { ($0["start"], $0["source"], $0["value"]) }, ranks: ranks)
            rows = rows.filter { row in
                let localStart: Int64 = row["local_start"]
                let start: Int64 = row["start"]
                let source: String = row["source"]
                return localStart >= low && localStart < high
                    && counted[Self.hourStart(start)]?.elementsEqual(source.utf8) == true
            }
        } else {
            rows = try store.inSnapshot { db in
                try db.fetchAll(
                    """
                    SELECT start, "end", utc_offset, local_start, value, category, tag FROM sample
                    WHERE \(sampleFilter(from: .value(Int(low)), before: .value(Int(high))))
                    ORDER BY local_start, \(SampleOrder.sql())
                    """)
            }
        }
        return rows.map { row in
            let start: Int64 = row["start"]
            let offset: Int = row["utc_offset"]
            let category: String = row["category"]
            let tag: String = row["tag"]
            return MetricPoint(
                date: self.day(localStart: row["local_start"]),
                start: Date(timeIntervalSince1970: TimeInterval(start)),
                end: Date(timeIntervalSince1970: TimeInterval(row["end"] as Int64)),
                utcOffsetSeconds: offset, value: toDisplay(row["value"]),
                category: category.isEmpty ? nil : category, tag: tag.isEmpty ? nil : tag)
        }
    }
}
