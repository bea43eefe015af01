import Foundation
import XCTest

/// The exit-code table of the README, held by every command on the real binary:
/// 0 ok; 1 findings or a refused input; 2 usage error or could not run.
final class ExitCodeCLITests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-exit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    private func expect(_ status: Int32, _ arguments: [String], stderr fragment: String? = nil,
                        file: StaticString = #filePath, line: UInt = #line) throws {
        let run = try VitalsProcess.run(arguments)
        XCTAssertEqual(run.status, status, "vitals \(arguments.joined(separator: " ")): \(run.stderr)", file: file, line: line)
        if let fragment {
            XCTAssertTrue(run.stderr.contains(fragment), "vitals \(arguments.joined(separator: " ")): \(run.stderr)", file: file, line: line)
        }
        if status == 2 {
            XCTAssertFalse(run.stderr.isEmpty, "a usage error says what is wrong", file: file, line: line)
        }
    }

    private var db: String { scratch.appendingPathComponent("vitals.sqlite").path }

    func testUsageErrorsExitTwoInEveryCommand() throws {
        try expect(2, ["rendr"], stderr: "did you mean 'render'?")
        try expect(2, ["valdate"], stderr: "did you mean 'validate'?")
        // Asking for help on a mistyped command is the same mistake (it printed the parent's help, exit 0).
        try expect(2, ["rendr", "--help"], stderr: "unknown command 'rendr'\ndid you mean 'render'?")
        try expect(2, ["help", "rendr"], stderr: "did you mean 'render'?")
        try expect(2, ["import", "apple-healt", "-h"], stderr: "did you mean 'apple-health'?")
        try expect(0, ["help", "render"])
        try expect(0, ["render", "protein", "--help"])
        try expect(0, ["import", "--help"])
        try expect(0, ["--help"])
        try expect(2, ["milestone", "dne", "x"], stderr: "did you mean 'done'?")
        try expect(2, ["import", "csb", "x.csv"], stderr: "did you mean 'csv'?")
        try expect(2, ["render"], stderr: "name a screen")
        try expect(2, ["render", "protein", "--color", "sometimes"], stderr: "sometimes")
        try expect(2, ["render", "protein", "--range", "fortnight"], stderr: "fortnight")
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
        try expect(1, ["export", "csv", "--series", "nosuch"], stderr: "unknown series")
        try expect(1, ["new-screen", "Iron", "--pillar", "core_cre"], stderr: "did you mean core_care?")
        try expect(2, ["milestone", "done"])
        try expect(2, ["milestone", "list", "--bogus"])
    }

    func testCouldNotRunExitsTwo() throws {
        try expect(2, ["validate", "/no/such/catalog"], stderr: "/no/such/catalog")
        try expect(2, ["import", "csv", "/no/such.csv", "--db", db])
        try expect(2, ["explore"], stderr: "needs a terminal")   // stdin is not a terminal here
        try expect(2, ["new-screen", "Blood Glucose", "--pillar", "core_care", "--catalog", scratch.path], stderr: "has no screens/")
    }

    func testRefusedInputExitsOne() throws {
        try expect(1, ["render", "nosuchscreen"], stderr: "unknown screen 'nosuchscreen'")
        try expect(1, ["tree", "nosuchscreen"], stderr: "unknown screen 'nosuchscreen'")
        try expect(1, ["log", "no_such_series", "5", "--db", db], stderr: "no_such_series")
        let broken = scratch.appendingPathComponent("screens")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("metrics"), withIntermediateDirectories: true)
        try "pillars: [{pillar_id: p, name: P, color: greem}]\n".write(to: broken.appendingPathComponent("p.yaml"), atomically: true, encoding: .utf8)
        try expect(1, ["validate", "--catalog", scratch.path])
        try expect(1, ["tree", "--catalog", scratch.path], stderr: "the catalog has errors")
    }

    func testSuccessExitsZero() throws {
        try expect(0, ["--help"])
        try expect(0, ["--version"])
        try expect(0, ["rules"])
        try expect(0, ["schema"])
        try expect(0, ["tree"])
        try expect(0, ["render", "protein", "--as-of", "2026-11-20", "--width", "80"])
        try expect(0, ["validate"])
    }
}
