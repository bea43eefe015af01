#if PostgreSQL
    import Foundation
    import TestSupport
    import XCTest

    /// The demo data written into a PostgreSQL database renders every shipped screen exactly as the
    /// same demo data in a SQLite file does, as text and as JSON.
    final class PostgresRenderCLITests: XCTestCase {
        private func server() throws -> PostgresTestServer { try postgresServer() }

        private let environment = postgresCLIEnvironment

        func testEveryScreenRendersTheSameOnBothBackends() throws {
            let server = try server()
            let database = try server.createDatabase(prefix: "vitals_render")
            let url = server.url(database: database)
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "vitals-pg-render-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("demo.sqlite").path
            let asOf = "2026-11-20"

            let demoFile = try VitalsProcess.run(["demo", "--db", file, "--as-of", asOf], environment: environment)
            XCTAssertEqual(demoFile.status, 0, demoFile.stderr)
            let demoServer = try VitalsProcess.run(["demo", "--db", url, "--as-of", asOf], environment: environment)
            XCTAssertEqual(demoServer.status, 0, demoServer.stderr)
            // The same number of samples, said the same way but for where they went.
            XCTAssertEqual(
                demoFile.stdout.replacingOccurrences(of: file, with: "X"),
                demoServer.stdout.replacingOccurrences(of: url, with: "X"))
            let rows = try server.psql("SELECT count(*) FROM sample", database: database).trimmingCharacters(
                in: .whitespacesAndNewlines)
            XCTAssertTrue(demoServer.stdout.hasPrefix("wrote \(rows) demo samples"), demoServer.stdout)

            for format in ["text", "json"] {
                let arguments = [
                    "render", "--all", "--children", "--as-of", asOf, "--format", format, "--width", "100",
                ]
                let onFile = try VitalsProcess.run(arguments + ["--db", file], environment: environment)
                let onServer = try VitalsProcess.run(arguments + ["--db", url], environment: environment)
                XCTAssertEqual(onFile.status, 0, onFile.stderr)
                XCTAssertEqual(onServer.status, 0, onServer.stderr)
                XCTAssertGreaterThan(onFile.stdout.count, 1000, "a render of every screen")
                if onFile.stdout != onServer.stdout {
                    XCTFail(
                        "render --format \(format) differs between SQLite and PostgreSQL:\n"
                            + Snapshot.difference(expected: onFile.stdout, actual: onServer.stdout))
                }
            }

            // A second demo into the same database is refused without --force, replaced with it.
            let again = try VitalsProcess.run(["demo", "--db", url, "--as-of", asOf], environment: environment)
            XCTAssertEqual(again.status, 1)
            XCTAssertTrue(again.stderr.contains("already holds samples"), again.stderr)
            let forced = try VitalsProcess.run(
                ["demo", "--db", url, "--as-of", asOf, "--force"], environment: environment)
            XCTAssertEqual(forced.status, 0, forced.stderr)
            XCTAssertEqual(
                try server.psql("SELECT count(*) FROM sample", database: database)
                    .trimmingCharacters(in: .whitespacesAndNewlines), rows)
        }

        /// Bad connections: one line naming what failed, exit 2, no password shown.
        func testConnectionFailuresExitTwoWithOneClearLine() throws {
            let refused = try VitalsProcess.run(
                ["render", "protein", "--db", "postgres://me@127.0.0.1:1/db?sslmode=disable"],
                environment: environment)
            XCTAssertEqual(refused.status, 2)
            XCTAssertTrue(
                refused.stderr.hasPrefix("vitals: error: cannot reach the PostgreSQL server at 127.0.0.1:1"),
                refused.stderr)
            let withPassword = try VitalsProcess.run(
                ["render", "protein", "--db", "postgres://me:hunter2@127.0.0.1:1/db"],
                environment: environment)
            XCTAssertEqual(withPassword.status, 2)
            XCTAssertFalse(withPassword.stderr.contains("hunter2"), withPassword.stderr)
            XCTAssertTrue(withPassword.stderr.contains("PGPASSWORD"), withPassword.stderr)
            let server = try server()
            let missing = try VitalsProcess.run(
                ["log", "body_mass", "80", "--db", server.url(database: "nowhere_db")],
                environment: environment)
            XCTAssertEqual(missing.status, 2)
            XCTAssertTrue(missing.stderr.contains("has no database named 'nowhere_db'"), missing.stderr)
        }
    }
#endif
