import Foundation
import XCTest

/// `vitals sources` without a database, as the other reading commands: a database named by
/// `--db` (or `$VITALS_DB`) that is not there is the same error and exit 2 as `due`'s and
/// `render`'s; the default path missing (a fresh install) is one line, "no data yet", exit 0.
final class SourcesCLITests: XCTestCase {
    func testANamedDatabaseThatIsNotThereExits2AsTheOtherReadingCommands() throws {
        let root = FaultProcess.scratch(self, "sources-missing")
        let missing = root.appendingPathComponent("missing.sqlite").path
        let sources = try VitalsProcess.run(["sources", "--db", missing])
        XCTAssertEqual(sources.status, 2, sources.stderr)
        XCTAssertEqual(sources.stdout, "")
        let error = "vitals: error: no database at \(missing) (named by --db)"
        XCTAssertTrue(sources.stderr.hasPrefix(error + "\n"), sources.stderr)
        for command in [["due"], ["render", "steps"], ["export", "csv"]] {
            let other = try VitalsProcess.run(command + ["--db", missing])
            XCTAssertEqual(other.status, 2, "\(command): \(other.stderr)")
            XCTAssertTrue(other.stderr.contains(error + "\n"), "\(command): \(other.stderr)")
        }
        let environment = try VitalsProcess.run(["sources"], environment: ["VITALS_DB": missing])
        XCTAssertEqual(environment.status, 2, environment.stderr)
        XCTAssertTrue(environment.stderr.contains("no database at \(missing)"), environment.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing), "reading creates no database")
    }

    func testTheDefaultDatabaseMissingIsNoDataYetAndExit0() throws {
        let data = FaultProcess.scratch(self, "sources-fresh")
        let path = data.appendingPathComponent("vitals/vitals.sqlite").path
        let fresh = try VitalsProcess.run(["sources"], environment: ["XDG_DATA_HOME": data.path])
        XCTAssertEqual(fresh.status, 0, fresh.stderr)
        XCTAssertEqual(fresh.stdout, "")
        XCTAssertEqual(
            fresh.stderr, "vitals: no data yet: no database at \(path) (vitals import FILE creates it)\n")
        // As `due` on a fresh install: nothing printed, exit 0.
        let due = try VitalsProcess.run(["due"], environment: ["XDG_DATA_HOME": data.path])
        XCTAssertEqual(due.status, 0, due.stderr)
        XCTAssertEqual(due.stdout, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "reading creates no database")
    }
}
