import VitalsKit
import XCTest

@testable import VitalsLanguageServer

/// Completion offers the schema's keys at the cursor and the catalog's ids and values.
final class CompletionTests: XCTestCase {
    private func complete(_ text: String, in file: String = "metrics/new.yaml", harness: ServerHarness? = nil) throws
        -> [String]
    {
        let harness = try harness ?? ServerHarness()
        let marker = try XCTUnwrap(text.range(of: "|"), "the cursor is marked |")
        let before = text[..<marker.lowerBound]
        let line = before.components(separatedBy: "\n").count - 1
        let character = before.components(separatedBy: "\n").last!.utf16.count
        try harness.open(file, text: text.replacingOccurrences(of: "|", with: ""))
        return try harness.request("textDocument/completion", harness.at(file, line, character)).labels
    }

    func testAMetricsKeysAreTheSchemasLessThoseWritten() throws {
        let labels = try complete(
            """
            metrics:
              - display_metric_id: X
                display_screen_id: SCREEN_FIBER
                |
                chart_type_id: line
            """)
        let written: Set = ["display_metric_id", "display_screen_id", "chart_type_id"]
        XCTAssertEqual(labels, CatalogSchema.metric.keyNames.filter { !written.contains($0) })
    }

    func testKeysByPrefixAtEveryLevel() throws {
        XCTAssertEqual(try complete("me|"), ["metrics", "meal_slots"])
        XCTAssertEqual(
            try complete("metrics:\n  - display_metric_id: X\n    target:\n      rule: exact\n      |"),
            CatalogSchema.target.keyNames.filter { $0 != "rule" })
        XCTAssertEqual(try complete("metrics:\n  - dis|"), ["display_metric_id", "display_screen_id", "display_name"])
        XCTAssertEqual(
            try complete("series:\n  - series_id: s\n    by_kind:\n      |"), SubjectKind.allCases.map(\.rawValue))
    }

    func testAScreensConfigKeysAreItsModulesDeclaredOnes() throws {
        let module = try XCTUnwrap(
            ServerHarness.extensions.screens.declaredConfigs.first, "a built-in module declares config keys")
        let labels = try complete(
            "screens:\n  - screen_id: \(module.screenID)\n    name: X\n    pillar: nutrition\n    config:\n      |",
            in: "screens/new.yaml")
        XCTAssertEqual(labels, module.keys.map(\.name))
        XCTAssertEqual(
            try complete("screens:\n  - screen_id: SCREEN_UNMODULED\n    config:\n      |", in: "screens/new.yaml"), [])
    }

    func testChartKindsCompleteWithTheirOneLineSummaries() throws {
        let harness = try ServerHarness()
        try harness.open("metrics/new.yaml", text: "metrics:\n  - chart_type_id: \n")
        let response = try harness.request("textDocument/completion", harness.at("metrics/new.yaml", 1, 19))
        let items = try XCTUnwrap(response["result"]?["items"]?.arrayValue)
        XCTAssertEqual(items.compactMap { $0["label"]?.stringValue }, ServerHarness.extensions.chartKinds.ids)
        XCTAssertEqual(
            items.compactMap { $0["detail"]?.stringValue }, ServerHarness.extensions.chartKinds.kinds.map { $0.summary }
        )
        XCTAssertTrue(items.allSatisfy { ($0["detail"]?.stringValue ?? "").contains("\n") == false })
    }

    func testIDsCompleteFromEveryFileOfTheCatalog() throws {
        XCTAssertEqual(try complete("metrics:\n  - display_screen_id: SCREEN_|"), ["SCREEN_FIBER", "SCREEN_WATER"])
        XCTAssertEqual(
            try complete("metrics:\n  - parent_metric_id: |"), ["FIBER_DAILY", "FIBER_TREND", "WATER_DAILY"])
        XCTAssertEqual(try complete("metrics:\n  - series: w|"), ["water"])
        XCTAssertEqual(try complete("screens:\n  - pillar: |", in: "screens/new.yaml"), ["nutrition", "rest"])
        XCTAssertEqual(try complete("screens:\n  - subject: |", in: "screens/new.yaml"), ["me"])
        XCTAssertEqual(try complete("metrics:\n  - aggregate: m|"), ["mean", "min", "max"])
    }

    func testUnitsAreThoseOfTheSeriesDimension() throws {
        let labels = try complete("metrics:\n  - series: water\n    unit: |")
        XCTAssertEqual(labels, KnownUnit.units(of: .volume).map(\.symbol))
        XCTAssertTrue(labels.contains("ml") && !labels.contains("g"))
    }

    func testNothingIsOfferedInAComment() throws {
        XCTAssertEqual(try complete("metrics:\n  # dis|"), [])
    }
}
