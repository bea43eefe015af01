import GRDB

extension SampleStore {
    /// Calls `line` with every statement run on this store from now on, its arguments inlined
    /// (SQLite's expanded SQL), each ending in `;`. For bench/render.sh, which runs the same
    /// SQL in the `sqlite3` tool (`VITALS_TRACE_SQL=FILE`).
    public func traceStatements(_ line: @escaping @Sendable (String) -> Void) throws {
        try read { db in
            db.trace(options: .statement) { event in
                guard case let .statement(statement) = event else { return }
                let sql = statement.expandedSQL
                guard !sql.hasPrefix("--") else { return }  // a trigger's sub-statement
                line(sql + ";")
            }
        }
    }
}
