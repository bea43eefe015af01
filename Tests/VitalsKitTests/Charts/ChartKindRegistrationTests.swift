import XCTest
@testable import VitalsKit

/// A kind from outside the package (`ChartKindFactory.withKinds`) is known to the validator,
/// the JSON Schema and the renderer, and only while it is added.
final class ChartKindRegistrationTests: XCTestCase {
    /// A fixture kind: one row of marks, one per bucket with a value.
    struct DotsChart: ChartKind {
        static let id = "dots_fixture"
        static let data = ChartData.buckets

        func draw(_ input: ChartInput, profile: RenderProfile) -> TextCanvas {
            var canvas = TextCanvas(width: profile.width)
            canvas.addLine(input.title)
            canvas.addLine(input.points.map { $0.value == nil ? "." : "o" }.joined())
            return canvas
        }
    }

    static let yaml = """
        pillars: [{pillar_id: core_care, name: Core}]
        series: [{series_id: water, unit: L, kind: quantity}]
        screens: [{screen_id: SCREEN_WATER, name: Water, pillar: core_care}]
        metrics:
          - {display_metric_id: WATER_DOTS, display_screen_id: SCREEN_WATER, display_name: Water,
             chart_type_id: dots_fixture, is_primary: true, series: water, aggregate: sum, bucket: day, range: 7d}
        """

    func chartTypeDiagnostics() -> [Diagnostic] {
        let loaded = CatalogLoader.load([SourceFile(path: "water.yaml", text: Self.yaml)])
        return Validator().validate(loaded).filter { $0.rule == "unknown-chart-type" }
    }

    func testAnAddedKindIsKnownToValidationSchemaAndRenderer() throws {
        XCTAssertEqual(chartTypeDiagnostics().count, 1, "unknown outside withKinds")
        XCTAssertFalse(CatalogJSONSchema.render().contains("dots_fixture"))
        try ChartKindFactory.withKinds([DotsChart.self]) {
            XCTAssertEqual(ChartKindFactory.ids.last, "dots_fixture")
            XCTAssertEqual(chartTypeDiagnostics(), [])
            XCTAssertTrue(CatalogJSONSchema.render().contains("\"dots_fixture\""))
            let loaded = CatalogLoader.load([SourceFile(path: "water.yaml", text: Self.yaml)])
            let screen = try XCTUnwrap(loaded.catalog.screen("SCREEN_WATER"))
            let store = try SampleStore.inMemory()
            let context = ScreenContext(catalog: loaded.catalog, screen: screen, store: store,
                                        request: ScreenRequest(asOf: LocalDate(year: 2026, month: 11, day: 20)),
                                        profile: RenderProfile(width: 40))
            let document = try GenericScreen().renderScreen(context)
            let lines = document.lines(width: 40).map { $0.trimmingCharacters(in: .whitespaces) }
            // The kind read seven daily buckets (its data shape) and drew them its own way.
            XCTAssertTrue(lines.contains("......."), lines.joined(separator: "\n"))
            XCTAssertFalse(lines.joined().contains("unknown"), lines.joined(separator: "\n"))
        }
        XCTAssertFalse(ChartKindFactory.ids.contains("dots_fixture"), "added only inside withKinds")
    }

    func testAKindWithABuiltInIDIsLeftOut() {
        struct Impostor: ChartKind {
            static let id = "line"
            static let data = ChartData.buckets
            func draw(_ input: ChartInput, profile: RenderProfile) -> TextCanvas { TextCanvas(width: 1) }
        }
        ChartKindFactory.withKinds([Impostor.self]) {
            XCTAssertEqual(ChartKindFactory.ids.filter { $0 == "line" }.count, 1)
            XCTAssertTrue(ChartKindFactory.type(for: "line") == LineChart.self)
        }
    }
}
