import Foundation
import XCTest

/// `vitals render` as a person runs it: on the embedded demo data, by id or alias, in text
/// and JSON, and with clear messages for the mistakes people make.
final class RenderCLITests: XCTestCase {
    private let noDatabase = ["VITALS_DB": FileManager.default.temporaryDirectory
        .appendingPathComponent("vitals-render-none-\(UUID().uuidString).sqlite").path]

    private func render(_ arguments: [String], environment: [String: String] = [:]) throws -> VitalsProcess.Run {
        try VitalsProcess.run(["render"] + arguments + ["--as-of", "2026-06-15"],
                              environment: noDatabase.merging(environment) { $1 })
    }

    func testProteinOnTheDemoDataWithTheNoticeOnStderr() throws {
        let run = try render(["protein", "--width", "80"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("Protein per day (g)"), run.stdout)
        XCTAssertTrue(run.stdout.contains("Healthful Nutrition"), run.stdout)
        XCTAssertTrue(run.stderr.contains("showing the embedded demo data"), run.stderr)
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
        let run = try render(["protien"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("unknown screen 'protien'"), run.stderr)
        XCTAssertTrue(run.stderr.contains("did you mean: SCREEN_PROTEIN"), run.stderr)
        XCTAssertEqual(run.stdout, "")
    }

    func testANarrowWidthIsAUsageErrorWithAClearMessage() throws {
        let run = try render(["protein", "--width", "30"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("a width of 30 columns (from --width) is too narrow"), run.stderr)
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
        let coloured = try render(["steps", "--color", "always"])
        XCTAssertTrue(coloured.stdout.contains("\u{1B}["), "--color always gives escapes")
    }

    func testImperialUnitsConvertValuesAndTargets() throws {
        let run = try render(["body", "--units", "imperial", "--format", "json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("\"unit\": \"lb\""), run.stdout)
    }

    func testABrokenCatalogPrintsItsDiagnosticsAndExits1() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-broken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("screens"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("metrics"), withIntermediateDirectories: true)
        try "screens:\n  - screen_id: SCREEN_X\n    name: [oops\n".write(
            to: root.appendingPathComponent("screens/x.yaml"), atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try render(["x", "--catalog", root.path])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("screens/x.yaml:4:1: error:"), run.stderr)
        XCTAssertTrue(run.stderr.contains("[yaml-syntax]"), run.stderr)
        XCTAssertEqual(run.stdout, "")
    }

    func testBadOptionValuesAreUsageErrors() throws {
        XCTAssertEqual(try render(["protein", "--range", "fortnight"]).status, 2)
        XCTAssertEqual(try render(["protein", "--color", "sometimes"]).status, 2)
        XCTAssertEqual(try VitalsProcess.run(["render"], environment: noDatabase).status, 2)
    }
}
