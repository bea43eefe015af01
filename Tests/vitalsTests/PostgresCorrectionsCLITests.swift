#if PostgreSQL
    import Foundation
    import TestSupport
    import XCTest

    /// Corrections on a server several logins write: `undo` takes back this login's last `log`
    /// only, and a log for a subject not granted to the login is refused in words, not SQLSTATE.
    final class PostgresCorrectionsCLITests: XCTestCase {
        private var directory: URL!
        private let environment = postgresCLIEnvironment.merging(["TZ": "Europe/Amsterdam"]) { $1 }

        override func setUpWithError() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "vitals-pg-undo-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }

        override func tearDown() { try? FileManager.default.removeItem(at: directory) }

        @discardableResult
        private func vitals(_ arguments: [String], exitCode: Int32 = 0, line: UInt = #line) throws -> VitalsProcess.Run
        {
            let run = try VitalsProcess.run(arguments, environment: environment)
            XCTAssertEqual(
                run.status, exitCode, "vitals \(arguments.joined(separator: " ")): \(run.stderr)", line: line)
            return run
        }

        func testUndoTakesBackOnlyThisLoginsLastLog() throws {
            let server = try postgresServer()
            let database = try server.createDatabase(prefix: "vitals_undo")
            let owner = server.url(database: database)
            try vitals(["log", "body_mass", "80", "--at", "2026-11-20T08:00", "--db", owner])
            let role = "coach_\(database)"
            try server.psql("CREATE ROLE \(role) LOGIN")
            try vitals(["grant", "me", role, "--db", owner])
            let coach = server.url(database: database, user: role)
            try vitals(["log", "body_mass", "81", "--at", "2026-11-20T09:00", "--db", coach])
            try vitals(["log", "body_mass", "82", "--at", "2026-11-20T10:00", "--db", owner])
            // The coach's undo takes back the coach's weigh-in, never the owner's newer one.
            let undone = try vitals(["undo", "--db", coach])
            XCTAssertTrue(
                undone.stdout.hasPrefix("removed ") && undone.stdout.contains("body_mass         81 kg"), undone.stdout)
            let nothing = try vitals(["undo", "--db", coach], exitCode: 1)
            XCTAssertTrue(nothing.stderr.contains("nothing to undo"), nothing.stderr)
            let left = try vitals(["entries", "--day", "2026-11-20", "--db", owner]).stdout
            XCTAssertTrue(left.contains("body_mass         80 kg") && left.contains("body_mass         82 kg"), left)
            XCTAssertFalse(left.contains("81 kg"), left)
            // The owner's undo is the owner's: 82, then 80.
            XCTAssertTrue(try vitals(["undo", "--db", owner]).stdout.contains("82 kg"))

            // A subject the coach was not granted: said in words, with the grant that would allow it.
            let catalog = try DemoSubjectsCatalog.write(in: directory)
            let refused = try vitals(
                ["log", "body_mass", "12", "--subject", "ollie", "--db", coach, "--catalog", catalog], exitCode: 1)
            XCTAssertTrue(refused.stderr.contains("does not let '\(role)' do that"), refused.stderr)
            XCTAssertTrue(refused.stderr.contains("vitals grant SUBJECT \(role)"), refused.stderr)
            XCTAssertFalse(refused.stderr.contains("SQLSTATE"), refused.stderr)
        }
    }
#endif
