#if PostgreSQL
    import Foundation
    import PropertyBased
    import TestSupport
    import Testing
    @testable import VitalsKit
    @testable import VitalsPostgres

    /// The catalog as PostgreSQL tables: pushed and read back it is the same catalog, and a row
    /// broken on the server gives the finding the same break gives in YAML, at the row.
    @Suite(.serialized) struct CatalogTablesTests {
        let environment = ["HOME": "/nonexistent", "USER": "nobody"]

        private func session(_ server: PostgresTestServer) throws -> PostgresSession {
            let database = try server.createDatabase(prefix: "vitals_catalog")
            return try PostgresSession.open(
                url: server.url(database: database), forWriting: false,
                environment: environment, checkSchema: false)
        }

        @Test func aPushedCatalogReadsBackEqual() throws {
            let server = try postgresServer()
            let session = try session(server)
            defer { session.close() }
            let yaml = CatalogLoader.load(CatalogTablesFixture().files)
            #expect(yaml.diagnostics.isEmpty, "\(yaml.diagnostics)")
            let counts = try CatalogTableWriter.push(yaml, to: session)
            #expect(counts.first { $0.table == "display_metrics" }?.rows == yaml.catalog.metrics.count)
            #expect(counts.first { $0.table == "display_screens" }?.rows == yaml.catalog.screens.count)
            let tables = try CatalogTableReader.load(from: session)
            #expect(tables.diagnostics.isEmpty, "\(tables.diagnostics)")
            #expect(
                CatalogDump.text(tables.catalog) == CatalogDump.text(yaml.catalog),
                "\(CatalogDump.difference(CatalogDump.text(tables.catalog), CatalogDump.text(yaml.catalog)))")
            // The dump does see a difference: one changed value is noticed.
            var changed = CatalogTablesFixture()
            changed.metrics[2].chart = "bar_vertical"
            #expect(CatalogDump.text(CatalogLoader.load(changed.files).catalog) != CatalogDump.text(yaml.catalog))
            // The same validator findings (none of them errors) either way.
            let validator = Validator(screenModules: .genericOnly)
            #expect(
                validator.validate(tables).map(\.message).sorted() == validator.validate(yaml).map(\.message).sorted())
            // Pushed again: the same tables, replaced, not added to.
            try CatalogTableWriter.push(yaml, to: session)
            #expect(
                try session.query("SELECT count(*) FROM display_metrics") == [
                    [.integer(Int64(yaml.catalog.metrics.count))]
                ])
            #expect(
                CatalogDump.text(try CatalogTableReader.load(from: session).catalog) == CatalogDump.text(yaml.catalog))
            // Columns keep the YAML names; nested values are json (key order kept).
            let types = try session.query(
                """
                SELECT column_name::text, data_type::text FROM information_schema.columns
                WHERE table_name = 'display_screens' AND column_name IN ('screen_id', 'config', 'order', 'is_active')
                ORDER BY column_name
                """)
            #expect(
                types == [
                    [.text("config"), .text("json")], [.text("is_active"), .text("boolean")],
                    [.text("order"), .text("bigint")], [.text("screen_id"), .text("text")],
                ])
        }

        /// A push that fails half-way leaves the previous catalog whole.
        @Test func aFailedPushLeavesThePreviousCatalog() throws {
            let server = try postgresServer()
            let session = try session(server)
            defer { session.close() }
            let yaml = CatalogLoader.load(CatalogTablesFixture().files)
            try CatalogTableWriter.push(yaml, to: session)
            // A duplicate metric id (the loader keeps both declarations in the text) breaks the
            // primary key after the first tables are already replaced.
            var twice = CatalogTablesFixture()
            twice.metrics.append(twice.metrics[0])
            twice.metrics[0].chart = "bar_horizontal"
            #expect(throws: PostgresStoreError.self) {
                try CatalogTableWriter.push(CatalogLoader.load(twice.files), to: session)
            }
            #expect(
                CatalogDump.text(try CatalogTableReader.load(from: session).catalog) == CatalogDump.text(yaml.catalog))
        }

        @Test func aDatabaseWithoutCatalogTablesIsRefused() throws {
            let server = try postgresServer()
            let session = try session(server)
            defer { session.close() }
            #expect(throws: CatalogTablesError.noCatalog(database: session.target.display)) {
                try CatalogTableReader.load(from: session)
            }
        }

        enum Break: CustomStringConvertible {
            case chart(metric: Int, id: String)
            case parentLoop(Int, Int)
            case missingScreen(metric: Int, suffix: String)

            var description: String {
                switch self {
                case .chart(let metric, let id): return "chart of metric \(metric) = \(id)"
                case .parentLoop(let a, let b): return "parent loop \(a) <-> \(b)"
                case .missingScreen(let metric, let suffix): return "metric \(metric) on SCREEN_\(suffix)"
                }
            }
        }

        /// A break built from generated choices: which kind, which metrics, which made-up name.
        static func breakOf(kind: Int, first: Int, second: Int, word: String) -> Break {
            switch kind {
            case 0: return .chart(metric: first, id: "zz" + word)
            case 1: return .parentLoop(first, second)
            default: return .missingScreen(metric: first, suffix: "NO_" + word.uppercased())
            }
        }

        @Test func aBrokenRowGivesTheFindingOfTheSameBreakInYAML() async throws {
            let server = try postgresServer()
            let session = try session(server)
            defer { session.close() }
            let fixture = CatalogTablesFixture()
            let validator = Validator(screenModules: .genericOnly)
            let clean = validator.validate(CatalogLoader.load(fixture.files)).filter { $0.severity == .error }
            #expect(clean.isEmpty, "\(clean)")
            await propertyCheck(
                count: 24, input: Gen.int(in: 0...2), Gen.int(in: 0...4), Gen.int(in: 0...4),
                Gen.lowercaseLetter.string(of: 3...8)
            ) { kind, first, second, word in
                let broken = Self.breakOf(kind: kind, first: first, second: second, word: word)
                do {
                    var mutated = fixture
                    var updates: [(String, [PostgresValue])] = []
                    var rows: Set<String> = []
                    switch broken {
                    case .chart(let index, let id):
                        mutated.metrics[index].chart = id
                        updates.append(
                            (
                                "UPDATE display_metrics SET chart_type_id = $1 WHERE display_metric_id = $2",
                                [.text(id), .text(fixture.metrics[index].id)]
                            ))
                        rows.insert("display_metrics[display_metric_id=\(fixture.metrics[index].id)]")
                    case .parentLoop(let a, let b):
                        guard a != b, fixture.metrics[a].screen == fixture.metrics[b].screen else { return }
                        mutated.metrics[a].parent = fixture.metrics[b].id
                        mutated.metrics[b].parent = fixture.metrics[a].id
                        for (child, parent) in [(a, b), (b, a)] {
                            updates.append(
                                (
                                    "UPDATE display_metrics SET parent_metric_id = $1 WHERE display_metric_id = $2",
                                    [.text(fixture.metrics[parent].id), .text(fixture.metrics[child].id)]
                                ))
                            rows.insert("display_metrics[display_metric_id=\(fixture.metrics[child].id)]")
                        }
                    case .missingScreen(let index, let suffix):
                        mutated.metrics[index].screen = "SCREEN_" + suffix
                        updates.append(
                            (
                                "UPDATE display_metrics SET display_screen_id = $1 WHERE display_metric_id = $2",
                                [.text("SCREEN_" + suffix), .text(fixture.metrics[index].id)]
                            ))
                        rows.insert("display_metrics[display_metric_id=\(fixture.metrics[index].id)]")
                    }
                    let inYAML = validator.validate(CatalogLoader.load(mutated.files))
                    try CatalogTableWriter.push(CatalogLoader.load(fixture.files), to: session)
                    for (sql, arguments) in updates { try session.query(sql, arguments) }
                    let inTables = validator.validate(try CatalogTableReader.load(from: session))
                    let yamlErrors = inYAML.filter { $0.severity == .error }
                    let tableErrors = inTables.filter { $0.severity == .error }
                    #expect(!yamlErrors.isEmpty, "the break \(broken) is an error in YAML")
                    // The same findings: rule, severity and message, in any order.
                    // A message that names another place names a file line in one, a row in the other.
                    func key(_ d: Diagnostic) -> String {
                        let message = d.message.replacingOccurrences(
                            of: #"catalog/[a-z]+\.yaml:[0-9]+:[0-9]+"#, with: "PLACE", options: .regularExpression
                        )
                        .replacingOccurrences(
                            of: #"[a-z_]+\[[a-z_]+=[A-Za-z0-9_]+\]"#, with: "PLACE", options: .regularExpression)
                        return "\(d.severity) \(d.rule) \(message)"
                    }
                    #expect(inTables.map(key).sorted() == inYAML.map(key).sorted(), "\(broken)")
                    // Each error about the broken rows is placed at one of them, as a table row.
                    for error in tableErrors {
                        #expect(error.location.isTableRow, "\(error)")
                        #expect(error.location.file.hasPrefix("display_"), "\(error)")
                    }
                    #expect(tableErrors.contains { rows.contains($0.location.file) }, "\(broken): \(tableErrors)")
                } catch {
                    Issue.record("\(broken): \(error)")
                }
            }
        }
    }
#endif
