import Foundation

/// The statements behind a metric's charts, composed as `SQLStatement`s: every value (series,
/// subject, categories, tag spellings, bounds, counts) travels as a statement argument; only
/// column names, table aliases and SQL functions from a fixed set are written into the text.
///
/// A chart's buckets are one short statement whatever its range: SQLite generates the bucket
/// bounds (`bucketTable`) from the first bucket and their count, so ten years of days parse as
/// quickly as a week.
extension MetricQuery {
    /// How a statement names the `sample` table whose columns a filter tests.
    enum SampleAlias {
        /// The only `sample` in scope (unqualified names).
        case none
        /// `sample AS s`, joined to the bucket table.
        case s
        /// `sample AS o`, the outer table of a correlated subquery.
        case o

        /// `s.series` for `.s`, `series` for `.none`.
        func column(_ name: String) -> SQLStatement {
            switch self {
            case .none: return SQLStatement(sql: name)
            case .s: return SQLStatement(sql: "s." + name)
            case .o: return SQLStatement(sql: "o." + name)
            }
        }
    }

    /// One end of a statement's `local_start` range: a number, or an expression (the bucket
    /// table's `b.lo` and `b.hi`, an hour's bounds in a correlated subquery).
    enum SampleBound {
        case value(Int)
        case sql(SQLStatement)

        /// The bound as SQL: a statement argument for a number.
        var statement: SQLStatement {
            switch self {
            case .value(let bound): return "\(bound)"
            case .sql(let bound): return bound
            }
        }
    }

    /// `series = ? AND subject = ?` plus the query's category filter (`category IN (?, …)`),
    /// naming the columns of `alias`, and the statement's `local_start` range as one lower
    /// and one upper bound. With `seriesID` (a divisor), that series without the category
    /// filter.
    ///
    /// Only samples whose day (after the cutoff) is on or before the as-of day: what is
    /// logged after it is never counted, whatever a statement's own bounds (a week bucket
    /// holding the as-of day runs past it, a divisor's latest weigh-in, the earliest day).
    /// So the upper bound is the earlier of `before` and the as-of cutoff, worked out here
    /// for a number and by `CASE` for an expression. The range gets one upper bound because
    /// SQLite ranges an index scan by one of them: given the cutoff beside `before`, a scan
    /// can read every sample up to the as-of day. `pastAsOf` leaves the cutoff out, for the
    /// one question that must read past it (the newest sample whatever the as-of day).
    func sampleFilter(
        seriesID: String? = nil, alias: SampleAlias = .none, from lower: SampleBound? = nil,
        before upper: SampleBound? = nil, pastAsOf: Bool = false
    ) -> SQLStatement {
        let localStart = alias.column("local_start")
        var sql: SQLStatement =
            "\(alias.column("series")) = \(seriesID ?? series.id) AND \(alias.column("subject")) = \(subjectID)"
        if let categories, seriesID == nil {
            sql += " AND \(alias.column("category")) IN \(categories)"
        }
        if let lower { sql += " AND \(localStart) >= \(lower.statement)" }
        let cutoff = asOfCutoff
        switch (upper, pastAsOf) {
        case (nil, true): break
        case (let bound?, true): sql += " AND \(localStart) < \(bound.statement)"
        case (nil, false): sql += " AND \(localStart) < \(cutoff)"
        case (.value(let bound), false): sql += " AND \(localStart) < \(min(bound, cutoff))"
        case (.sql(let bound), false):
            sql += " AND \(localStart) < CASE WHEN \(bound) < \(cutoff) THEN \(bound) ELSE \(cutoff) END"
        }
        return sql
    }

    /// The `local_start` bound nothing counted reaches: the start of the day after the as-of day.
    var asOfCutoff: Int { localBound(asOf.adding(days: 1)) }

    /// The periods as a `b(k, lo, hi)` table of `local_start` bounds (`lo` inclusive, `hi`
    /// exclusive), `k` counting from 0: a recursive common table expression SQLite runs from the
    /// first period's bounds and the count. `periods` are consecutive `bucket` periods as
    /// `BucketCalendar.buckets` makes them (one period for `.none`); months step by their
    /// lengths in days, leap years included, in integer arithmetic (conditions turned into
    /// 0 or 1 by CASE, which SQLite and PostgreSQL both read).
    func bucketTable(_ periods: [(start: LocalDate, end: LocalDate)], _ bucket: Bucket) -> SQLStatement {
        let first = periods.first ?? (asOf, asOf)
        let (lo, hi, count) = (localBound(first.start), localBound(first.end.adding(days: 1)), periods.count)
        switch bucket {
        case .day, .week, .none:
            let step = bucket == .week ? 7 * 86_400 : 86_400
            return """
                WITH RECURSIVE b(k, lo, hi) AS (SELECT 0, \(lo), \(hi) WHERE \(count) > 0 \
                UNION ALL SELECT k + 1, hi, hi + \(step) FROM b WHERE k + 1 < \(count))
                """
        case .month:
            // `y`, `m`: the month of the next row's period; its length is hi's step.
            let next = first.end.adding(days: 1)
            return """
                WITH RECURSIVE b(k, lo, hi, y, m) AS (SELECT 0, \(lo), \(hi), \(next.year), \(next.month) WHERE \(count) > 0 \
                UNION ALL SELECT k + 1, hi, hi + 86400 * CASE m \
                WHEN 2 THEN CASE WHEN y % 4 = 0 AND (y % 100 <> 0 OR y % 400 = 0) THEN 29 ELSE 28 END \
                WHEN 4 THEN 30 WHEN 6 THEN 30 WHEN 9 THEN 30 WHEN 11 THEN 30 ELSE 31 END, \
                y + CASE WHEN m = 12 THEN 1 ELSE 0 END, m % 12 + 1 FROM b WHERE k + 1 < \(count))
                """
        }
    }

