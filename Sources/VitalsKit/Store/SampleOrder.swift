import Foundation

/// The one order of a series' samples within a day, wherever a day's first or last sample is
/// taken or its samples are listed (a day's weigh-ins: the chart's point, "Latest", the list
/// and its "used" mark): by real instant (`start`, UTC), whatever offset each was written at
/// (a scale writing UTC, a phone local time); samples at the same instant by value, then end,
/// category, tag and source. Those columns with the series and subject are the natural key,
/// which is unique, so the order is total: every backend gives the same sequence, and a day's
/// first is its head, its last its tail (of two weigh-ins at one instant, the lighter is first).
/// Texts compare as their bytes, as SQLite compares text and PostgreSQL its `COLLATE "C"` columns.
enum SampleOrder {
    /// `ORDER BY` terms naming the columns of `alias` (ascending, or all descending).
    static func sql(_ alias: MetricQuery.SampleAlias = .none, descending: Bool = false) -> SQLStatement {
        let direction = descending ? " DESC" : ""
        return ["start", "value", "\"end\"", "category", "tag", "source"]
            .map { alias.column($0) + SQLStatement(sql: direction) }
            .joined(separator: ", ")
    }
}
