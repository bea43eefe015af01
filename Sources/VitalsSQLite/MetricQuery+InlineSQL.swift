import VitalsKit

extension MetricQuery {
    /// The SQL behind `fetchBuckets` with its arguments written in as SQLite quotes them
    /// (`sqlite3_expanded_sql`), for running in the `sqlite3` tool (benchmarks).
    public func inlineSQL() throws -> String {
        guard let statement = try bucketStatement() else { return "" }
        return try SampleStore.expandedSQL(statement)
    }
}
