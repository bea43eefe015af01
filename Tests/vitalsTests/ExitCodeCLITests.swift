import Foundation
import TestSupport
import XCTest

/// The exit-code table of the README, held by every command on the real binary:
/// 0 ok; 1 findings or a refused input; 2 usage error or could not run.
///
/// Each test's commands, exit codes and whole stderr are a transcript compared with a golden
/// (`Goldens/exit-codes/<test>.txt`); stdout is left to the tests of each command.
final class ExitCodeCLITests: XCTestCase {
    private var scratch: URL!
    private var transcript = ""

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-exit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    /// Runs `vitals arguments` (no database unless `--db` names one), checks its exit code and
    /// adds command, exit code and stderr (the scratch directory written `$TMP`) to the transcript.
    private func expect(
        _ status: Int32, _ arguments: [String],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let run = try VitalsProcess.run(
            arguments, environment: ["XDG_DATA_HOME": scratch.appendingPathComponent("no-data").path])
        let command = "vitals " + arguments.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
        // The shipped catalog's list of series is not written out (adding a series keeps this green).
        let stderr = CommandOutput.normalised(run.stderr, ["$TMP": scratch.path], CommandOutput.shippedSeries)
        XCTAssertEqual(run.status, status, "\(command): \(stderr)", file: file, line: line)
        if status == 2 {
            XCTAssertFalse(run.stderr.isEmpty, "a usage error says what is wrong", file: file, line: line)
        }
        transcript +=
            "$ \(CommandOutput.normalised(command, ["$TMP": scratch.path]))\nexit \(run.status)\n"
            + (stderr.isEmpty ? "" : stderr + (stderr.hasSuffix("\n") ? "" : "\n")) + "\n"
    }

    /// The transcript so far against `Goldens/exit-codes/<name>.txt`.
    private func assertTranscript(_ name: String, file: StaticString = #filePath, line: UInt = #line) {
        assertSnapshot(transcript, named: "exit-codes/" + name, filePath: file, line: line)
    }

    private var db: String { scratch.appendingPathComponent("vitals.sqlite").path }

    func testUsageErrorsExitTwoInEveryCommand() throws {
        try expect(2, ["rendr"])
        try expect(2, ["valdate"])
        // Asking for help on a mistyped command is the same mistake (it printed the parent's help, exit 0).
        try expect(2, ["rendr", "--help"])
        try expect(2, ["help", "rendr"])
        try expect(2, ["import", "apple-healt", "-h"])
        try expect(0, ["help", "render"])
        try expect(0, ["render", "protein", "--help"])
        try expect(0, ["import", "--help"])
        try expect(0, ["--help"])
        try expect(2, ["milestone", "dne", "x"])
        try expect(2, ["import", "csb", "x.csv"])
        try expect(2, ["render"])
        try expect(2, ["render", "protein", "--color", "sometimes"])
        try expect(2, ["render", "protein", "--range", "fortnight"])
        try expect(2, ["render", "protein", "--width", "abc"])
        try expect(2, ["render", "protein", "--width", "10"])
        try expect(2, ["render", "protein", "--as-of", "2026-13-01"])
        try expect(2, ["render", "protein", "--units", "furlongs"])
        try expect(2, ["render", "protein", "--format", "yaml"])
        try expect(2, ["validate", "--format", "xml"])
        try expect(2, ["validate", "--bogus"])
        try expect(2, ["rules", "--bogus"])
        try expect(2, ["tree", "--format", "yaml"])
        try expect(2, ["schema", "extra"])
        try expect(2, ["explore", "--color", "sometimes"])
        try expect(2, ["explore", "--range", "fortnight"])
        try expect(2, ["new-screen"])
        try expect(2, ["demo", "--seed", "x"])
        try expect(2, ["log"])
        try expect(2, ["import", "csv"])
        try expect(2, ["import", "apple-health"])
        try expect(2, ["export"])
        try expect(2, ["export", "xml"])
        try expect(1, ["export", "csv", "--series", "nosuch"])
        try expect(1, ["new-screen", "Iron", "--pillar", "core_cre"])
        try expect(2, ["milestone", "done"])
        try expect(2, ["milestone", "list", "--bogus"])
        assertTranscript("usage-errors")
    }

    func testCouldNotRunExitsTwo() throws {
        try expect(2, ["validate", "/no/such/catalog"])
        try expect(2, ["import", "csv", "/no/such.csv", "--db", db])
        try expect(2, ["explore"])  // stdin is not a terminal here
        try expect(2, ["new-screen", "Blood Glucose", "--pillar", "core_care", "--catalog", scratch.path])
        assertTranscript("could-not-run")
    }

    func testRefusedInputExitsOne() throws {
        try expect(1, ["render", "nosuchscreen"])
        try expect(1, ["tree", "nosuchscreen"])
        try expect(1, ["log", "no_such_series", "5", "--db", db])
        let broken = scratch.appendingPathComponent("screens")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: scratch.appendingPathComponent("metrics"), withIntermediateDirectories: true)
        try "pillars: [{pillar_id: p, name: P, color: greem}]\n".write(
            to: broken.appendingPathComponent("p.yaml"), atomically: true, encoding: .utf8)
        try expect(1, ["validate", "--catalog", scratch.path])
        try expect(1, ["tree", "--catalog", scratch.path])
        assertTranscript("refused-input")
    }

    func testSuccessExitsZero() throws {
        try expect(0, ["--help"])
        try expect(0, ["--version"])
        try expect(0, ["rules"])
        try expect(0, ["schema"])
        try expect(0, ["tree"])
        try expect(0, ["render", "protein", "--as-of", "2026-11-20", "--width", "80"])
        try expect(0, ["validate"])
        assertTranscript("success")
    }
}
