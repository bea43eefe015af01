import Foundation
import XCTest

/// `vitals render` as a person runs it: on the embedded demo data, by id or alias, in text
/// and JSON, and with clear messages for the mistakes people make.
final class RenderCLITests: XCTestCase {
    /// No database: the default file in a data directory that does not exist (a database
    /// named with --db or $VITALS_DB that is missing is an error, not the demo data).
    private let noDatabase = [
        "XDG_DATA_HOME": FileManager.default.temporaryDirectory
            .appendingPathComponent("vitals-render-none-\(UUID().uuidString)").path
    ]

    private func render(_ arguments: [String], environment: [String: String] = [:]) throws -> VitalsProcess.Run {
        try VitalsProcess.run(
            ["render"] + arguments + ["--as-of", "2026-06-15"],
            environment: noDatabase.merging(environment) { $1 })
    }

    /// `vitals render arguments --as-of 2026-06-15` without a database, its output exact
    /// (the database path written `$DB`).
    @discardableResult
    private func assertRender(
        _ arguments: [String], environment: [String: String] = [:], stdout: String? = "", stdoutGolden: String? = nil,
        stderr: String? = "", exitCode: Int32 = 0,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> VitalsProcess.Run {
        try assertCommand(
            ["render"] + arguments + ["--as-of", "2026-06-15"],
            environment: noDatabase.merging(environment) { $1 },
            replacing: ["$DB": noDatabase["XDG_DATA_HOME"]! + "/vitals/vitals.sqlite"], stdout: stdout,
            stdoutGolden: stdoutGolden,
            stderr: stderr, exitCode: exitCode, file: file, line: line)
    }

    private let demoNotice =
        "vitals: no database at $DB; showing the embedded demo data (vitals demo --db $DB writes it)\n"

    func testProteinOnTheDemoDataWithTheNoticeOnStderr() throws {
        let run = try assertRender(
            ["protein", "--width", "80"], stdoutGolden: "render/protein-demo-80", stderr: demoNotice)
        XCTAssertFalse(run.stdout.contains("\u{1B}["), "NO_COLOR output has escapes")
        for line in run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            XCTAssertLessThanOrEqual(line.count, 80, String(line))
        }
    }

    func testScreensAreNamedByIdInAnyCaseOrByAlias() throws {
        let byID = try render(["screen_protein", "--width", "80"])
        let byAlias = try render(["protein", "--width", "80"])
        XCTAssertEqual(byID.status, 0, byID.stderr)
        XCTAssertEqual(byID.stdout, byAlias.stdout)
    }

    func testAnUnknownScreenSuggestsTheClosestIds() throws {
        try assertRender(
            ["protien"],
            stderr: """
                vitals: error: unknown screen 'protien'
                  did you mean: SCREEN_PROTEIN?
                  vitals tree lists every screen

                """, exitCode: 1)
    }

    func testANarrowWidthIsAUsageErrorWithAClearMessage() throws {
        try assertRender(
            ["protein", "--width", "30"],
            stderr: """
                vitals: error: a width of 30 columns (from --width) is too narrow; charts need at least 40 columns \
                (use --width 40 or more)

                """, exitCode: 2)
    }

    func testJSONCarriesTheSameContentAsData() throws {
        let run = try render(["protein", "--format", "json", "--range", "30d"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let screen = try XCTUnwrap((root["screens"] as? [[String: Any]])?.first)
        XCTAssertEqual(screen["screen_id"] as? String, "SCREEN_PROTEIN")
        XCTAssertEqual(screen["as_of"] as? String, "2026-06-15")
        let blocks = try XCTUnwrap(screen["blocks"] as? [[String: Any]])
        let chart = try XCTUnwrap(blocks.first { $0["kind"] as? String == "chart" }?["data"] as? [String: Any])
        let points = try XCTUnwrap(chart["points"] as? [[String: Any]])
        XCTAssertEqual(points.count, 30, "--range 30d gives 30 daily points")
        XCTAssertEqual(points.last?["date"] as? String, "2026-06-15")
        XCTAssertEqual((chart["target"] as? [String: Any])?["rule"] as? String, "at_least")
    }

    func testAllDrawsEveryActiveScreenAndColourFollowsTheFlag() throws {
        let all = try render(["--all", "--format", "json"])
        XCTAssertEqual(all.status, 0, all.stderr)
        let rendered = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [String: Any])
        let tree = try VitalsProcess.run(["tree", "--format", "json"])
        let catalog = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(tree.stdout.utf8)) as? [String: Any])
        let ids = ((catalog["pillars"] as? [[String: Any]]) ?? []).flatMap { pillar in
            ((pillar["screens"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
        }
        XCTAssertGreaterThan(ids.count, 20)
        XCTAssertEqual(((rendered["screens"] as? [[String: Any]]) ?? []).compactMap { $0["screen_id"] as? String }, ids)
        let text = try render(["--all", "--width", "100"])
        XCTAssertEqual(text.status, 0, text.stderr)
        try assertRender(
            ["steps", "--width", "80", "--color", "always"], environment: ["TERM": "xterm", "COLORTERM": ""],
            stdoutGolden: "render/steps-demo-80-colour",
            stderr: demoNotice)
    }

    func testImperialUnitsConvertValuesAndTargets() throws {
        try assertRender(
            ["body", "--units", "imperial", "--format", "json"],
            stdoutGolden: "render/body-demo-imperial-json", stderr: demoNotice)
    }

    func testABrokenCatalogPrintsItsDiagnosticsAndExits1() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-broken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("screens"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("metrics"), withIntermediateDirectories: true)
        try "screens:\n  - screen_id: SCREEN_X\n    name: [oops\n".write(
            to: root.appendingPathComponent("screens/x.yaml"), atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: root) }
        try assertCommand(
            ["render", "x", "--catalog", root.path, "--as-of", "2026-06-15"], environment: noDatabase,
            replacing: ["$TMP": root.path],
            stderr: """
                screens/x.yaml:4:1: error: did not find expected ',' or ']' (while parsing a flow sequence at line 3, \
                column 11) [yaml-syntax]
                \("    ")
                    ^
                1 file, 0 screens, 0 metrics: 1 error, 0 warnings

                vitals: error: the catalog has errors; fix them (vitals validate shows them all)

                """, exitCode: 1)
    }

    func testBadOptionValuesAreUsageErrors() throws {
        let usage = """
            Usage: vitals render [<SCREEN> ...] [--all] [--children] [--watch] [--as-of <DATE>] [--range <RANGE>] \
            [--format <format>] [--formats] [--width <N>] [--color <WHEN>] [--ascii] [--units <SYSTEM>] [--catalog <DIR>] [--db <PATH>]
              See 'vitals render --help' for more information.

            """
        try assertRender(
            ["protein", "--range", "fortnight"],
            stderr: """
                vitals: error: --range expects 7d, 12w, 6m, 1y or all (a count and d, w, m or y), got 'fortnight'

                """, exitCode: 2)
        try assertRender(
            ["protein", "--color", "sometimes"],
            stderr: """
                Error: The value 'sometimes' is invalid for '--color <WHEN>'. Please provide one of 'auto', 'always' or 'never'.
                Help:  --color <WHEN>  Colour: auto (a terminal without NO_COLOR), always or never (default: the settings file's color, else auto).

                """ + usage, exitCode: 2)
        try assertCommand(
            ["render"], environment: noDatabase,
            stderr: """
                Error: name a screen (vitals render protein) or use --all; vitals tree lists them

                """ + usage, exitCode: 2)
    }
}
