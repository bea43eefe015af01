import XCTest

@testable import VitalsKit

/// A kind from outside the package, given in an `Extensions` value, is known to the validator,
/// the JSON Schema and the renderer of that run — and nowhere else; a kind of its own data
/// shape reads its data itself.
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

    /// A fixture kind of its own shape: the number of samples of each day in the range, read
    /// by the kind itself, drawn as digits.
    struct TallyChart: OwnDataChartKind {
        static let id = "tally_fixture"
        static let data = ChartData.own

        struct Counts: ChartPayload {
            var counts: [Int]
            var hasData: Bool { counts.contains { $0 > 0 } }
            var json: JSONValue { .array(counts.map { .number(Double($0)) }) }
        }

        static func readData(for metric: DisplayMetric, query: MetricQuery, in context: ScreenContext) throws -> (
            any ChartPayload
        )? {
            var counting = query
            counting.binding.aggregate = .count
            return Counts(counts: try counting.fetchBuckets(from: context.store).buckets.map { Int($0.value ?? 0) })
        }

        func draw(_ input: ChartInput, profile: RenderProfile) -> TextCanvas {
            var canvas = TextCanvas(width: profile.width)
            canvas.addLine(input.title)
            let counts = (input.payload as? Counts)?.counts ?? []
            canvas.addLine("tally " + counts.map(String.init).joined())
            return canvas
        }
    }

    static func yaml(chart: String) -> String {
        """
        pillars: [{pillar_id: core_care, name: Core}]
        series: [{series_id: water, unit: L, kind: quantity}]
        screens: [{screen_id: SCREEN_WATER, name: Water, pillar: core_care}]
        metrics:
          - {display_metric_id: WATER_DOTS, display_screen_id: SCREEN_WATER, display_name: Water,
             chart_type_id: \(chart), is_primary: true, series: water, aggregate: sum, bucket: day, range: 7d}
        """
    }

    func loaded(chart: String = DotsChart.id) -> LoadedCatalog {
        CatalogLoader.load([SourceFile(path: "water.yaml", text: Self.yaml(chart: chart))])
    }

    func chartTypeDiagnostics(_ extensions: Extensions) -> [Diagnostic] {
        Validator(extensions: extensions).validate(loaded()).filter { $0.rule == "unknown-chart-type" }
    }

    func lines(_ extensions: Extensions, chart: String, store: SampleStore, asOf: LocalDate) throws -> [String] {
        let loaded = loaded(chart: chart)
        let screen = try XCTUnwrap(loaded.catalog.screen("SCREEN_WATER"))
        let context = ScreenContext(
            catalog: loaded.catalog, screen: screen, store: store,
            request: ScreenRequest(asOf: asOf), profile: RenderProfile(width: 40),
            chartKinds: extensions.chartKinds)
        return try extensions.screens.render(context).lines(width: 40).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    func testAnAddedKindIsKnownToValidationSchemaAndRendererOfItsRun() throws {
        let added = Extensions.sdk + Extensions(chartKinds: [DotsChart.self])
        XCTAssertEqual(chartTypeDiagnostics(.sdk).count, 1, "unknown without the kind")
        XCTAssertEqual(chartTypeDiagnostics(added), [])
        XCTAssertEqual(added.chartKinds.ids.last, "dots_fixture")
        XCTAssertFalse(CatalogJSONSchema.render(for: .sdk).contains("dots_fixture"))
        XCTAssertTrue(CatalogJSONSchema.render(for: added).contains("\"dots_fixture\""))
        let day = LocalDate(year: 2026, month: 11, day: 20)
        let drawn = try lines(added, chart: DotsChart.id, store: SampleStore.inMemory(), asOf: day)
        // The kind read seven daily buckets (its data shape) and drew them its own way.
        XCTAssertTrue(drawn.contains("......."), drawn.joined(separator: "\n"))
        XCTAssertFalse(drawn.joined().contains("unknown"), drawn.joined(separator: "\n"))
        // The same catalog drawn without the kind: the fallback, with its note.
        let fallback = try lines(.sdk, chart: DotsChart.id, store: SampleStore.inMemory(), asOf: day)
        XCTAssertTrue(fallback.joined().contains("note: chart type 'dots_fixture'"), fallback.joined(separator: "\n"))
    }

    func testAKindOfItsOwnShapeReadsItsOwnData() throws {
        let added = Extensions.sdk + Extensions(chartKinds: [TallyChart.self])
        let day = LocalDate(year: 2026, month: 11, day: 20)
        let store = try SampleStore.inMemory()
        // Two samples on the 18th, one on the 20th; one on the 21st, after the as-of day.
        let times = [(18, 8), (18, 20), (20, 9), (21, 9)]
        try store.insert(
            times.map { dayOfMonth, hour in
                Sample(
                    seriesID: "water",
                    start: LocalDate(year: 2026, month: 11, day: dayOfMonth).midnight(utcOffsetSeconds: 0)
                        .addingTimeInterval(TimeInterval(hour * 3600)), utcOffsetSeconds: 0, value: 0.5)
            })
        let drawn = try lines(added, chart: TallyChart.id, store: store, asOf: day)
        // Seven days to the 20th, counted by a naive pass over the same samples.
        let expected = (14...20).map { dayOfMonth in times.filter { $0.0 == dayOfMonth }.count }
        XCTAssertTrue(drawn.contains("tally " + expected.map(String.init).joined()), drawn.joined(separator: "\n"))
        XCTAssertEqual(
            Validator(extensions: added).validate(loaded(chart: TallyChart.id)).filter { $0.severity == .error }, [])
    }

    func testTwoExtensionsClaimingOneIDAreAConflict() {
        struct Impostor: ChartKind {
            static let id = "line"
            static let data = ChartData.buckets
            func draw(_ input: ChartInput, profile: RenderProfile) -> TextCanvas { TextCanvas(width: 1) }
        }
        let sum = Extensions.sdk + Extensions(chartKinds: [Impostor.self], rules: [TargetSanityRule()])
        XCTAssertEqual(sum.conflicts, [.chartKind("line"), .rule("target-sanity")])
        // The first keeps the id.
        XCTAssertEqual(sum.chartKinds.ids.filter { $0 == "line" }.count, 1)
        XCTAssertTrue(sum.chartKinds.type(for: "line") == LineChart.self)
        XCTAssertEqual(sum.rules.count, Extensions.sdk.rules.count)
        XCTAssertEqual(Extensions.sdk.conflicts, [])
    }
}
