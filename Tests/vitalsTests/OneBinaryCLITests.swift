import Foundation
import VitalsKit
import XCTest

@testable import VitalsCLI

#if PostgreSQL
    import VitalsPostgresCLI
#endif

/// There is one `vitals`: built with the PostgreSQL trait it carries the PostgreSQL backend and
/// its commands itself, copied anywhere on its own; built without, it says so by name, with how
/// to build the one that has them.
final class OneBinaryCLITests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-one-binary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    /// The built binary copied alone into a directory of its own, run from there.
    private func runAlone(_ arguments: [String], environment: [String: String] = [:]) throws -> VitalsProcess.Run {
        let alone = directory.appendingPathComponent("vitals")
        if !FileManager.default.fileExists(atPath: alone.path) {
            try FileManager.default.copyItem(at: VitalsProcess.binary, to: alone)
        }
        return try VitalsProcess.run(arguments, environment: environment, in: directory, executable: alone)
    }

    /// Nothing listens on port 1: a backend that tries reports the server it could not reach.
    private let deadServer = "postgres://nobody@127.0.0.1:1/none?connect_timeout=2"

    #if PostgreSQL
        func testTheListForTheBuildWithoutTheTraitNamesThePostgreSQLCommands() {
            XCTAssertEqual(PostgresCommands.commands.map(VitalsCommands.name(of:)), VitalsCommands.postgreSQLCommands)
        }

        func testThePostgreSQLCommandsAndLocationsAreServedByTheBinaryAlone() throws {
            let help = try runAlone(["push", "--help"], environment: ["COLUMNS": "80"])
            XCTAssertEqual(help.status, 0, help.stderr)
            XCTAssertTrue(help.stdout.hasPrefix("OVERVIEW: "), help.stdout)
            XCTAssertTrue(help.stdout.contains("USAGE: vitals push"), help.stdout)
            XCTAssertEqual(help.stderr, "")
            let top = try runAlone(["--help"], environment: ["COLUMNS": "80"])
            XCTAssertEqual(top.status, 0)
            for name in VitalsCommands.postgreSQLCommands {
                XCTAssertTrue(top.stdout.contains("\n  \(name) "), "vitals --help lists \(name): \(top.stdout)")
            }
            // A postgres:// location reaches the PostgreSQL backend of this same binary, through
            // --db, $VITALS_DB and --catalog alike.
            for (arguments, environment) in [
                (["render", "protein", "--db", deadServer], [:]),
                (["render", "protein"], ["VITALS_DB": deadServer]),
                (["validate", "--catalog", deadServer], [:]),
            ] {
                let run = try runAlone(arguments, environment: postgresCLIEnvironment.merging(environment) { $1 })
                XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
                XCTAssertEqual(run.stdout, "", "\(arguments)")
                XCTAssertTrue(run.stderr.contains("PostgreSQL server at 127.0.0.1"), "\(arguments): \(run.stderr)")
            }
            // A usage error in one of them is ArgumentParser's, with the exit code of every usage error.
            let wrong = try runAlone(["push", "--to", deadServer, "--bogus"])
            XCTAssertEqual(wrong.status, 2)
            XCTAssertTrue(wrong.stderr.hasPrefix("Error: Unknown option '--bogus'"), wrong.stderr)
        }
    #else
        func testThePostgreSQLCommandsSayThisVitalsWasBuiltWithoutThem() throws {
            for arguments in [
                ["push"], ["push", "--to", deadServer], ["push", "--help"], ["help", "grant"], ["pull", "-h"],
                ["revoke", "ann"], ["catalog", "push"],
            ] {
                let run = try runAlone(arguments)
                XCTAssertEqual(run.status, 2, "\(arguments)")
                XCTAssertEqual(run.stdout, "", "\(arguments)")
                XCTAssertEqual(
                    run.stderr,
                    "vitals: error: \(arguments.first == "help" ? arguments[1] : arguments[0]) is a PostgreSQL command: "
                        + "this vitals was built without PostgreSQL; build it with `swift build -c release --traits PostgreSQL` "
                        + "(README, Install)\n", "\(arguments)")
            }
            let top = try runAlone(["--help"], environment: ["COLUMNS": "80"])
            XCTAssertEqual(top.status, 0)
            XCTAssertFalse(top.stdout.contains("\n  push "), top.stdout)
            // Only as a command: a word `push` elsewhere is what it always was.
            let argument = try runAlone(["render", "push"])
            XCTAssertEqual(argument.status, 1, argument.stderr)
            XCTAssertFalse(argument.stderr.contains("PostgreSQL"), argument.stderr)
        }

        func testAPostgresLocationSaysThisVitalsWasBuiltWithoutPostgreSQL() throws {
            for (arguments, environment) in [
                (["render", "protein", "--db", deadServer], [:]),
                (["render", "protein"], ["VITALS_DB": deadServer]),
                (["validate", "--catalog", deadServer], [:]),
            ] {
                let run = try runAlone(arguments, environment: environment)
                XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
                XCTAssertEqual(run.stdout, "", "\(arguments)")
                // After the notice that the catalog built into vitals is read (no catalog in the directory).
                let lines = run.stderr.split(separator: "\n").map(String.init)
                XCTAssertEqual(
                    lines.last,
                    "vitals: error: no store backend for postgres:// locations: \(StoreLocationError.withoutPostgreSQL)",
                    "\(arguments): \(run.stderr)")
                XCTAssertTrue(StoreLocationError.withoutPostgreSQL.contains("--traits PostgreSQL"))
            }
        }
    #endif
}
