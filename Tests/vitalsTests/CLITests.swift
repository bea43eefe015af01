import Foundation
import VitalsKit
import VitalsScreens
import XCTest

/// End-to-end tests: run the built `vitals` binary and check exit code, stdout and stderr.
final class CLITests: XCTestCase {
    func run(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil) throws
        -> VitalsProcess.Run
    {
        try VitalsProcess.run(arguments, environment: environment, in: directory)
    }

    private func tempCatalog(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-cli-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root
    }

    private let brokenCatalog = [
        "screens/core.yaml":
            "pillars:\n  - {pillar_id: core_care, name: Core Care}\nscreens:\n  - {screen_id: SCREEN_BODY, name: Body, pillar: core_care}\n",
        "metrics/body.yaml":
            "metrics:\n  - display_metric_id: BODY_WEIGHT\n    display_screen_id: SCREEN_BODY\n    display_name: Weight\n    chart_type_id: lines\n    is_primary: true\n    series: body_mas\n",
    ]

    /// A catalog whose only finding is a warning (an active child under an inactive parent).
    private let warningCatalog = [
        "screens/core.yaml":
            "pillars:\n  - {pillar_id: core_care, name: Core Care}\nscreens:\n  - {screen_id: SCREEN_BODY, name: Body, pillar: core_care}\n",
        "metrics/body.yaml": """
        series: [{series_id: body_mass, kind: quantity, unit: kg}]
        metrics:
          - {display_metric_id: BODY_WEIGHT, display_screen_id: SCREEN_BODY, display_name: Weight, chart_type_id: line, is_primary: true, series: body_mass}
          - {display_metric_id: BODY_A, display_screen_id: SCREEN_BODY, display_name: A, chart_type_id: line, is_active: false, parent_metric_id: BODY_WEIGHT, series: body_mass}
          - {display_metric_id: BODY_B, display_screen_id: SCREEN_BODY, display_name: B, chart_type_id: line, parent_metric_id: BODY_A, series: body_mass}

        """,
    ]

    func testValidateShippedCatalogPasses() throws {
        let shipped = try CatalogLoader.load(
            paths: ["screens", "metrics"].map { VitalsProcess.packageRoot.appendingPathComponent($0).path })
        let modules = BuiltInScreenModules.screenIDs.filter { shipped.catalog.screen($0) != nil }
        try assertCommand(
            ["validate"],
            stdout: """
                custom screen modules: \(modules.joined(separator: ", ")); every other screen uses the generic layout
                \(shipped.catalog.files.count) files, \(shipped.catalog.screens.count) screens, \
                \(shipped.catalog.metrics.count) metrics: 0 errors, 0 warnings

                """)
    }

    func testValidateReportsErrorsWithCaretAndExitsOne() throws {
        let root = try tempCatalog(brokenCatalog)
        try assertCommand(
            ["validate"], in: root,
            stdout: """
                metrics/body.yaml:5:20: error: unknown chart_type_id 'lines'; did you mean 'line'? [unknown-chart-type]
                        chart_type_id: lines
                                       ^
                metrics/body.yaml:7:13: error: unknown series 'body_mas' [unknown-reference]
                        series: body_mas
                                ^
                2 files, 1 screens, 1 metrics: 2 errors, 0 warnings

                """, exitCode: 1)
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
        XCTAssertEqual(
            Set(diagnostics.compactMap { $0["rule"] as? String }), ["unknown-reference", "unknown-chart-type"])
        XCTAssertEqual(Set(diagnostics[0].keys), ["file", "line", "column", "severity", "rule", "message"])
    }

