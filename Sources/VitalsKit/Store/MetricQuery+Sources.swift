import Foundation
import GRDB

/// Several sources over the same time (a phone and a watch both counting steps).
///
/// The store keeps every source's samples (the source is part of a sample's natural key).
/// For a series declared `overlapping_sources: hourly_max`, a `sum` counts each local hour
/// once: within each hour (at the sample's recorded offset, by its start) the source with
/// the largest total for that hour is taken, then the hours add up into the bucket. With a
/// single source this is the plain sum. Other aggregates and other series are unchanged.
extension MetricQuery {
    /// Whether sums take one source per hour (see the extension's summary).
    var countsHoursOnce: Bool { aggregate == .sum && series.overlappingSources == .hourlyMax }

    /// The SQL expression of a sample's local hour (`local_start` is start + offset, seconds).
    static func hourExpression(_ column: SQL) -> SQL { "(\(column) - (\(column) % 3600 + 3600) % 3600) / 3600" }

    /// The sum over `scope` (a `FROM sample WHERE …` clause), each hour counted from its
    /// largest source.
    static func hourlyMaxSum(_ scope: SQL) -> SQL {
        """
        SELECT SUM(t) FROM (SELECT MAX(t) AS t FROM (SELECT \(hourExpression("local_start")) AS hr, source, \
        SUM(value) AS t \(scope) GROUP BY hr, source) AS per_source GROUP BY hr) AS per_hour
        """
    }
}

extension MetricQuery {
    /// The `local_start` where the local hour holding `localStart` begins.
    static func hourStart(_ localStart: Int64) -> Int64 {
        localStart - ((localStart % 3600) + 3600) % 3600
    }

    /// Each local hour's counted source (keyed by `hourStart`), as `countedSourceFilter` picks
    /// it: the largest total that hour, on a tie the first name as SQLite orders text. Names are
    /// compared as their UTF-8 bytes, as SQLite does (Swift's `String` equality would merge
    /// canonically equal spellings). `samples` are every sample of the hours concerned.
    static func countedSources(_ samples: [(localStart: Int64, source: String, value: Double)]) -> [Int64: [UInt8]] {
        var totals: [Int64: [[UInt8]: Double]] = [:]
        for sample in samples {
            totals[hourStart(sample.localStart), default: [:]][Array(sample.source.utf8), default: 0] += sample.value
        }
        return totals.mapValues { bySource in
            bySource.min { a, b in a.value != b.value ? a.value > b.value : a.key.lexicographicallyPrecedes(b.key) }?.key ?? []
        }
    }

    /// For the latest samples of a series whose sums count hours once: `AND` only
    /// the samples of each hour's counted source (the largest total; on a tie, the first
    /// source by name), so the points of a day add up to its sum. Empty otherwise. The outer
    /// `sample` table is `o`.
    func countedSourceFilter() -> SQL {
        guard countsHoursOnce else { return "" }
        let hourStart: SQL = "(o.local_start - (o.local_start % 3600 + 3600) % 3600)"
        return """
             AND o.source = (SELECT source FROM sample WHERE \(sampleFilter()) \
            AND local_start >= \(hourStart) AND local_start < \(hourStart) + 3600 \
            GROUP BY source ORDER BY SUM(value) DESC, source LIMIT 1)
            """
    }
}
