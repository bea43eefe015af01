#if PostgreSQL
    import Foundation
    import GRDB
    import TestSupport
    import Testing
    @testable import VitalsKit
    @testable import VitalsPostgres

    /// A grantee attacking the shared store with plain SQL (issue 26): ids are the server's, the
    /// natural key alone decides "already there", and every table holding a subject's data, the
    /// devices of `sample_origin` included, shows and takes only the granted subjects' rows.
    @Suite struct GranteeAttackTests {
        let environment = SyncFixture.environment

        /// Stores one subject's samples with an origin row naming `device`, through the bulk (COPY) inserter.
        @discardableResult
        static func insert(_ store: SampleStore, _ samples: [Sample], device: String) throws -> Int {
            try store.inTransaction { db in
                let inserter = try db.makeBulkInserter()
                let origin = try inserter.origin(sourceVersion: "17.1", device: device)
                for sample in samples {
                    let start = Int64(sample.start.timeIntervalSince1970)
                    inserter.stage(
                        series: sample.seriesID, subject: sample.subjectID, start: start, end: start,
                        utcOffset: Int64(sample.utcOffsetSeconds), value: sample.value, category: "",
                        tag: sample.tag ?? "", source: sample.source, note: nil, metadata: nil, origin: origin,
                        key: SampleKey.value(
                            series: sample.seriesID, subject: sample.subjectID, start: start,
                            end: start, value: sample.value, category: "",
                            tag: sample.tag ?? "", source: sample.source))
                }
                var new = 0
                try inserter.flush { if $1 == .new { new += 1 } }
                return new
            }
        }

        static let insertSample = #"INSERT INTO sample (series, subject, start, "end", utc_offset, value)"#

        @Test func aGranteeTriesEachThingItMustNotDo() throws {
            let server = try postgresServer()
            let fixture = try SyncFixture(server: server)
            defer { fixture.cleanUp() }
            let coach = try fixture.login("coach", subjects: ["ollie"])
            let owner = try SampleStore.openPostgres(url: fixture.url(), forWriting: true, environment: environment)
            try Self.insert(owner, syncSamples(subject: "me", count: 20), device: "Jonathan's Apple Watch")
            try Self.insert(owner, syncSamples(subject: "ollie", count: 10), device: "Ollie's collar")
            try owner.close()
            let before = try fixture.serverKeys()

            let asCoach = try PostgresSession.open(
                url: fixture.url(user: coach), forWriting: true, environment: environment)
            defer { asCoach.close() }
            let refused: [(String, String)] = [
                (
                    "an explicit sample id",
                    "\(Self.insertSample.replacingOccurrences(of: "(series", with: "(id, series")) VALUES (900000, 'body_mass', 'ollie', 2, 2, 0, 1)"
                ),
                (
                    "OVERRIDING SYSTEM VALUE",
                    "\(Self.insertSample.replacingOccurrences(of: "(series", with: "(id, series")) OVERRIDING SYSTEM VALUE VALUES (900001, 'body_mass', 'ollie', 3, 3, 0, 1)"
                ),
                (
                    "an explicit xact",
                    "\(Self.insertSample.replacingOccurrences(of: "(series", with: "(xact, series")) VALUES (1, 'body_mass', 'ollie', 4, 4, 0, 1)"
                ),
                ("the sample id sequence", "SELECT nextval('sample_id_seq')"),
                ("the origin id sequence", "SELECT nextval('sample_origin_id_seq')"),
                ("moving the sequence", "SELECT setval('sample_id_seq', 5000000)"),
                ("reading the sequence", "SELECT last_value FROM sample_id_seq"),
                (
                    "an explicit origin id",
                    "INSERT INTO sample_origin (id, for_subject, device) VALUES (900000, 'ollie', 'x')"
                ),
                (
                    "another subject's origin",
                    "INSERT INTO sample_origin (for_subject, device) VALUES ('me', 'a fake watch')"
                ),
                ("another subject's sample", "\(Self.insertSample) VALUES ('body_mass', 'me', 5, 5, 0, 1)"),
                ("changing an origin", "UPDATE sample_origin SET device = 'x'"),
                ("deleting an origin", "DELETE FROM sample_origin"),
                ("changing an id", "UPDATE sample SET id = id + 1000000 WHERE subject = 'ollie'"),
                ("changing an xact", "UPDATE sample SET xact = 0 WHERE subject = 'ollie'"),
                ("moving its rows to another subject", "UPDATE sample SET subject = 'me' WHERE subject = 'ollie'"),
                ("granting itself a subject", "INSERT INTO subject_grant (subject, role) VALUES ('me', '\(coach)')"),
                ("emptying the table", "TRUNCATE sample"),
            ]
            for (what, sql) in refused {
                #expect(throws: PostgresStoreError.self, "\(what) was allowed") { try asCoach.query(sql) }
            }
            // Reading: its subject's samples and devices only, however it asks.
            #expect(try asCoach.query("SELECT DISTINCT subject FROM sample") == [[.text("ollie")]])
            #expect(
                try asCoach.query("SELECT for_subject, device FROM sample_origin") == [
                    [.text("ollie"), .text("Ollie's collar")]
                ])
            #expect(
                try asCoach.query("SELECT count(*) FROM sample_origin WHERE device LIKE '%Jonathan%'") == [
                    [.integer(0)]
                ])
            #expect(
                try asCoach.query("SELECT count(*) FROM sample s JOIN sample_origin o ON o.id = s.origin") == [
                    [.integer(10)]
                ])
            // Changing the owner's rows: nothing happens.
            #expect(try asCoach.run("UPDATE sample SET value = -1 WHERE subject = 'me'", []) == 0)
            #expect(try asCoach.run("DELETE FROM sample WHERE subject = 'me'", []) == 0)
            // What it may: its own subject's rows and devices, ids by the server.
            #expect(try asCoach.run("\(Self.insertSample) VALUES ('body_mass', 'ollie', 6, 6, 0, 1)", []) == 1)
            #expect(
                try asCoach.run("INSERT INTO sample_origin (for_subject, device) VALUES ('ollie', 'collar 2')", []) == 1
            )
            #expect(try asCoach.run("UPDATE sample SET note = 'seen' WHERE subject = 'ollie'", []) == 11)

            // The owner's rows are as they were.
            let after = try fixture.serverKeys()
            for (key, count) in before where key.contains("|me|") { #expect(after[key] == count) }
            #expect(try fixture.serverCount("SELECT count(*) FROM sample WHERE subject = 'me'") == 20)
            #expect(
                try fixture.serverCount(
                    "SELECT count(*) FROM sample_origin WHERE for_subject = 'me' AND device LIKE 'Jonathan%'") == 1)
        }

        /// The issue's scenario: a coach granted only `ollie` writes rows; the owner's log, import
        /// and push for `me` then store every sample, and push's mark is the file's last row.
        @Test func aGranteesRowsNeverMakeTheOwnersAlreadyThere() throws {
            let server = try postgresServer()
            let fixture = try SyncFixture(server: server)
            defer { fixture.cleanUp() }
            let coach = try fixture.login("coach", subjects: ["ollie"])
            let asCoach = try PostgresSession.open(
                url: fixture.url(user: coach), forWriting: true, environment: environment)
            defer { asCoach.close() }
            // Taking the next 1,000 ids itself is refused; 1,000 rows with the server's ids are not.
            let next = try fixture.serverCount("SELECT last_value FROM sample_id_seq")
            #expect(throws: PostgresStoreError.self) {
                try asCoach.query(
                    """
                    INSERT INTO sample (id, series, subject, start, "end", utc_offset, value) OVERRIDING SYSTEM VALUE
                    SELECT \(next) + g, 'body_mass', 'ollie', g, g, 0, 1 FROM generate_series(1, 1000) g
                    """)
            }
            #expect(
                try asCoach.run(
                    """
                    \(Self.insertSample) SELECT 'body_mass', 'ollie', g, g, 0, 1 FROM generate_series(1, 1000) g
                    """, []) == 1000)

            let owner = try SampleStore.openPostgres(url: fixture.url(), forWriting: true, environment: environment)
            #expect(try owner.insert(syncSamples(subject: "me", count: 5)) == 5)
            #expect(try owner.insertBulk(syncSamples(subject: "me", count: 300, from: 5)) == 300)
            #expect(try Self.insert(owner, syncSamples(subject: "me", count: 100, from: 305), device: "Watch") == 100)
            try owner.close()
            let file = try fixture.localFile("mine.sqlite", syncSamples(subject: "me", count: 1000, from: 405))
            let pushed = try SyncPusher(batchSize: 250, environment: environment).push(file: file, to: fixture.url())
            #expect(pushed.samples == 1000 && pushed.alreadyThere == 0)
            #expect(try fixture.serverCount("SELECT count(*) FROM sample WHERE subject = 'me'") == 1405)
            #expect(try fixture.serverCount("SELECT count(DISTINCT id) FROM sample") == 2405)
            let remote = try PostgresTarget(url: fixture.url(), environment: environment).display
            let local = try SampleStore.open(path: file)
            defer { try? local.close() }
            let mark = try local.read { db in
                (
                    try SyncState.load(db, remote: remote, direction: .push).lastID,
                    try Int64.fetchOne(db, sql: "SELECT max(id) FROM sample")
                )
            }
            #expect(mark.0 == mark.1)
        }

        /// A database of the previous vitals (migrations v1–v6), a grantee holding that version's
        /// privileges and having chosen ids ahead of the sequence: the owner's next writing command
        /// upgrades it, the owner's inserts go in, the grantee loses the id and sequence privileges,
        /// and an origin shared by two subjects becomes one per subject.
        @Test func anOlderDatabaseIsUpgradedAndItsGranteesKeepOnlyTheirGrant() throws {
            let server = try postgresServer()
            let database = try server.createDatabase(prefix: "vitals_v6")
            let url = server.url(database: database)
            let old = try PostgresSession.open(url: url, forWriting: true, environment: environment, checkSchema: false)
            defer { old.close() }
            try old.execute(
                "CREATE TABLE vitals_migrations (identifier TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
            )
            for migration in PostgresSchema.migrations.prefix(while: { $0.identifier != "v7-server-ids" }) {
                try old.execute(migration.sql)
                try old.query("INSERT INTO vitals_migrations (identifier) VALUES ($1)", [.text(migration.identifier)])
            }
            let coach = "coach_\(database)"
            try server.psql("CREATE ROLE \(coach) LOGIN")
            try old.execute(
                """
                GRANT SELECT, INSERT, UPDATE, DELETE ON sample, milestone TO \(coach);
                GRANT SELECT, INSERT ON sample_origin TO \(coach);
                GRANT SELECT ON subject_grant, vitals_migrations TO \(coach);
                GRANT USAGE ON SEQUENCE sample_id_seq, sample_origin_id_seq TO \(coach);
                INSERT INTO subject_grant (subject, role) VALUES ('ollie', '\(coach)');
                INSERT INTO sample_origin (source_version, device) VALUES ('17.1', 'Shared iPhone');
                INSERT INTO sample (series, subject, start, "end", utc_offset, value, origin)
                    SELECT 'body_mass', CASE WHEN g <= 3 THEN 'me' ELSE 'ollie' END, g, g, 0, 1, 1 FROM generate_series(1, 5) g
                """)
            let asCoachBefore = try PostgresSession.open(
                url: server.url(database: database, user: coach), forWriting: false,
                environment: environment, checkSchema: false)
            // The old schema lets the coach choose ids 6 to 1,005 and see the shared device.
            #expect(
                try asCoachBefore.run(
                    """
                    INSERT INTO sample (id, series, subject, start, "end", utc_offset, value)
                    SELECT g, 'body_mass', 'ollie', 100 + g, 100 + g, 0, 1 FROM generate_series(6, 1005) g
                    """, []) == 1000)
            asCoachBefore.close()
            // A grantee's writing command cannot upgrade: it says the owner must.
            #expect {
                try PostgresSession.open(
                    url: server.url(database: database, user: coach), forWriting: true, environment: environment)
            } throws: { error in
                guard
                    case .olderSchema(
                        _, "v6-json-field-strict",
                        ["v7-server-ids", "v8-log-batch", "v9-logged-by", "v10-origin-of-subject", "v11-source-rank"],
                        true)? = error
                        as? PostgresStoreError
                else { return false }
                return true
            }

            let owner = try SampleStore.openPostgres(url: url, forWriting: true, environment: environment)
            #expect(try owner.insert(syncSamples(subject: "me", count: 50)) == 50)
            try owner.close()
            #expect(
                try server.psql(
                    "SELECT for_subject || '|' || device FROM sample_origin ORDER BY for_subject", database: database)
                    == "me|Shared iPhone\nollie|Shared iPhone\n")
            #expect(
                try server.psql(
                    """
                    SELECT count(*) FROM sample s JOIN sample_origin o ON o.id = s.origin WHERE o.for_subject = s.subject
                    """, database: database) == "5\n")
            #expect(try server.psql("SELECT count(*) FROM sample WHERE subject = 'me'", database: database) == "53\n")

            let asCoach = try PostgresSession.open(
                url: server.url(database: database, user: coach), forWriting: true,
                environment: environment)
            defer { asCoach.close() }
            #expect(throws: PostgresStoreError.self) {
                try asCoach.query(
                    "INSERT INTO sample (id, series, subject, start, \"end\", utc_offset, value) OVERRIDING SYSTEM VALUE VALUES (5000, 'x', 'ollie', 1, 1, 0, 1)"
                )
            }
            #expect(throws: PostgresStoreError.self) { try asCoach.query("SELECT nextval('sample_id_seq')") }
            #expect(try asCoach.query("SELECT for_subject FROM sample_origin") == [[.text("ollie")]])
            #expect(try asCoach.run("\(Self.insertSample) VALUES ('body_mass', 'ollie', 9999, 9999, 0, 1)", []) == 1)
        }

        /// Whether `error` is the server refusing a sample whose origin is not its subject's (v10).
        static func isForeignOrigin(_ error: any Error) -> Bool {
            guard case .failed(_, let reason)? = error as? PostgresStoreError else { return false }
            return reason.contains("sample_origin_of_subject")
        }

        /// A grantee of `ollie` names the id of the owner's device row (ids are sequential, so it
        /// need not see the row to guess it) in an insert and in an update: both refused by the
        /// schema, and nothing in the refusal names the device. Its own device rows it may name, and
        /// the owner's own path (the inserter's per-subject origin rows) still stores every row.
        @Test func aGranteeCannotPointItsSamplesAtAnotherSubjectsDevice() throws {
            let server = try postgresServer()
            let fixture = try SyncFixture(server: server)
            defer { fixture.cleanUp() }
            let coach = try fixture.login("coach", subjects: ["ollie"])
            let owner = try SampleStore.openPostgres(url: fixture.url(), forWriting: true, environment: environment)
            try Self.insert(owner, syncSamples(subject: "me", count: 4), device: "Jonathan's Apple Watch")
            try Self.insert(owner, syncSamples(subject: "ollie", count: 3), device: "Ollie's collar")
            try owner.close()
            let mine = try fixture.serverCount("SELECT id FROM sample_origin WHERE for_subject = 'me'")
            let ollies = try fixture.serverCount("SELECT id FROM sample_origin WHERE for_subject = 'ollie'")
            #expect(mine > 0 && ollies > 0 && mine != ollies)

            let asCoach = try PostgresSession.open(
                url: fixture.url(user: coach), forWriting: true, environment: environment)
            defer { asCoach.close() }
            #expect {
                try asCoach.query(
                    """
                    INSERT INTO sample (series, subject, start, "end", utc_offset, value, origin) VALUES ('body_mass', 'ollie', 7, 7, 0, 1, \(mine))
                    """)
            } throws: { error in Self.isForeignOrigin(error) && !"\(error)".contains("Jonathan") }
            #expect { try asCoach.query("UPDATE sample SET origin = \(mine) WHERE subject = 'ollie'") } throws: {
                Self.isForeignOrigin($0)
            }
            // An id no row has is refused the same way.
            #expect { try asCoach.query("UPDATE sample SET origin = \(mine + 1000) WHERE subject = 'ollie'") } throws: {
                Self.isForeignOrigin($0)
            }
            // Its own subject's device rows, old and new, it may name.
            #expect(
                try asCoach.run(
                    """
                    INSERT INTO sample (series, subject, start, "end", utc_offset, value, origin) VALUES ('body_mass', 'ollie', 8, 8, 0, 1, \(ollies))
                    """, []) == 1)
            let collar2 = try #require(
                try asCoach.query(
                    """
                    INSERT INTO sample_origin (for_subject, device) VALUES ('ollie', 'collar 2') RETURNING id
                    """
                ).first?.first?.int64)
            #expect(
                try asCoach.run("UPDATE sample SET origin = \(collar2) WHERE subject = 'ollie' AND start = 8", []) == 1)

            // The owner's own path: a third device of its own, for more samples.
            let again = try SampleStore.openPostgres(url: fixture.url(), forWriting: true, environment: environment)
            #expect(
                try Self.insert(again, syncSamples(subject: "me", count: 5, from: 4), device: "Jonathan's iPhone") == 5)
            try again.close()
            // The schema binds the owner too: its sample cannot name ollie's device.
            let asOwner = try PostgresSession.open(url: fixture.url(), forWriting: true, environment: environment)
            defer { asOwner.close() }
            #expect { try asOwner.query("UPDATE sample SET origin = \(ollies) WHERE subject = 'me'") } throws: {
                Self.isForeignOrigin($0)
            }

            #expect(try fixture.serverCount("SELECT count(*) FROM sample WHERE origin IS NOT NULL") == 4 + 3 + 1 + 5)
            #expect(
                try fixture.serverCount(
                    """
                    SELECT count(*) FROM sample s JOIN sample_origin o ON o.id = s.origin WHERE o.for_subject = s.subject
                    """) == 4 + 3 + 1 + 5)
            #expect(
                try fixture.serverCount(
                    "SELECT count(*) FROM sample s JOIN sample_origin o ON o.id = s.origin WHERE o.device = 'Jonathan''s Apple Watch'"
                ) == 4)
        }

        /// A database of v1–v9 where rows name another subject's device row and a row that does not
        /// exist (what a grantee could write before v10): the owner's upgrade drops those references
        /// (origin NULL, the samples kept), keeps the rest, and leaves the origin rows as they were.
        /// Before it, a grantee's writing command names the schema it found, the latest by number.
        @Test func anUpgradeDropsOriginsNamingAnotherSubjectsDevice() throws {
            let server = try postgresServer()
            let database = try server.createDatabase(prefix: "vitals_v9")
            let url = server.url(database: database)
            let old = try PostgresSession.open(url: url, forWriting: true, environment: environment, checkSchema: false)
            defer { old.close() }
            try old.execute(
                "CREATE TABLE vitals_migrations (identifier TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
            )
            for migration in PostgresSchema.migrations.prefix(while: { $0.identifier != "v10-origin-of-subject" }) {
                try old.execute(migration.sql)
                try old.query("INSERT INTO vitals_migrations (identifier) VALUES ($1)", [.text(migration.identifier)])
            }
            let coach = "coach_\(database)"
            try server.psql("CREATE ROLE \(coach) LOGIN")
            try PostgresGrants(session: old).grant(subject: "ollie", to: coach)
            let mine = try #require(
                try old.query("INSERT INTO sample_origin (for_subject, device) VALUES ('me', 'Watch') RETURNING id")
                    .first?.first?.int64)
            let ollies = try #require(
                try old.query("INSERT INTO sample_origin (for_subject, device) VALUES ('ollie', 'Collar') RETURNING id")
                    .first?.first?.int64)
            let asCoachBefore = try PostgresSession.open(
                url: server.url(database: database, user: coach), forWriting: false,
                environment: environment, checkSchema: false)
            // v9 lets the coach name the owner's device row (start 1, 2) and one that does not exist (3).
            #expect(
                try asCoachBefore.run(
                    """
                    INSERT INTO sample (series, subject, start, "end", utc_offset, value, origin) VALUES
                        ('body_mass', 'ollie', 1, 1, 0, 1, \(mine)), ('body_mass', 'ollie', 2, 2, 0, 1, \(mine)),
                        ('body_mass', 'ollie', 3, 3, 0, 1, \(mine + ollies + 1000)), ('body_mass', 'ollie', 4, 4, 0, 1, \(ollies)),
                        ('body_mass', 'ollie', 5, 5, 0, 1, NULL)
                    """, []) == 5)
            asCoachBefore.close()
            try old.query(
                #"INSERT INTO sample (series, subject, start, "end", utc_offset, value, origin) VALUES ('body_mass', 'me', 6, 6, 0, 1, \#(mine))"#
            )
            #expect {
                try PostgresSession.open(
                    url: server.url(database: database, user: coach), forWriting: true, environment: environment)
            } throws: { error in
                guard
                    case .olderSchema(_, "v9-logged-by", ["v10-origin-of-subject", "v11-source-rank"], true)? = error
                        as? PostgresStoreError
                else { return false }
                return true
            }

            try PostgresSession.open(url: url, forWriting: true, environment: environment).close()
            #expect(try PostgresSchema.applied(old)?.last == "v11-source-rank")
            #expect(
                try server.psql(
                    "SELECT start || ':' || coalesce(origin::text, '-') FROM sample ORDER BY start", database: database)
                    == "1:-\n2:-\n3:-\n4:\(ollies)\n5:-\n6:\(mine)\n")
            #expect(
                try server.psql(
                    "SELECT for_subject || '|' || device FROM sample_origin ORDER BY id", database: database)
                    == "me|Watch\nollie|Collar\n")
            #expect(
                try server.psql(
                    """
                    SELECT count(*) FROM pg_constraint WHERE conname IN ('sample_origin_id_subject', 'sample_origin_of_subject')
                    """, database: database) == "2\n")
            let asCoach = try PostgresSession.open(
                url: server.url(database: database, user: coach), forWriting: true,
                environment: environment)
            defer { asCoach.close() }
            #expect { try asCoach.query("UPDATE sample SET origin = \(mine) WHERE start = 4") } throws: {
                Self.isForeignOrigin($0)
            }
        }
    }
#endif
