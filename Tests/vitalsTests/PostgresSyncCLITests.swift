#if PostgreSQL
    import Foundation
    import GRDB
    import TestSupport
    import VitalsKit
    import XCTest

    /// `vitals push`, `pull`, `grant`, `revoke` and imports into a server, through the built binary:
    /// a real SIGKILL in the middle of a push or pull, bad servers, and COPY imports that store
    /// exactly what the SQLite import stores.
    final class PostgresSyncCLITests: XCTestCase {
        private var directory: URL!
        private let environment = postgresCLIEnvironment

        override func setUpWithError() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "vitals-pg-sync-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }

        override func tearDown() { try? FileManager.default.removeItem(at: directory) }

        private func server() throws -> PostgresTestServer { try postgresServer() }

        private func count(
            _ server: PostgresTestServer, _ database: String, _ sql: String = "SELECT count(*) FROM sample"
        ) throws -> Int {
            Int(try server.psql(sql, database: database).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }

        /// A local file of `count` body-mass samples, one an hour.
        private func localFile(_ name: String, count: Int) throws -> String {
            let path = directory.appendingPathComponent(name).path
            let store = try SampleStore.open(path: path)
            try store.insert(
                (0..<count).map { index in
                    Sample(
                        seriesID: "body_mass", subjectID: "me",
                        start: Date(timeIntervalSince1970: 1_790_000_000 + Double(index) * 3600),
                        utcOffsetSeconds: 3600, value: 70 + Double(index % 200) / 10)
                })
            try store.close()
            return path
        }

        private func localCount(_ path: String) throws -> Int {
            try DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sample") ?? -1 }
        }

        func testAPushAndAPullKilledMidwayResumeWithExactlyTheUnion() throws {
            let server = try server()
            let database = try server.createDatabase(prefix: "vitals_kill")
            let url = server.url(database: database)
            let file = try localFile("mine.sqlite", count: 1000)

            // SIGKILL right after the server committed the third batch, before the local mark moved.
            let killed = try VitalsProcess.run(
                ["push", "--to", url, "--db", file, "--batch-size", "100"],
                environment: environment.merging(["VITALS_SYNC_KILL_AFTER_BATCHES": "3"]) { $1 })
            XCTAssertNotEqual(killed.status, 0)
            XCTAssertEqual(killed.stdout, "", "killed before any summary")
            XCTAssertEqual(try count(server, database), 300)
            let resumed = try VitalsProcess.run(
                ["push", "--to", url, "--db", file, "--batch-size", "100"], environment: environment)
            XCTAssertEqual(resumed.status, 0, resumed.stderr)
            XCTAssertTrue(
                resumed.stdout.hasPrefix(
                    "pushed 700 samples (1 subject), 100 already there; 0 milestones, 0 already there, in "),
                resumed.stdout)
            XCTAssertEqual(try count(server, database), 1000)
            XCTAssertEqual(try count(server, database, "SELECT count(DISTINCT (start, value)) FROM sample"), 1000)
            let nothing = try VitalsProcess.run(["push", "--to", url, "--db", file], environment: environment)
            XCTAssertTrue(nothing.stdout.hasPrefix("pushed 0 samples (0 subjects), 0 already there"), nothing.stdout)

            // A pull into a new file, killed after its fourth batch (each stored with its mark).
            let fresh = directory.appendingPathComponent("fresh.sqlite").path
            let killedPull = try VitalsProcess.run(
                ["pull", "--from", url, "--db", fresh, "--batch-size", "100"],
                environment: environment.merging(["VITALS_SYNC_KILL_AFTER_BATCHES": "4"]) { $1 })
            XCTAssertNotEqual(killedPull.status, 0)
            XCTAssertEqual(try localCount(fresh), 400)
            let resumedPull = try VitalsProcess.run(
                ["pull", "--from", url, "--db", fresh, "--batch-size", "100"], environment: environment)
            XCTAssertEqual(resumedPull.status, 0, resumedPull.stderr)
            XCTAssertTrue(
                resumedPull.stdout.hasPrefix("pulled 600 samples (1 subject), 0 already there"), resumedPull.stdout)
            XCTAssertEqual(try localCount(fresh), 1000)
        }

        func testBadServersExitTwoWithOneLineAndWriteNothing() throws {
            let file = try localFile("mine.sqlite", count: 10)
            let before = try Data(contentsOf: URL(fileURLWithPath: file))
            let unreachable = try VitalsProcess.run(
                ["push", "--to", "postgres://me@127.0.0.1:1/db?sslmode=disable", "--db", file],
                environment: environment)
            XCTAssertEqual(unreachable.status, 2)
            XCTAssertTrue(
                unreachable.stderr.hasPrefix("vitals: error: cannot reach the PostgreSQL server at 127.0.0.1:1"),
                unreachable.stderr)
            let password = try VitalsProcess.run(
                ["pull", "--from", "postgres://me:hunter2@127.0.0.1:1/db", "--db", file],
                environment: environment)
            XCTAssertEqual(password.status, 2)
            XCTAssertFalse(password.stderr.contains("hunter2"))
            let missingFile = try VitalsProcess.run(
                ["push", "--to", "postgres://me@127.0.0.1:1/db", "--db", directory.path + "/none.sqlite"],
                environment: environment)
            XCTAssertEqual(missingFile.status, 2)
            XCTAssertTrue(missingFile.stderr.contains("no database file at"), missingFile.stderr)

            let server = try server()
            let missingDatabase = try VitalsProcess.run(
                ["push", "--to", server.url(database: "no_such_db"), "--db", file],
                environment: environment)
            XCTAssertEqual(missingDatabase.status, 2)
            XCTAssertTrue(missingDatabase.stderr.contains("has no database named 'no_such_db'"), missingDatabase.stderr)

            let database = try server.createDatabase(prefix: "vitals_bad")
            let role = "pw_\(database)"
            try server.psql("CREATE ROLE \(role) LOGIN PASSWORD 'right-one' IN ROLE vitals_password_login")
            let wrong = try VitalsProcess.run(
                ["push", "--to", server.url(database: database, user: role), "--db", file],
                environment: environment.merging(["PGPASSWORD": "wrong-one"]) { $1 })
            XCTAssertEqual(wrong.status, 2)
            XCTAssertTrue(wrong.stderr.contains("refused the login of user '\(role)'"), wrong.stderr)
            XCTAssertFalse(wrong.stderr.contains("wrong-one"))

            // A schema from a newer vitals: refused before anything is sent or marked.
            XCTAssertEqual(
                try VitalsProcess.run(
                    ["push", "--to", server.url(database: database), "--db", file], environment: environment
                ).status, 0)
            try server.psql(
                "TRUNCATE sample; INSERT INTO vitals_migrations (identifier) VALUES ('v9-from-the-future')",
                database: database)
            let newer = try VitalsProcess.run(
                ["push", "--to", server.url(database: database), "--db", file], environment: environment)
            XCTAssertEqual(newer.status, 2)
            XCTAssertTrue(newer.stderr.contains("newer version of vitals"), newer.stderr)
            XCTAssertEqual(newer.stderr.split(separator: "\n").first.map { $0.hasPrefix("vitals: error: ") }, true)
            XCTAssertEqual(try count(server, database), 0)
            let pullNewer = try VitalsProcess.run(
                ["pull", "--from", server.url(database: database), "--db", file], environment: environment)
            XCTAssertEqual(pullNewer.status, 2)
            XCTAssertEqual(try localCount(file), 10)
            _ = before
        }

        func testGrantAndRevokeFromTheCommandLine() throws {
            let server = try server()
            let database = try server.createDatabase(prefix: "vitals_grant")
            let url = server.url(database: database)
            XCTAssertEqual(
                try VitalsProcess.run(
                    ["push", "--to", url, "--db", try localFile("a.sqlite", count: 5)],
                    environment: environment
                ).status, 0)
            let role = "coach_\(database)"
            try server.psql("CREATE ROLE \(role) LOGIN")
            let granted = try VitalsProcess.run(["grant", "me", role, "--db", url], environment: environment)
            XCTAssertEqual(granted.status, 0, granted.stderr)
            XCTAssertEqual(granted.stdout, "granted me to \(role)\n")
            XCTAssertEqual(
                try VitalsProcess.run(["grant", "me", role, "--db", url], environment: environment).stdout,
                "\(role) had me already\n")
            // The coach now pulls my samples, and may not grant anything.
            let coachFile = directory.appendingPathComponent("coach.sqlite").path
            let pulled = try VitalsProcess.run(
                ["pull", "--from", server.url(database: database, user: role), "--db", coachFile],
                environment: environment)
            XCTAssertTrue(pulled.stdout.hasPrefix("pulled 5 samples (1 subject)"), pulled.stdout + pulled.stderr)
            let notOwner = try VitalsProcess.run(
                ["grant", "you", role, "--db", server.url(database: database, user: role)],
                environment: environment)
            XCTAssertEqual(notOwner.status, 1)
            XCTAssertTrue(notOwner.stderr.contains("only their owner grants"), notOwner.stderr)
            let unknown = try VitalsProcess.run(["grant", "me", "nobody_here", "--db", url], environment: environment)
            XCTAssertEqual(unknown.status, 1)
            XCTAssertTrue(unknown.stderr.contains("no role named 'nobody_here'"), unknown.stderr)
            let onFile = try VitalsProcess.run(["grant", "me", role, "--db", coachFile], environment: environment)
            XCTAssertEqual(onFile.status, 2)
            XCTAssertEqual(
                try VitalsProcess.run(["revoke", "me", role, "--db", url], environment: environment).stdout,
                "revoked me from \(role)\n")
            XCTAssertEqual(
                try VitalsProcess.run(["revoke", "me", role, "--db", url], environment: environment).status, 1)
            let after = try VitalsProcess.run(
                ["pull", "--from", server.url(database: database, user: role), "--db", coachFile],
                environment: environment)
            XCTAssertTrue(after.stdout.hasPrefix("pulled 0 samples"), after.stdout + after.stderr)
        }
    }
#endif
