import Foundation
import VitalsKit
import VitalsScreens
import XCTest

/// A third reference band is data: a screen without a module gives its growth curve a
/// `reference:` table (here a made-up child's chart), and the generic screen draws it.
final class GenericReferenceTests: XCTestCase {
    static func yaml(reference: String) -> String {
        """
        pillars: [{pillar_id: core_care, name: Core Care}]
        subjects: [{subject_id: mila, name: Mila, kind: human, birth_date: "2026-01-05"}]
        series: [{series_id: body_mass, kind: quantity, unit: kg, min: 0.5, max: 300}]
        screens:
          - screen_id: SCREEN_MILA
            name: Mila's growth
            pillar: core_care
            subject: mila
            config:
              reference:
        \(reference)
        metrics:
          - {display_metric_id: MILA_GROWTH, display_screen_id: SCREEN_MILA, display_name: Weight for age,
             chart_type_id: growth_curve, is_primary: true, series: body_mass, aggregate: last, bucket: none, range: all}
        """
    }

    static let table = """
                axis: weeks since birth
                tolerance_percent: 10
                points:
                  - {week: 0, kg: 3.3}
                  - {week: 20, kg: 6.9}
                  - {week: 52, kg: 9.6}
        """

    func load(_ yaml: String) -> LoadedCatalog { CatalogLoader.load([SourceFile(path: "mila.yaml", text: yaml)]) }

    func diagnostics(_ loaded: LoadedCatalog) -> [Diagnostic] {
        Validator(screenModules: BuiltInScreenModules.registry).validate(loaded).filter { $0.severity != .note }
    }

    func testATableReferenceIsDrawnByTheGenericScreen() throws {
        let loaded = load(Self.yaml(reference: Self.table))
        XCTAssertEqual(diagnostics(loaded), [])
        let store = try SampleStore.inMemory()
        let birth = LocalDate(year: 2026, month: 1, day: 5)
        // Week 20: 7.2 kg against a centre of 6.9 (band 6.21–7.59).
        try store.insert([
            Sample(
                seriesID: "body_mass", subjectID: "mila",
                start: birth.adding(days: 140).midnight(utcOffsetSeconds: 0)
                    .addingTimeInterval(9 * 3600), utcOffsetSeconds: 0, value: 7.2)
        ])
        let screen = try XCTUnwrap(loaded.catalog.screen("SCREEN_MILA"))
        let document = try BuiltInScreenModules.registry.render(
            ScreenContext(
                catalog: loaded.catalog, screen: screen, store: store,
                request: ScreenRequest(asOf: birth.adding(days: 150)),
                profile: RenderProfile(width: 80)))
        XCTAssertEqual(document.module, "generic")
        let chart = try XCTUnwrap(document.blocks.first { $0.kind == .chart })
        guard case .chart(let figure) = chart.content, let growth = figure.input.growth else {
            return XCTFail("no growth chart")
        }
        let at20 = try XCTUnwrap(growth.reference.first { abs($0.week - 20) < 1e-9 })
        XCTAssertEqual(at20.centre, 6.9, accuracy: 1e-9)
        XCTAssertEqual(at20.lower, 6.9 * 0.9, accuracy: 1e-9)
        XCTAssertEqual(at20.upper, 6.9 * 1.1, accuracy: 1e-9)
        XCTAssertEqual(growth.referenceLabel, "±10 %")
        let text = document.lines(width: 80).joined(separator: "\n")
        XCTAssertTrue(text.contains("weeks since birth · latest 7.2 kg at 20 wk · +4 % vs reference"), text)
    }

    func testARuleReferenceNeedsAModuleAndOtherKeysAreNamed() {
        let rule = """
                    rule: gestational_weight_gain
                    first_trimester: {until_week: 13, min_kg: 0.45, max_kg: 2.0}
                    term_week: 40
                    classes: [{name: normal, min_kg: 11.3, max_kg: 15.9}]
            """
        let found = diagnostics(load(Self.yaml(reference: rule)))
        XCTAssertEqual(found.map(\.severity), [.error], "\(found)")
        XCTAssertTrue(found.first?.message.contains("the generic screen draws a table reference") ?? false, "\(found)")
        let extra = diagnostics(
            load(
                Self.yaml(reference: Self.table).replacingOccurrences(
                    of: "    config:\n", with: "    config:\n      colour: red\n")))
        XCTAssertEqual(
            extra.map(\.message),
            ["SCREEN_MILA config: 'colour' is not read by the generic screen (it reads reference)"])
    }
}
