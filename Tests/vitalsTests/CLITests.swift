import Foundation
import VitalsKit
import XCTest

/// End-to-end tests: run the built `vitals` binary and check exit code, stdout and stderr.
final class CLITests: XCTestCase {
    func run(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil) throws -> VitalsProcess.Run {
        try VitalsProcess.run(arguments, environment: environment, in: directory)
    }

    private func tempCatalog(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-cli-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root
    }

    private let brokenCatalog = [
        "screens/core.yaml": "pillars:\n  - {pillar_id: core_care, name: Core Care}\nscreens:\n  - {screen_id: SCREEN_BODY, name: Body, pillar: core_care}\n",
        "metrics/body.yaml": "metrics:\n  - display_metric_id: BODY_WEIGHT\n    display_screen_id: SCREEN_BODY\n    display_name: Weight\n    chart_type_id: lines\n    is_primary: true\n    series: body_mas\n",
    ]

    /// A catalog whose only finding is a warning (an active child under an inactive parent).
    private let warningCatalog = [
        "screens/core.yaml": "pillars:\n  - {pillar_id: core_care, name: Core Care}\nscreens:\n  - {screen_id: SCREEN_BODY, name: Body, pillar: core_care}\n",
        "metrics/body.yaml": """
            series: [{series_id: body_mass, kind: quantity, unit: kg}]
            metrics:
              - {display_metric_id: BODY_WEIGHT, display_screen_id: SCREEN_BODY, display_name: Weight, chart_type_id: line, is_primary: true, series: body_mass}
              - {display_metric_id: BODY_A, display_screen_id: SCREEN_BODY, display_name: A, chart_type_id: line, is_active: false, parent_metric_id: BODY_WEIGHT, series: body_mass}
              - {display_metric_id: BODY_B, display_screen_id: SCREEN_BODY, display_name: B, chart_type_id: line, parent_metric_id: BODY_A, series: body_mass}

            """,
    ]

    func testValidateShippedCatalogPasses() throws {
        let result = try run(["validate"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let shipped = try CatalogLoader.load(paths: ["screens", "metrics"].map { VitalsProcess.packageRoot.appendingPathComponent($0).path })
        XCTAssertTrue(result.stdout.contains("\(shipped.catalog.files.count) files, \(shipped.catalog.screens.count) screens, \(shipped.catalog.metrics.count) metrics"), result.stdout)
        XCTAssertTrue(result.stdout.contains("0 errors, 0 warnings"), result.stdout)
    }

    func testValidateReportsErrorsWithCaretAndExitsOne() throws {
        let root = try tempCatalog(brokenCatalog)
        let result = try run(["validate"], in: root)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("metrics/body.yaml:7:13: error: unknown series 'body_mas' [unknown-reference]"), result.stdout)
        XCTAssertTrue(result.stdout.contains("metrics/body.yaml:5:20: error: unknown chart_type_id 'lines'; did you mean 'line'? [unknown-chart-type]"), result.stdout)
        XCTAssertTrue(result.stdout.contains("            ^"), "caret line missing:\n" + result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("2 files, 1 screens, 1 metrics: 2 errors, 0 warnings\n"), result.stdout)
    }

    func testValidateJSONFormat() throws {
        let root = try tempCatalog(brokenCatalog)
        let result = try run(["validate", "--format", "json"], in: root)
        XCTAssertEqual(result.status, 1)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let diagnostics = try XCTUnwrap(json["diagnostics"] as? [[String: Any]])
        let summary = try XCTUnwrap(json["summary"] as? [String: Int])
        XCTAssertEqual(summary["errors"], 2)
        XCTAssertEqual(summary["warnings"], 0)
        XCTAssertEqual(summary["files"], 2)
        XCTAssertEqual(Set(diagnostics.compactMap { $0["rule"] as? String }), ["unknown-reference", "unknown-chart-type"])
        XCTAssertEqual(Set(diagnostics[0].keys), ["file", "line", "column", "severity", "rule", "message"])
    }

    func testGitHubFormatIsChosenUnderActionsAndStrictFailsOnWarnings() throws {
        let root = try tempCatalog(warningCatalog)
        let plain = try run(["validate"], environment: ["GITHUB_ACTIONS": "true"], in: root)
        XCTAssertEqual(plain.status, 0, plain.stdout)
        XCTAssertTrue(plain.stdout.hasPrefix("::warning file=metrics/body.yaml,line=5,col="), plain.stdout)
        XCTAssertTrue(plain.stdout.contains("title=inactive-parent::"), plain.stdout)
        let strict = try run(["validate", "--strict"], in: root)
        XCTAssertEqual(strict.status, 1)
    }

    func testSARIFIsValidJSON() throws {
        let root = try tempCatalog(brokenCatalog)
        let result = try run(["validate", "--format", "sarif"], in: root)
        XCTAssertEqual(result.status, 1)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["version"] as? String, "2.1.0")
        let runs = try XCTUnwrap(json["runs"] as? [[String: Any]])
        XCTAssertEqual((runs[0]["results"] as? [Any])?.count, 2)
    }

