import XCTest

@testable import VitalsKit

/// `split_by` is decoded into a `SplitKey`; any other spelling is refused by `validate` with the
/// key's location and the allowed values, and never reaches a query.
final class SplitKeyTests: XCTestCase {
    private func load(_ splitBy: String) -> (LoadedCatalog, [Diagnostic]) {
        let metric =
            "display_metric_id: MEALS, display_screen_id: SCREEN_BODY, display_name: Meals, chart_type_id: bar_stacked, series: body_mass, aggregate: sum, bucket: day, split_by: \(splitBy)"
        let loaded = CatalogLoader.load([SourceFile(path: "meals.yaml", text: RuleExamples.metrics(metric))])
        return (loaded, Validator(screenModules: .genericOnly).validate(loaded))
    }

    func testKnownKeysDecode() {
        for key in SplitKey.allCases {
            let (loaded, diagnostics) = load(key.rawValue)
            XCTAssertEqual(loaded.catalog.metric("MEALS")?.binding.splitBy, key)
            XCTAssertFalse(diagnostics.contains { $0.rule == RuleID.invalidValue }, "\(diagnostics)")
        }
    }

    func testAnUnknownKeyIsRefusedAtValidation() throws {
        let (loaded, diagnostics) = load("meal")
        let found = diagnostics.filter { $0.rule == RuleID.invalidValue }
        XCTAssertEqual(found.count, 1, "\(diagnostics)")
        let diagnostic = try XCTUnwrap(found.first)
        XCTAssertEqual(diagnostic.severity, .error)
        XCTAssertEqual(diagnostic.location.file, "meals.yaml")
        XCTAssertEqual(diagnostic.location.line, 5)
        XCTAssertEqual(diagnostic.message, "'split_by' 'meal' is not one of tag, category")
        // The metric is still read, without a split.
        XCTAssertNil(loaded.catalog.metric("MEALS")?.binding.splitBy)
    }

    func testACategorySplitOfAQuantityIsABindingMismatch() {
        let (_, diagnostics) = load("category")
        XCTAssertEqual(
            diagnostics.filter { $0.rule == "binding-mismatch" }.map(\.message),
            ["split_by: category needs a category series; 'body_mass' is a quantity (use split_by: tag)"])
    }
}
