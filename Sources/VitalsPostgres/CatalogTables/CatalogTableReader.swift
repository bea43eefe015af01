#if PostgreSQL
    import VitalsKit

    /// `--catalog postgres://…`: reads the catalog tables back into the same `LoadedCatalog` the
    /// YAML files give, through the same strict decoder, so that every rule of `validate` applies
    /// to rows as it does to files.
    ///
    /// Each row becomes a YAML mapping of its non-null columns (text columns as quoted strings,
    /// numbers and booleans as plain scalars, `json` as the YAML of its JSON), every node placed
    /// at the row (`display_metrics[display_metric_id=PROTEIN_DAILY]`, a `SourceLocation` with
    /// line 0). A column the catalog does not know is reported like an unknown key.
    public enum CatalogTableReader {
        /// Reads the catalog tables of the database `session` is connected to.
        public static func load(from session: PostgresSession) throws -> LoadedCatalog {
            var catalog = Catalog()
            var diagnostics: [Diagnostic] = []
            var declarations: [Declaration] = []
            var found: [String] = []
            for table in CatalogTable.all {
                let columns = try session.query(
                    """
                    SELECT column_name::text FROM information_schema.columns
                    WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position
                    """, [.text(table.name)]
                ).compactMap { $0.first?.string }
                guard !columns.isEmpty else { continue }
                found.append(table.name)
                // Ordered by the table's integer column (`t.`), not the text output of the same name.
                let order =
                    columns.contains(CatalogTable.positionColumn)
                    ? " ORDER BY t.\(CatalogTable.quote(CatalogTable.positionColumn))" : ""
                let select =
                    "SELECT " + columns.map { "t.\(CatalogTable.quote($0))::text" }.joined(separator: ", ")
                    + " FROM \(CatalogTable.quote(table.name)) AS t" + order
                for values in try session.query(select) {
                    let node = try node(row: values, columns: columns, table: table)
                    for entry in decode(node, as: table.entry, diagnostics: &diagnostics) {
                        switch entry {
                        case .pillar(let value):
                            declarations.append(.init(kind: .pillar, id: value.id, location: value.location))
                            catalog.add(value)
                        case .subject(let value):
                            declarations.append(.init(kind: .subject, id: value.id, location: value.location))
                            catalog.add(value)
                        case .series(let value):
                            declarations.append(.init(kind: .series, id: value.id, location: value.location))
                            catalog.add(value)
                        case .screen(let value):
                            declarations.append(.init(kind: .screen, id: value.id, location: value.location))
                            catalog.add(value)
                        case .metric(let value):
                            declarations.append(.init(kind: .metric, id: value.id, location: value.location))
                            catalog.add(value)
                        case .portion(let value): catalog.portions.record(value)
                        }
                    }
                }
            }
            guard found.contains("display_screens") || found.contains("display_metrics") else {
                throw CatalogTablesError.noCatalog(database: session.target.display)
            }
            catalog.files = found
            return LoadedCatalog(catalog: catalog, diagnostics: diagnostics, declarations: declarations)
        }

        /// Connects to `url` (read only: the sample store's schema is neither needed nor changed)
        /// and reads its catalog.
        public static func load(url: String, environment: [String: String]) throws -> LoadedCatalog {
            let session = try PostgresSession.open(
                url: url, forWriting: false, environment: environment, checkSchema: false)
            defer { session.close() }
            return try load(from: session)
        }

        /// The YAML mapping of one row, keys in the catalog's order, unknown columns after them.
        static func node(row values: [PostgresValue], columns: [String], table: CatalogTable) throws -> YAMLNode {
            var byColumn: [String: String] = [:]
            for (column, value) in zip(columns, values) { if let text = value.string { byColumn[column] = text } }
            let id =
                byColumn[table.idColumn].map { "\(table.idColumn)=\($0)" }
                ?? "\(CatalogTable.positionColumn)=\(byColumn[CatalogTable.positionColumn] ?? "?")"
            let location = SourceLocation.tableRow("\(table.name)[\(id)]")
            let known = table.entry.keyNames
            let ordered =
                known.filter(byColumn.keys.contains)
                + columns.filter { !known.contains($0) && $0 != CatalogTable.positionColumn && byColumn[$0] != nil }
            var pairs: [(key: YAMLNode, value: YAMLNode)] = []
            for column in ordered {
                guard let text = byColumn[column] else { continue }
                let key = YAMLNode(.scalar(column, isQuoted: false), at: location)
                let type = table.entry.key(column).map { CatalogTable.columnType(of: $0.kind) } ?? .text
                let value: YAMLNode
                switch type {
                case .text: value = YAMLNode(.scalar(text, isQuoted: true), at: location)
                case .bigint, .double, .boolean: value = YAMLNode(.scalar(text, isQuoted: false), at: location)
                case .json:
                    // A column made text by hand still reads: JSON if it is JSON, else a string.
                    value =
                        (try? YAMLJSON.node(text, at: location))
                        ?? YAMLNode(.scalar(text, isQuoted: true), at: location)
                }
                pairs.append((key, value))
            }
            return YAMLNode(.mapping(pairs), at: location)
        }

        /// The entry of one row, decoded as the loader decodes a YAML entry (same messages).
        static func decode(_ node: YAMLNode, as spec: EntrySpec, diagnostics: inout [Diagnostic]) -> [DecodedEntry] {
            guard let reader = EntryReader(node, spec: spec, context: "this \(spec.name)", diagnostics: &diagnostics)
            else { return [] }
            let entry: DecodedEntry?
            switch spec.name {
            case "pillar": entry = EntryDecoding.pillar(reader).map(DecodedEntry.pillar)
            case "subject": entry = EntryDecoding.subject(reader, diagnostics: &diagnostics).map(DecodedEntry.subject)
            case "series": entry = EntryDecoding.series(reader, diagnostics: &diagnostics).map(DecodedEntry.series)
            case "screen": entry = EntryDecoding.screen(reader).map(DecodedEntry.screen)
            case "metric": entry = EntryDecoding.metric(reader, diagnostics: &diagnostics).map(DecodedEntry.metric)
            default: entry = PortionDecoding.decode(reader, diagnostics: &diagnostics).map(DecodedEntry.portion)
            }
            return entry.map { [$0] } ?? []
        }
    }

    /// Why a database's catalog tables cannot be used.
    public enum CatalogTablesError: VitalsError, Equatable {
        /// The database has neither `display_screens` nor `display_metrics`.
        case noCatalog(database: String)
        /// `catalog push` must make `table` anew (its layout changed) and views depend on it.
        case viewsDependOnTable(table: String, views: [String], database: String)

        public var message: String {
            switch self {
            case .noCatalog(let database):
                return "\(Sanitize.inline(database)) holds no catalog (no display_screens or display_metrics table)"
            case .viewsDependOnTable(let table, let views, let database):
                return "\(Sanitize.inline(database)): the table \(table) must be made anew for this catalog's layout, "
                    + "and the view(s) \(views.map(Sanitize.inline).joined(separator: ", ")) depend on it; nothing was pushed"
            }
        }

        public var hints: [String] {
            switch self {
            case .noCatalog: return ["write one with: vitals catalog push --to URL"]
            case .viewsDependOnTable: return ["drop the view(s), push again, then create them anew"]
            }
        }

        public var kind: VitalsErrorKind {
            switch self {
            case .noCatalog: return .cannotRun
            case .viewsDependOnTable: return .cannotRun
            }
        }
    }
#endif