    func testNamedColoursAreAcceptedAndAMisspeltOneIsRefusedWithASuggestion() throws {
        var files = warningCatalog
        files["screens/core.yaml"] = "pillars:\n  - {pillar_id: core_care, name: Core Care, color: green}\n"
            + "  - {pillar_id: other, name: Other, color: \"#2e9\"}\nscreens:\n  - {screen_id: SCREEN_BODY, name: Body, pillar: core_care}\n"
        let good = try run(["validate"], in: try tempCatalog(files))
        XCTAssertEqual(good.status, 0, good.stdout)
        files["screens/core.yaml"] = files["screens/core.yaml"]!.replacingOccurrences(of: "color: green", with: "color: purpel")
        let bad = try run(["validate"], in: try tempCatalog(files))
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stdout.contains("'purpel' is not a colour: use #RGB, #RRGGBB or one of red, orange"), bad.stdout)
        XCTAssertTrue(bad.stdout.contains("did you mean 'purple'?"), bad.stdout)
    }

    func testRenderersDrawANamedColourWithItsTableValue() throws {
        var files = warningCatalog
        files["screens/core.yaml"] = "pillars:\n  - {pillar_id: core_care, name: Core Care, color: indigo}\n"
            + "screens:\n  - {screen_id: SCREEN_BODY, name: Body, pillar: core_care}\n"
        let root = try tempCatalog(files)
        let run = try self.run(["render", "body", "--as-of", "2026-11-20", "--width", "80", "--color", "always"],
                               environment: ["COLORTERM": "truecolor"], in: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("38;2;88;86;214m"), "indigo is #5856D6:\n" + run.stdout.debugDescription.prefix(400))
    }

    func testMissingPathExitsTwo() throws {
        let result = try run(["validate", "/no/such/catalog"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("no such file or directory: /no/such/catalog"), result.stderr)
        XCTAssertEqual(result.stdout, "")
    }

    func testBadArgumentExitsTwo() throws {
        let result = try run(["validate", "--format", "xml"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("xml"), result.stderr)
    }

    func testRulesListsEveryRule() throws {
        let result = try run(["rules"])
        XCTAssertEqual(result.status, 0)
        for id in ["yaml-syntax", "duplicate-key", "unknown-reference", "parent-cycle", "primary-count", "target-sanity"] {
            XCTAssertTrue(result.stdout.contains(id), "missing \(id)")
        }
    }

    func testTreeShowsHierarchyAndUnknownScreenSuggests() throws {
        let tree = try run(["tree", "protein", "--ascii"])
        XCTAssertEqual(tree.status, 0, tree.stderr)
        XCTAssertTrue(tree.stdout.contains("`-- Protein [SCREEN_PROTEIN, custom module]"), tree.stdout)
        XCTAssertTrue(tree.stdout.contains("    `-- * Protein per day [PROTEIN_GRAMS_DAILY] bar_vertical") || tree.stdout.contains("Protein per meal [PROTEIN_PER_MEAL] bar_stacked"), tree.stdout)
        let unknown = try run(["tree", "protien"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("did you mean: SCREEN_PROTEIN"), unknown.stderr)
        let json = try run(["tree", "--format", "json"])
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertFalse((parsed["pillars"] as? [Any] ?? []).isEmpty, json.stdout)
    }

    func testSchemaMatchesCommittedCopy() throws {
        let result = try run(["schema"])
        let committed = try String(contentsOf: VitalsProcess.packageRoot.appendingPathComponent("schemas/vitals.schema.json"), encoding: .utf8)
        XCTAssertEqual(result.stdout, committed)
    }
}
