import Foundation

/// `overlapping_sources: priority`: within each real (UTC) hour, as `hourly_max` judges hours,
/// the sum counts the samples of the best-ranked source that wrote in that hour.
///
/// The ranking is the series' `source_priority` when the YAML gives one (first preferred), else
/// the one an import stored for the series and subject (`source_rank`: Health Connect's own
/// priority list, from its export), else none. Sources the ranking does not name come after
/// every ranked one and are chosen among themselves as `hourly_max` chooses: the largest total
/// that hour, on a tie the first name. Without any ranking the numbers are `hourly_max`'s.
/// As under `hourly_max`, only sums change; the other aggregates see every source's samples.
extension MetricQuery {
    /// Whether the counted source of an hour is chosen by rank.
    var ranksSources: Bool { series.overlappingSources == .priority }

    /// The SQL rank (0 first) of the source named by `column`, NULL for an unranked one: the
    /// YAML's `source_priority`, else the stored ranking's.
    func sourceRank(_ column: String) -> SQLStatement {
        if let list = series.sourcePriority {
            guard !list.isEmpty else { return "CAST(NULL AS INTEGER)" }
            var sql: SQLStatement = "CASE \(sql: column)"
            for (rank, source) in list.enumerated() { sql += " WHEN \(source) THEN \(sql: String(rank))" }
            return sql + " END"
        }
        return """
            (SELECT r.rank FROM source_rank AS r WHERE r.subject = \(subjectID) AND r.series = \(series.id) \
            AND r.source = \(sql: column))
            """
    }

    /// The leading `ORDER BY` terms that put ranked sources first, best first (then the caller's
    /// own order), with a separating comma; empty unless `ranksSources`.
    func rankOrder(_ column: String) -> SQLStatement {
        guard ranksSources else { return "" }
        return "COALESCE(\(sourceRank(column)), \(sql: String(Int32.max))), "
    }

    /// The ranking as Swift reads it (source bytes to rank, as SQLite compares text), read in
    /// `db`'s snapshot; empty unless `ranksSources`.
    func sourceRanks(in db: StoreDatabase) throws -> [[UInt8]: Int] {
        guard ranksSources else { return [:] }
        let list = try series.sourcePriority ?? db.sourceRanking(subject: subjectID, series: series.id)
        var ranks: [[UInt8]: Int] = [:]
        for (rank, source) in list.enumerated() where ranks[Array(source.utf8)] == nil {
            ranks[Array(source.utf8)] = rank
        }
        return ranks
    }

    /// The sum over `scope` (a `FROM sample WHERE …` clause), each hour counted from its
    /// best-ranked source (then the largest total): `hourlyMaxSum` for `priority`.
    func prioritySum(_ scope: SQLStatement) -> SQLStatement {
        """
        SELECT SUM(t) FROM (SELECT t, ROW_NUMBER() OVER (PARTITION BY hr ORDER BY \(rankOrder("per_source.source"))\
        t DESC, per_source.source) AS n FROM (SELECT \(Self.hourExpression("start")) AS hr, source, SUM(value) AS t \
        \(scope) GROUP BY hr, source) AS per_source) AS per_hour WHERE n = 1
        """
    }

    /// The grouped statement's per period, group and hour choice for `priority` (see
    /// `groupedSQL`): from `h(k, g, hr, so, t)`, the best-ranked source's total.
    func priorityGroups(_ head: SQLStatement, group: SQLStatement, join: SQLStatement) -> SQLStatement {
        """
        \(head), h(k, g, hr, so, t) AS (
          SELECT b.k, \(group), \(Self.hourExpression("s.start")), s.source, SUM(s.value)
          \(join)
          GROUP BY 1, 2, 3, 4),
        m(k, g, t) AS (SELECT k, g, t FROM (SELECT k, g, t, ROW_NUMBER() OVER (
          PARTITION BY k, g, hr ORDER BY \(rankOrder("h.so"))t DESC, h.so) AS n FROM h) AS x WHERE n = 1)
        SELECT k, g, SUM(t) AS v FROM m GROUP BY k, g
        """
    }
}