    func testGitHubFormatIsChosenUnderActionsAndStrictFailsOnWarnings() throws {
        let root = try tempCatalog(warningCatalog)
        try assertCommand(
            ["validate"], environment: ["GITHUB_ACTIONS": "true"], in: root,
            stdout: """
                ::warning file=metrics/body.yaml,line=5,col=121,title=inactive-parent::'BODY_B' is active but its parent \
                'BODY_A' is not, so it is never shown [inactive-parent]
                2 files, 1 screens, 3 metrics: 0 errors, 1 warning

                """)
        try assertCommand(
            ["validate", "--strict"], in: root, stdoutGolden: "validate/inactive-parent-strict", exitCode: 1)
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
        files["screens/core.yaml"] =
            "pillars:\n  - {pillar_id: core_care, name: Core Care, color: green}\n"
            + "  - {pillar_id: other, name: Other, color: \"#2e9\"}\nscreens:\n  - {screen_id: SCREEN_BODY, name: Body, pillar: core_care}\n"
        try assertCommand(["validate"], in: try tempCatalog(files), stdoutGolden: "validate/named-colours")
        files["screens/core.yaml"] = files["screens/core.yaml"]!.replacingOccurrences(
            of: "color: green", with: "color: purpel")
        try assertCommand(
            ["validate"], in: try tempCatalog(files), stdoutGolden: "validate/misspelt-colour", exitCode: 1)
    }

    func testRenderersDrawANamedColourWithItsTableValue() throws {
        var files = warningCatalog
        files["screens/core.yaml"] =
            "pillars:\n  - {pillar_id: core_care, name: Core Care, color: indigo}\n"
            + "screens:\n  - {screen_id: SCREEN_BODY, name: Body, pillar: core_care}\n"
        let root = try tempCatalog(files)
        // Indigo is #5856D6: the golden's header and chart are drawn in 38;2;88;86;214.
        let data = root.appendingPathComponent("no-data").path
        let db = data + "/vitals/vitals.sqlite"
        try assertCommand(
            ["render", "body", "--as-of", "2026-11-20", "--width", "80", "--color", "always"],
            environment: ["COLORTERM": "truecolor", "XDG_DATA_HOME": data], in: root, replacing: ["$DB": db],
            stdoutGolden: "render/body-indigo-80-truecolor",
            stderr: """
                vitals: no database at $DB; showing the embedded demo data (vitals demo --db $DB writes it)

                """)
    }

    func testMissingPathExitsTwo() throws {
        try assertCommand(
            ["validate", "/no/such/catalog"],
            stderr: "vitals: error: no such file or directory: /no/such/catalog\n", exitCode: 2)
    }

    func testBadArgumentExitsTwo() throws {
        try assertCommand(
            ["validate", "--format", "xml"],
            stderr: """
                vitals: error: unknown --format 'xml'; vitals validate writes text, json, github, sarif
                  vitals validate --formats lists them

                """, exitCode: 2)
        try assertCommand(
            ["validate", "--format", "sarf"],
            stderr: """
                vitals: error: unknown --format 'sarf'; vitals validate writes text, json, github, sarif
                  did you mean 'sarif'?
                  vitals validate --formats lists them

                """, exitCode: 2)
    }

    func testRulesListsEveryRule() throws {
        try assertCommand(["rules"], stdoutGolden: "rules/all")
    }

    func testTreeShowsHierarchyAndUnknownScreenSuggests() throws {
        try assertCommand(["tree", "protein", "--ascii"], stdoutGolden: "tree/protein-ascii")
        try assertCommand(
            ["tree", "protien"],
            stderr: """
                vitals: error: unknown screen 'protien'
                  did you mean: SCREEN_PROTEIN?
                  vitals tree lists every screen

                """, exitCode: 1)
        let json = try run(["tree", "--format", "json"])
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertFalse((parsed["pillars"] as? [Any] ?? []).isEmpty, json.stdout)
    }

    func testSchemaMatchesCommittedCopy() throws {
        let result = try run(["schema"])
        let committed = try String(
            contentsOf: VitalsProcess.packageRoot.appendingPathComponent("schemas/vitals.schema.json"), encoding: .utf8)
        XCTAssertEqual(result.stdout, committed)
    }
}
