import Foundation

/// What one source wrote into the store: how many samples, into how many series, from which
/// local day to which (`vitals sources`), so that a source that stopped writing shows.
public struct SourceActivity: Sendable, Hashable {
    public var source: String
    public var samples: Int
    public var series: Int
    /// The local days of its first and last sample, at their own offsets.
    public var firstDay: LocalDate
    public var lastDay: LocalDate
}

extension SampleStore {
    /// Every source of `subject`'s samples with its counts and days, the most recent first.
    public func sourceActivity(subject: String) throws -> [SourceActivity] {
        try inSnapshot { db in
            try db.fetchAll(
                sql: """
                    SELECT source, COUNT(*), COUNT(DISTINCT series), MIN(start + utc_offset), MAX(start + utc_offset)
                    FROM sample WHERE subject = ? GROUP BY source
                    """, arguments: [subject]
            ).compactMap { row -> SourceActivity? in
                guard let source: String = row[0], let count: Int64 = row[1], let series: Int64 = row[2],
                    let first: Int64 = row[3], let last: Int64 = row[4]
                else { return nil }
                return SourceActivity(
                    source: source, samples: Int(count), series: Int(series),
                    firstDay: LocalDate(dayNumber: Self.day(first)), lastDay: LocalDate(dayNumber: Self.day(last)))
            }
            .sorted { ($0.lastDay, $1.source) > ($1.lastDay, $0.source) }
        }
    }

    /// The day number of local seconds since 1970.
    private static func day(_ seconds: Int64) -> Int {
        Int(seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400))
    }
}