    /// The SQL function of an aggregate that is one (`SUM`, `AVG`, `MIN`, `MAX`); nil for
    /// count, first and last, which each need their own query shape.
    static func sqlFunction(_ aggregate: Aggregate) -> SQLStatement? {
        switch aggregate {
        case .sum: return "SUM"
        case .mean: return "AVG"
        case .min: return "MIN"
        case .max: return "MAX"
        case .count, .first, .last: return nil
        }
    }

    /// One value per period, rows `(k, v)`: a correlated aggregate over an index range scan of
    /// (series, subject, local_start) per period, so nothing is sorted and only the periods'
    /// samples are read. Column `v` is NULL for a period without samples. `bucket` is the
    /// periods' kind (see `bucketTable`). (A sum counting hours once is read by
    /// `hourlyMaxSums`; its SQL here gives the same numbers, for `inlineSQL`.)
    func bucketSQL(
        _ periods: [(start: LocalDate, end: LocalDate)], _ bucket: Bucket, seriesID: String? = nil,
        aggregate: Aggregate? = nil
    ) -> SQLStatement {
        let scope: SQLStatement =
            "FROM sample WHERE \(sampleFilter(seriesID: seriesID, from: .sql("b.lo"), before: .sql("b.hi")))"
        let aggregate = aggregate ?? self.aggregate
        let inner: SQLStatement
        switch (aggregate, Self.sqlFunction(aggregate)) {
        case (.sum, _) where seriesID == nil && countsHoursOnce:
            inner = hourlyMaxSum(scope)
        case (_, let function?): inner = "SELECT \(function)(value) \(scope)"
        // A day's first and last by real instant, a total order (`SampleOrder`).
        case (.first, _): inner = "SELECT value \(scope) ORDER BY \(SampleOrder.sql()) LIMIT 1"
        case (.last, _): inner = "SELECT value \(scope) ORDER BY \(SampleOrder.sql(descending: true)) LIMIT 1"
        default: inner = "SELECT NULLIF(COUNT(*), 0) \(scope)"
        }
        return "\(bucketTable(periods, bucket)) SELECT k, (\(inner)) AS v FROM b"
    }

    /// One value per period and per group, rows `(k, g, v)`, for splits: `group` is an
    /// expression over `sample AS s` (`s.category`, or the tag's meal slot).
    func groupedSQL(_ periods: [(start: LocalDate, end: LocalDate)], _ bucket: Bucket, group: SQLStatement)
        -> SQLStatement
    {
        let join: SQLStatement =
            "FROM b JOIN sample AS s ON \(sampleFilter(alias: .s, from: .sql("b.lo"), before: .sql("b.hi")))"
        if aggregate == .first || aggregate == .last {
            // Each group's first (last) sample by a window over its rows, in `SampleOrder`:
            // a form SQLite and PostgreSQL both read.
            let order: SQLStatement =
                aggregate == .first ? "at, v, en, ca, ta, so" : "at DESC, v DESC, en DESC, ca DESC, ta DESC, so DESC"
            return """
                \(bucketTable(periods, bucket)) SELECT k, g, v FROM (
                  SELECT k, g, v, ROW_NUMBER() OVER (PARTITION BY k, g ORDER BY \(order)) AS rn FROM (
                    SELECT b.k AS k, \(group) AS g, s.value AS v, s.start AS at, s."end" AS en, s.category AS ca,
                      s.tag AS ta, s.source AS so \(join)) AS x) AS y
                WHERE rn = 1
                """
        }
        let columns: SQLStatement
        switch (aggregate, Self.sqlFunction(aggregate)) {
        case (_, let function?): columns = "\(function)(s.value) AS v"
        default: columns = "COUNT(*) AS v"
        }
        // Grouped by position: the group expression carries arguments, written once.
        if countsHoursOnce, ranksSources {
            return priorityGroups(bucketTable(periods, bucket), group: group, join: join)
        }
        if countsHoursOnce {
            // Per period, group and hour, the largest source's total; those add up.
            return """
                \(bucketTable(periods, bucket)), h(k, g, hr, t) AS (
                  SELECT b.k, \(group), \(Self.hourExpression("s.start")), SUM(s.value)
                  \(join)
                  GROUP BY 1, 2, 3, s.source),
                m(k, g, t) AS (SELECT k, g, MAX(t) FROM h GROUP BY k, g, hr)
                SELECT k, g, SUM(t) AS v FROM m GROUP BY k, g
                """
        }
        return "\(bucketTable(periods, bucket)) SELECT b.k AS k, \(group) AS g, \(columns) \(join) GROUP BY 1, 2"
    }

    /// The statement behind `fetchBuckets`; nil when the query reads no periods.
    package func bucketStatement() throws -> SQLStatement? {
        guard let periods = try readPeriods(in: nil) else { return nil }
        return try bucketSQL(periods, bucket)
    }
}
