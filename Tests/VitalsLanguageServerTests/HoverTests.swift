import Foundation
import VitalsKit
import VitalsSQLite
import XCTest

@testable import VitalsLanguageServer

/// Hover: a metric's chart kind, series, unit and chart as `render` draws it; a screen's
/// primary metric and children; a key's description.
final class HoverTests: XCTestCase {
    static let asOf = LocalDate(year: 2026, month: 6, day: 15)

    /// Fiber each of the seven days to the as-of day: 20, 21 … 26 g.
    static func store() throws -> SampleStore {
        let store = try SampleStore.inMemory()
        _ = try store.insert(
            (0..<7).map { back in
                Sample(
                    seriesID: "fiber",
                    start: asOf.adding(days: -back).midnight(utcOffsetSeconds: 0).addingTimeInterval(12 * 3600),
                    utcOffsetSeconds: 0, value: Double(26 - back))
            })
        return store
    }

    func testAMetricsHoverHasItsKindSeriesUnitAndTheChartRenderDraws() throws {
        let store = try Self.store()
        let harness = try ServerHarness(charts: ChartPreview(width: 60, asOf: Self.asOf, open: { store }))
        let (line, character) = try harness.find("FIBER_DAILY", in: "metrics/fiber.yaml")
        let value = try XCTUnwrap(
            try harness.request("textDocument/hover", harness.at("metrics/fiber.yaml", line, character))["result"]?[
                "contents"]?["value"]?.stringValue)
        let head = value.components(separatedBy: "\n```text\n")[0]
        XCTAssertEqual(
            head,
            """
            **FIBER_DAILY** — Fiber per day (metric on `SCREEN_FIBER`)

            chart: `bar_vertical` — \(BarVerticalChart.summary)

            series: `fiber` (quantity, g) · unit: g

            """)
        // The chart: the screen as render composes it, the metric's block alone.
        let catalog = CatalogLoader.load(
            try [
                "screens/pillars.yaml", "screens/nutrition.yaml", "metrics/series.yaml", "metrics/fiber.yaml",
                "metrics/water.yaml",
            ]
            .map { SourceFile(path: $0, text: try harness.text($0)) }
        ).catalog
        var request = ScreenRequest(asOf: Self.asOf)
        request.focusMetricID = "FIBER_DAILY"
        let document = try ServerHarness.extensions.screens.render(
            ScreenContext(
                catalog: catalog, screen: try XCTUnwrap(catalog.screen("SCREEN_FIBER")), store: store, request: request,
                profile: RenderProfile(width: 60), chartKinds: ServerHarness.extensions.chartKinds))
        let block = try XCTUnwrap(document.blocks.first { $0.kind == .chart && $0.metricID == "FIBER_DAILY" })
        let drawn = document.lines(of: block).map {
            $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        XCTAssertEqual(value.components(separatedBy: "\n```text\n")[1], drawn.joined(separator: "\n") + "\n```")
        XCTAssertTrue(
            drawn.joined().contains("26"), "the latest day's 26 g is in the chart:\n\(drawn.joined(separator: "\n"))")
    }

    func testAScreensHoverHasItsPrimaryAndChildren() throws {
        let harness = try ServerHarness()
        let (line, character) = try harness.find("SCREEN_FIBER", in: "screens/nutrition.yaml")
        let value = try harness.request("textDocument/hover", harness.at("screens/nutrition.yaml", line, character))[
            "result"]?["contents"]?["value"]?.stringValue
        XCTAssertEqual(
            value,
            """
            **SCREEN_FIBER** — Fiber (screen of pillar `nutrition`)

            former ids: `SCREEN_ROUGHAGE`

            primary: `FIBER_DAILY` — Fiber per day (`bar_vertical`)

            children:
            - `FIBER_TREND` — Fiber trend
            """)
    }

    func testAKeysHoverIsItsSchemaDescription() throws {
        let harness = try ServerHarness()
        let (line, character) = try harness.find("aggregate", in: "metrics/fiber.yaml", offset: 2)
        let value = try harness.request("textDocument/hover", harness.at("metrics/fiber.yaml", line, character))[
            "result"]?["contents"]?["value"]?.stringValue
        XCTAssertEqual(value, "**aggregate** (metric): \(try XCTUnwrap(CatalogSchema.metric.key("aggregate")).summary)")
    }
}
