import Foundation
import VitalsKit
import XCTest

@testable import VitalsLanguageServer

/// Diagnostics as you type are what `vitals validate` reports of the same texts on disk.
final class DiagnosticTests: XCTestCase {
    static let broken = """
        metrics:
          - display_metric_id: FIBER_DAILY
            display_screen_id: SCREEN_FIBRE
            display_name: Fiber per day
            chart_type_id: bar_vertcal
            is_primary: true
            series: fiber
            aggregate: sum
            bucket: day
            range: 7d
            unit: g
            colour: red
          - display_metric_id: FIBER_TREND
            display_screen_id: SCREEN_FIBER
            display_name: Fiber trend
            chart_type_id: line
            parent_metric_id: FIBER_DAILY
            series: fiber
            aggregate: sum
            bucket: day
            range: 30d

        """

    func testTheFixtureIsCleanAndAnEditFindsWhatValidateFindsOnDisk() throws {
        // Two copies of the fixture, named alike wherever the test runs: the server's, whose
        // file is edited in its buffer only, and one with the same text written to disk.
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-diagnostics-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        let edited = base + "/edited"
        let onDisk = base + "/on-disk"
        try FileManager.default.copyItem(atPath: ServerHarness.fixture, toPath: edited)
        try FileManager.default.copyItem(atPath: ServerHarness.fixture, toPath: onDisk)
        try Self.broken.write(toFile: onDisk + "/metrics/fiber.yaml", atomically: true, encoding: .utf8)

        let harness = try ServerHarness(root: edited)
        try harness.open("metrics/fiber.yaml")
        XCTAssertNil(harness.diagnostics("metrics/fiber.yaml"), "a clean catalog publishes nothing")
        harness.change("metrics/fiber.yaml", to: Self.broken)
        let published =
            try XCTUnwrap(harness.diagnostics("metrics/fiber.yaml"))
            + XCTUnwrap(harness.diagnostics("screens/nutrition.yaml"))

        var validation = try CatalogValidation.run(
            paths: [], catalogRoot: onDisk, validator: Validator(extensions: ServerHarness.extensions))
        validation.checkLanguages(catalogRoot: onDisk)
        let expected = validation.diagnostics
        XCTAssertEqual(
            expected.map(\.location.file), Array(repeating: "metrics/fiber.yaml", count: 4) + ["screens/nutrition.yaml"]
        )
        // The screen whose primary metric the edit moved away has none: found in a file not open.
        XCTAssertEqual(
            expected.map(\.rule),
            ["unknown-reference", "unknown-chart-type", "unknown-key", "parent-other-screen", "primary-count"])
        XCTAssertEqual(published.map { $0["code"]?.stringValue }, expected.map(\.rule))
        XCTAssertEqual(published.map { $0["message"]?.stringValue }, expected.map(\.message))
        XCTAssertEqual(
            published.map { $0["range"]?["start"]?["line"]?.intValue }, expected.map { $0.location.line - 1 })
        XCTAssertEqual(
            published.map { $0["range"]?["start"]?["character"]?.intValue }, expected.map { $0.location.column - 1 })
        XCTAssertEqual(published.map { $0["severity"]?.intValue }, expected.map { $0.severity == .error ? 1 : 2 })
        XCTAssertEqual(
            published[3]["relatedInformation"]?.arrayValue?.first?["location"]?["uri"]?.stringValue,
            harness.uri("metrics/fiber.yaml"))

        // Edited back as it was: the findings are cleared.
        harness.change("metrics/fiber.yaml", to: try harness.text("metrics/fiber.yaml"), version: 3)
        XCTAssertEqual(harness.diagnostics("metrics/fiber.yaml")?.count, 0)
        XCTAssertEqual(harness.diagnostics("screens/nutrition.yaml")?.count, 0)
    }

    func testAFindingInAnotherFileIsPublishedThere() throws {
        let harness = try ServerHarness()
        // The screen renamed in its buffer: the metrics that name it, in files not open, are now wrong.
        let screens = try harness.text("screens/nutrition.yaml").replacingOccurrences(
            of: "SCREEN_WATER", with: "SCREEN_DRINKS")
        try harness.open("screens/nutrition.yaml", text: screens)
        let water = try XCTUnwrap(harness.diagnostics("metrics/water.yaml"))
        XCTAssertEqual(water.map { $0["code"]?.stringValue }, ["unknown-reference"])
    }

    func testEachDidYouMeanIsAQuickFixOfTheTokenItPointsAt() throws {
        let harness = try ServerHarness()
        try harness.open("metrics/fiber.yaml", text: Self.broken)
        let response = try harness.request(
            "textDocument/codeAction",
            .object([
                ("textDocument", .object([("uri", .string(harness.uri("metrics/fiber.yaml")))])),
                (
                    "range",
                    TextRange(start: Position(line: 0, character: 0), end: Position(line: 30, character: 0)).json
                ),
                ("context", .object([("diagnostics", .array([]))])),
            ]))
        let actions = try XCTUnwrap(response["result"]?.arrayValue)
        let edits = actions.compactMap { action -> String? in
            guard let edit = action["edit"]?["changes"]?[harness.uri("metrics/fiber.yaml")]?.arrayValue?.first,
                let range = TextRange(edit["range"]), let text = edit["newText"]?.stringValue
            else { return nil }
            let line = Self.broken.components(separatedBy: "\n")[range.start.line]
            let old = line.utf16.dropFirst(range.start.character).prefix(range.end.character - range.start.character)
            return "\(String(old)!) → \(text)"
        }
        XCTAssertEqual(edits.sorted(), ["SCREEN_FIBRE → SCREEN_FIBER", "bar_vertcal → bar_vertical", "colour → color"])
        XCTAssertEqual(Set(actions.map { $0["kind"]?.stringValue }), ["quickfix"])
    }

    func testSuggestionsAreReadFromTheMessagesDidYouMean() {
        XCTAssertEqual(DiagnosticFeatures.suggestion(in: "unknown key 'colour'; did you mean 'color'?"), "color")
        XCTAssertNil(DiagnosticFeatures.suggestion(in: "unknown key 'zz'; allowed: a, b"))
        XCTAssertNil(DiagnosticFeatures.suggestion(in: "did you mean ''?"))
    }
}
