import Foundation

/// The order an import stated for the sources of a series (`source_rank`): Health Connect's own
/// priority list per data category, mapped to the series its record tables feed. What
/// `overlapping_sources: priority` ranks by where the series' YAML gives no `source_priority`.
extension StoreDatabase {
    /// The sources of `series` for `subject`, preferred first; empty when none was stored.
    public func sourceRanking(subject: String, series: String) throws -> [String] {
        try fetchValues(
            String.self, sql: "SELECT source FROM source_rank WHERE subject = ? AND series = ? ORDER BY rank, source",
            arguments: [subject, series])
    }

    /// Replaces the stored order of `series`' sources for `subject` with `sources` (preferred
    /// first; a repeated source keeps its first place), inside this transaction: the import
    /// that states it replaces what an earlier one stated, all or nothing with its samples.
    /// An empty list removes the ranking.
    public func replaceSourceRanking(subject: String, series: String, sources: [String]) throws {
        try execute(sql: "DELETE FROM source_rank WHERE subject = ? AND series = ?", arguments: [subject, series])
        var seen = Set<[UInt8]>()
        for source in sources where seen.insert(Array(source.utf8)).inserted {
            try execute(
                sql: "INSERT INTO source_rank (subject, series, source, rank) VALUES (?, ?, ?, ?)",
                arguments: [subject, series, source, seen.count - 1])
        }
    }
}

extension SampleStore {
    /// The stored order of `series`' sources for `subject` (see `StoreDatabase.sourceRanking`).
    public func sourceRanking(subject: String, series: String) throws -> [String] {
        try inSnapshot { db in try db.sourceRanking(subject: subject, series: series) }
    }
}
