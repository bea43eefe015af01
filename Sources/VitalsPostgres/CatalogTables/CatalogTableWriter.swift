#if PostgreSQL
    import VitalsKit

    /// `vitals catalog push`: writes a catalog's entries to the tables of `CatalogTable.all`.
    ///
    /// The rows come from the YAML entries themselves (each key's value into its column), so what
    /// is read back is what was written, key by key. The whole catalog is replaced in one
    /// transaction, and a failure anywhere leaves the server's previous catalog as it was. A table
    /// whose columns are already what the layout wants is kept, its rows deleted and written anew,
    /// so privileges granted on it by hand and views on it stay. A table whose layout changed (a
    /// new vitals added a key) is dropped and made anew, with the privileges it had granted again
    /// and its owner kept. Pushing the same catalog twice gives the same tables.
    public enum CatalogTableWriter {
        /// Rows written per table, in the order of `CatalogTable.all`.
        public typealias Counts = [(table: String, rows: Int)]

        /// The rows of each table (`CatalogTable.all` order), values in `entry.keys` order then the
        /// position. `loaded` must be a catalog without errors (its files composed again here).
        static func rows(of loaded: LoadedCatalog) throws -> [[[PostgresValue]]] {
            var rows = Array(repeating: [[PostgresValue]](), count: CatalogTable.all.count)
            var position = 0
            for file in loaded.catalog.files {
                guard let text = loaded.sources[file] else { continue }
                guard let root = try YAMLComposer().compose(text, file: file).root, let pairs = root.pairs else {
                    continue
                }
                for (key, value) in pairs {
                    guard let index = CatalogTable.all.firstIndex(where: { $0.section == key.scalarText }) else {
                        continue
                    }
                    let table = CatalogTable.all[index]
                    for item in value.items ?? [] {
                        position += 1
                        rows[index].append(try row(item, table: table, position: position))
                    }
                }
            }
            return rows
        }

        private static func row(_ item: YAMLNode, table: CatalogTable, position: Int) throws -> [PostgresValue] {
            table.entry.keys.map { key -> PostgresValue in
                guard let node = item[key.name], !node.isNull else { return .null }
                let text = node.scalarText ?? ""
                switch CatalogTable.columnType(of: key.kind) {
                case .text: return node.scalarText.map(PostgresValue.text) ?? .text(YAMLJSON.json(node))
                case .bigint: return YAMLScalar.int(text).map { .integer(Int64($0)) } ?? .null
                case .double: return YAMLScalar.double(text).map(PostgresValue.double) ?? .null
                case .boolean: return YAMLScalar.bool(text).map(PostgresValue.bool) ?? .null
                case .json: return .text(YAMLJSON.json(node))
                }
            } + [.integer(Int64(position))]
        }

        /// Replaces the catalog tables of the database `session` is connected to with `loaded`.
        @discardableResult
        public static func push(_ loaded: LoadedCatalog, to session: PostgresSession) throws -> Counts {
            let rows = try rows(of: loaded)
            return try session.transaction {
                var counts: Counts = []
                for (table, tableRows) in zip(CatalogTable.all, rows) {
                    let quoted = CatalogTable.quote(table.name)
                    switch try table.columnsOnServer(session) {
                    case let columns? where columns == table.wantedColumns:
                        try session.execute("DELETE FROM \(quoted)")
                    case .some:
                        let views = try table.viewsOnServer(session)
                        guard views.isEmpty else {
                            throw CatalogTablesError.viewsDependOnTable(
                                table: table.name, views: views,
                                database: session.target.display)
                        }
                        let kept = try table.privilegesOnServer(session)
                        try session.execute("DROP TABLE \(quoted)")
                        try session.execute(table.createStatement)
                        for statement in kept { try session.execute(statement) }
                    case nil:
                        try session.execute(table.createStatement)
                    }
                    try insert(tableRows, into: table, session: session)
                    counts.append((table.name, tableRows.count))
                }
                return counts
            }
        }

        /// Multi-row INSERTs, each under PostgreSQL's 65,535 parameters.
        private static func insert(_ rows: [[PostgresValue]], into table: CatalogTable, session: PostgresSession) throws
        {
            let columns = table.entry.keys.map(\.name) + [CatalogTable.positionColumn]
            let casts = table.entry.keys.map { CatalogTable.columnType(of: $0.kind) == .json ? "::json" : "" } + [""]
            let perStatement = max(1, 60_000 / columns.count)
            var start = 0
            while start < rows.count {
                let chunk = rows[start..<min(rows.count, start + perStatement)]
                var tuples: [String] = []
                var arguments: [PostgresValue] = []
                for row in chunk {
                    let placeholders = row.indices.map { "$\(arguments.count + $0 + 1)\(casts[$0])" }
                    tuples.append("(" + placeholders.joined(separator: ", ") + ")")
                    arguments += row
                }
                let sql =
                    "INSERT INTO \(CatalogTable.quote(table.name)) (\(columns.map(CatalogTable.quote).joined(separator: ", "))) VALUES "
                    + tuples.joined(separator: ", ")
                try session.query(sql, arguments)
                start += perStatement
            }
        }
    }
#endif
