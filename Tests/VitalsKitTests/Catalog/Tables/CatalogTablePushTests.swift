#if PostgreSQL
    import Foundation
    import TestSupport
    import Testing
    @testable import VitalsKit
    @testable import VitalsPostgres

    /// `catalog push` keeps what was set up by hand on the catalog tables: privileges granted on
    /// them and views over them survive a push, also one that has to make a table anew.
    @Suite(.serialized) struct CatalogTablePushTests {
        let environment = ["HOME": "/nonexistent", "USER": "nobody"]

        /// A new database with the fixture catalog pushed into it, and the owner's session on it.
        private func pushedFixture(_ server: PostgresTestServer) throws -> (
            database: String, admin: PostgresSession,
            catalog: LoadedCatalog
        ) {
            let database = try server.createDatabase(prefix: "vitals_catalog_push")
            let admin = try PostgresSession.open(
                url: server.url(database: database), forWriting: false,
                environment: environment, checkSchema: false)
            let catalog = CatalogLoader.load(CatalogTablesFixture().files)
            do { try CatalogTableWriter.push(catalog, to: admin) } catch {
                admin.close()
                throw error
            }
            return (database, admin, catalog)
        }

        /// The fixture with one screen renamed and one metric's chart changed.
        private func changedCatalog(screenName: String) -> [SourceFile] {
            var fixture = CatalogTablesFixture()
            fixture.metrics[2].chart = "bar_vertical"
            return fixture.files.map { file in
                SourceFile(
                    path: file.path,
                    text: file.text.replacingOccurrences(of: "name: Old\n", with: "name: \(screenName)\n"))
            }
        }

        @Test func grantsAndViewsSurvivePushes() throws {
            let server = try postgresServer()
            let (database, admin, first) = try pushedFixture(server)
            defer { admin.close() }

            // A coach who may read the screens, and hand that on; a view over the metrics.
            let coach = "coach_\(database)"
            try server.psql("CREATE ROLE \(coach) LOGIN")
            try admin.execute(
                """
                GRANT SELECT ON display_screens TO \(coach) WITH GRANT OPTION;
                GRANT SELECT, UPDATE ON display_metrics TO \(coach);
                GRANT SELECT ON pillars TO PUBLIC;
                CREATE VIEW metric_charts AS SELECT display_metric_id, chart_type_id FROM display_metrics;
                GRANT SELECT ON metric_charts TO \(coach)
                """)
            let asCoach = try PostgresSession.open(
                url: server.url(database: database, user: coach), forWriting: false,
                environment: environment, checkSchema: false)
            defer { asCoach.close() }
            func screenNames() throws -> [String] {
                try asCoach.query("SELECT name FROM display_screens ORDER BY catalog_position").compactMap {
                    $0.first?.string
                }
            }
            #expect(try screenNames() == ["Steps", "Weight", "Old"])
            // The coach may not read what was not granted (the check below can fail).
            #expect(throws: PostgresStoreError.self) { try asCoach.query("SELECT count(*) FROM subjects") }

            // 1. A changed catalog, the same layout: the tables stay, their rows are replaced.
            let before = try tableOIDs(admin)
            try CatalogTableWriter.push(CatalogLoader.load(changedCatalog(screenName: "Retired")), to: admin)
            #expect(try tableOIDs(admin) == before, "a table was made anew although its layout was unchanged")
            #expect(try screenNames() == ["Steps", "Weight", "Retired"])
            #expect(
                try asCoach.query("SELECT chart_type_id FROM metric_charts WHERE display_metric_id = 'STEPS_WEEK'")
                    == [[.text("bar_vertical")]])

            // 2. A table whose layout differs (as after an upgrade that added a key): made anew,
            // with its owner and privileges. Here the screens table has a column too many and
            // another owner (a name that needs quoting).
            let owner = "catalog owner \(database)"
            try server.psql("CREATE ROLE \"\(owner)\" NOLOGIN")
            try admin.execute(
                """
                ALTER TABLE display_screens ADD COLUMN legacy_note text;
                ALTER TABLE display_screens OWNER TO "\(owner)"
                """)
            let privilegesBefore = try privileges(admin, table: "display_screens")
            #expect(privilegesBefore.contains("\(coach) SELECT grantable"), "\(privilegesBefore)")
            let oldScreens = try oid(admin, "display_screens")
            try CatalogTableWriter.push(CatalogLoader.load(changedCatalog(screenName: "Archived")), to: admin)
            #expect(
                try oid(admin, "display_screens") != oldScreens, "the screens table was kept with a column too many")
            let columns = try admin.query(
                """
                SELECT column_name::text FROM information_schema.columns WHERE table_name = 'display_screens'
                """
            ).compactMap { $0.first?.string }
            #expect(!columns.contains("legacy_note"))
            #expect(try privileges(admin, table: "display_screens") == privilegesBefore)
            #expect(
                try admin.query(
                    "SELECT pg_get_userbyid(relowner)::text FROM pg_class WHERE oid = 'display_screens'::regclass")
                    == [[.text(owner)]])
            #expect(try screenNames() == ["Steps", "Weight", "Archived"])
            #expect(try asCoach.query("SELECT count(*) FROM pillars") == [[.integer(2)]])
            #expect(
                try asCoach.query("SELECT count(*) FROM metric_charts") == [
                    [.integer(Int64(first.catalog.metrics.count))]
                ])
            // What was read back is the pushed catalog.
            let tables = try CatalogTableReader.load(from: admin)
            #expect(tables.diagnostics.isEmpty, "\(tables.diagnostics)")
            #expect(
                CatalogDump.text(tables.catalog)
                    == CatalogDump.text(CatalogLoader.load(changedCatalog(screenName: "Archived")).catalog))
        }

        /// A table of the right name whose primary key or types differ is made anew too.
        @Test func aTableWithOtherTypesIsMadeAnew() throws {
            let server = try postgresServer()
            let (_, admin, catalog) = try pushedFixture(server)
            defer { admin.close() }
            let screens = CatalogTable.all.first { $0.name == "display_screens" }!
            #expect(try screens.columnsOnServer(admin) == screens.wantedColumns)
            try admin.execute(
                """
                ALTER TABLE display_screens ALTER COLUMN "order" TYPE double precision;
                ALTER TABLE display_metrics DROP CONSTRAINT display_metrics_pkey
                """)
            #expect(try screens.columnsOnServer(admin) != screens.wantedColumns)
            let before = try tableOIDs(admin)
            try CatalogTableWriter.push(catalog, to: admin)
            let after = try tableOIDs(admin)
            for table in CatalogTable.all {
                let remade = before[table.name] != after[table.name]
                #expect(remade == ["display_screens", "display_metrics"].contains(table.name), "\(table.name)")
                #expect(try table.columnsOnServer(admin) == table.wantedColumns, "\(table.name)")
            }
            #expect(
                CatalogDump.text(try CatalogTableReader.load(from: admin).catalog) == CatalogDump.text(catalog.catalog))
        }

        /// A table that must be made anew while a view reads it: refused by name, nothing pushed.
        @Test func aViewOnATableToMakeAnewIsNamed() throws {
            let server = try postgresServer()
            let (_, admin, first) = try pushedFixture(server)
            defer { admin.close() }
            try admin.execute(
                """
                CREATE VIEW screen_list AS SELECT screen_id FROM display_screens;
                CREATE VIEW "Screen Count" AS SELECT count(*) FROM screen_list;
                ALTER TABLE display_screens ADD COLUMN legacy_note text
                """)
            let screens = CatalogTable.all.first { $0.name == "display_screens" }!
            #expect(try screens.viewsOnServer(admin) == ["screen_list"])
            let error = CatalogTablesError.viewsDependOnTable(
                table: "display_screens", views: ["screen_list"],
                database: admin.target.display)
            #expect(throws: error) {
                try CatalogTableWriter.push(CatalogLoader.load(changedCatalog(screenName: "Gone")), to: admin)
            }
            #expect(error.message.contains("screen_list") && error.kind == .cannotRun, "\(error.message)")
            let tables = try CatalogTableReader.load(from: admin)
            #expect(tables.catalog.screens.map(\.name) == first.catalog.screens.map(\.name))
            #expect(
                CatalogDump.text(CatalogLoader.load(changedCatalog(screenName: "Gone")).catalog)
                    != CatalogDump.text(first.catalog))
            // Once the views are gone, the push goes through.
            try admin.execute(#"DROP VIEW "Screen Count"; DROP VIEW screen_list"#)
            try CatalogTableWriter.push(CatalogLoader.load(changedCatalog(screenName: "Gone")), to: admin)
            #expect(try CatalogTableReader.load(from: admin).catalog.screens.map(\.name).last == "Gone")
        }

        private func oid(_ session: PostgresSession, _ table: String) throws -> Int64? {
            try session.query("SELECT to_regclass($1)::oid::bigint", [.text(table)]).first?.first?.int64
        }

        private func tableOIDs(_ session: PostgresSession) throws -> [String: Int64] {
            var oids: [String: Int64] = [:]
            for table in CatalogTable.all { oids[table.name] = try oid(session, table.name) }
            return oids
        }

        /// "grantee PRIVILEGE[ grantable]" for each privilege granted on `table` to another role
        /// than its owner, sorted.
        private func privileges(_ session: PostgresSession, table: String) throws -> [String] {
            try session.query(
                """
                SELECT CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE pg_get_userbyid(a.grantee)::text END
                       || ' ' || a.privilege_type || CASE WHEN a.is_grantable THEN ' grantable' ELSE '' END
                FROM pg_class c CROSS JOIN LATERAL aclexplode(c.relacl) AS a
                WHERE c.oid = to_regclass($1) AND a.grantee <> c.relowner ORDER BY 1
                """, [.text(table)]
            ).compactMap { $0.first?.string }
        }
    }
#endif
