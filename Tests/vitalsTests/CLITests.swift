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
        XCTAssertTrue(result.stdout.contains("metrics/body.yaml:5:20: warning: unknown chart_type_id 'lines'"), result.stdout)
        XCTAssertTrue(result.stdout.contains("did you mean 'line'?"), result.stdout)
        XCTAssertTrue(result.stdout.contains("            ^"), "caret line missing:\n" + result.stdout)
    }

    func testValidateJSONFormat() throws {
        let root = try tempCatalog(brokenCatalog)
        let result = try run(["validate", "--format", "json"], in: root)
        XCTAssertEqual(result.status, 1)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let diagnostics = try XCTUnwrap(json["diagnostics"] as? [[String: Any]])
        let summary = try XCTUnwrap(json["summary"] as? [String: Int])
        XCTAssertEqual(summary["errors"], 1)
        XCTAssertEqual(summary["warnings"], 1)
        XCTAssertEqual(summary["files"], 2)
        XCTAssertEqual(Set(diagnostics.compactMap { $0["rule"] as? String }), ["unknown-reference", "unknown-chart-type"])
        XCTAssertEqual(Set(diagnostics[0].keys), ["file", "line", "column", "severity", "rule", "message"])
    }

    func testGitHubFormatIsChosenUnderActionsAndStrictFailsOnWarnings() throws {
        let root = try tempCatalog(brokenCatalog.merging(["metrics/body.yaml": brokenCatalog["metrics/body.yaml"]!
            .replacingOccurrences(of: "body_mas", with: "body_mass")
            + "\nseries: [{series_id: body_mass, kind: quantity, unit: kg}]\n"]) { $1 })
        let plain = try run(["validate"], environment: ["GITHUB_ACTIONS": "true"], in: root)
        XCTAssertEqual(plain.status, 0, plain.stdout)
        XCTAssertTrue(plain.stdout.hasPrefix("::warning file=metrics/body.yaml,line=5,col=20,title=unknown-chart-type::"), plain.stdout)
        let strict = try run(["validate", "--strict"], in: root)
        XCTAssertEqual(strict.status, 1)
    }

    func testSARIFIsValidJSON() throws {
        let root = try tempCatalog(brokenCatalog)
        let result = try run(["validate", "--format", "sarif"], in: root)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["version"] as? String, "2.1.0")
        let runs = try XCTUnwrap(json["runs"] as? [[String: Any]])
        XCTAssertEqual((runs[0]["results"] as? [Any])?.count, 2)
    }

    func testMissingPathExitsTwo() throws {
        let result = try run(["validate", "/no/such/catalog"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("no such file or directory: /no/such/catalog"), result.stderr)
        XCTAssertEqual(result.stdout, "")
    }

    func testBadArgumentExitsTwo() throws {
        let result = try run(["validate", "--format", "xml"])
        XCTAssertNotEqual(result.status, 0)
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
        XCTAssertEqual((parsed["pillars"] as? [Any])?.count, 7)
    }

    func testSchemaMatchesCommittedCopy() throws {
        let result = try run(["schema"])
        let committed = try String(contentsOf: VitalsProcess.packageRoot.appendingPathComponent("schemas/vitals.schema.json"), encoding: .utf8)
        XCTAssertEqual(result.stdout, committed)
    }
}
