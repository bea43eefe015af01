import Foundation

/// Several sources over the same time (a phone and a watch both counting steps).
///
/// The store keeps every source's samples (the source is part of a sample's natural key).
/// For a series declared `overlapping_sources: hourly_max`, a `sum` counts each hour of real
/// time once: within each hour (UTC, by a sample's start) the source with the largest total
/// for that hour is taken, then the hours add up into the bucket. A real hour, not a wall-clock
/// one: the hour a fall-back night repeats is two hours of steps, and two devices writing
/// different offsets for the same minutes (a scale in UTC, a phone in local time) share one.
/// A sample's bucket is still its local day. With a single source this is the plain sum.
/// `overlapping_sources: priority` takes, in the same hours, the best-ranked source that wrote
/// in the hour instead (see `MetricQuery+Priority.swift`). Other aggregates (mean, min, max,
/// count, first, last) see every source's samples under either rule, as other series do.
extension MetricQuery {
    /// Whether sums take one source per hour (see the extension's summary).
    var countsHoursOnce: Bool { aggregate == .sum && series.overlappingSources != nil }

    /// The SQL expression of the hour (since 1970) holding the seconds in `column`: given the
    /// `start` column, a sample's real (UTC) hour.
    static func hourExpression(_ column: SQLStatement) -> SQLStatement {
        "(\(column) - (\(column) % 3600 + 3600) % 3600) / 3600"
    }

    /// The sum over `scope` (a `FROM sample WHERE …` clause), each hour counted from its
    /// largest source.
    func hourlyMaxSum(_ scope: SQLStatement) -> SQLStatement {
        if ranksSources { return prioritySum(scope) }
        return """
            SELECT SUM(t) FROM (SELECT MAX(t) AS t FROM (SELECT \(Self.hourExpression("start")) AS hr, source, \
            SUM(value) AS t \(scope) GROUP BY hr, source) AS per_source GROUP BY hr) AS per_hour
            """
    }
}

extension MetricQuery {
    /// The start of the hour holding `seconds` (seconds since 1970; for a sample's `start`,
    /// its real hour).
    static func hourStart(_ seconds: Int64) -> Int64 {
        seconds - ((seconds % 3600) + 3600) % 3600
    }

    /// The largest UTC offset a sample may carry: a real hour's samples lie within this of it
    /// in `local_start`.
    static let widestOffset: Int64 = 64_800

    /// Each real hour's counted source (keyed by `hourStart` of the start), as
    /// `countedSourceFilter` picks it: the best-ranked source (`ranks`, for
    /// `overlapping_sources: priority`; unranked ones after), then the largest total that hour,
    /// on a tie the first name as SQLite orders text. Names are compared as their UTF-8 bytes, as SQLite does (Swift's
    /// `String` equality would merge canonically equal spellings). `samples` are every sample
    /// of the hours concerned.
    static func countedSources(
        _ samples: [(start: Int64, source: String, value: Double)], ranks: [[UInt8]: Int] = [:]
    ) -> [Int64: [UInt8]] {
        var totals: [Int64: [[UInt8]: Double]] = [:]
        for sample in samples {
            totals[hourStart(sample.start), default: [:]][Array(sample.source.utf8), default: 0] += sample.value
        }
        return totals.mapValues { bySource in
            bySource.min { a, b in
                let (rankA, rankB) = (ranks[a.key] ?? Int.max, ranks[b.key] ?? Int.max)
                if rankA != rankB { return rankA < rankB }
                return a.value != b.value ? a.value > b.value : a.key.lexicographicallyPrecedes(b.key)
            }?
            .key ?? []
        }
    }

    /// For the latest samples of a series whose sums count hours once: `AND` only
    /// the samples of each real hour's counted source (the best-ranked under `priority`, then
    /// the largest total; on a tie, the first source by name), so the points of a day add up to its sum. Empty otherwise. The outer
    /// `sample` table is `o`; the hour's samples are found through `local_start` (indexed)
    /// widened by the largest offset, then by `start`.
    func countedSourceFilter() -> SQLStatement {
        guard countsHoursOnce else { return "" }
        let hourStart: SQLStatement = "(o.start - (o.start % 3600 + 3600) % 3600)"
        let from: SQLStatement = "\(hourStart) - \(Self.widestOffset)"
        let before: SQLStatement = "\(hourStart) + \(3600 + Self.widestOffset)"
        return """
             AND o.source = (SELECT source FROM sample WHERE \(sampleFilter(from: .sql(from), before: .sql(before))) \
            AND start >= \(hourStart) AND start < \(hourStart) + 3600 \
            GROUP BY source ORDER BY \(rankOrder("sample.source"))SUM(value) DESC, source LIMIT 1)
            """
    }
}
