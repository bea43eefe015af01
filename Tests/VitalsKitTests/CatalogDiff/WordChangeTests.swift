import XCTest

@testable import VitalsCatalogDiff
@testable import VitalsKit

/// A catalog change that moves no number and no character of the text (a pillar's colour:
/// the text is compared without colour) still changes the screen's JSON: `vitals diff` names
/// the word that changed instead of a "changed" screen with an empty diff.
final class WordChangeTests: XCTestCase {
    static func yaml(color: String) -> String {
        """
        pillars: [{pillar_id: care, name: Care, color: "\(color)"}]
        subjects: [{subject_id: me, name: Me, kind: human}]
        series: [{series_id: drinks, kind: quantity, unit: count, min: 0, max: 30}]
        screens: [{screen_id: SCREEN_DRINKS, name: Drinks, pillar: care, description: Drinks., is_active: true}]
        metrics:
          - {display_metric_id: DRINKS_DAILY, display_screen_id: SCREEN_DRINKS, display_name: Drinks per day,
             chart_type_id: bar_vertical, is_primary: true, series: drinks, aggregate: sum, bucket: day, range: 14d}

        """
    }

    static func side(_ label: String, color: String) -> CatalogDiff.Side {
        CatalogDiff.Side(
            label: label, loaded: CatalogLoader.load([SourceFile(path: "drinks.yaml", text: yaml(color: color))]))
    }

    func testAnInvisibleChangeIsNamed() throws {
        let store = try SampleStore.inMemory()
        let asOf = LocalDate(year: 2026, month: 6, day: 17)
        try store.insert([
            Sample(
                seriesID: "drinks", start: asOf.midnight(utcOffsetSeconds: 0).addingTimeInterval(43_200),
                utcOffsetSeconds: 0, value: 2)
        ])
        let result = try CatalogDiff.compare(
            old: Self.side("old", color: "#2E9E5B"), new: Self.side("new", color: "#D64545"),
            extensions: .sdk, store: store, request: ScreenRequest(asOf: asOf))
        let screen = try XCTUnwrap(result.screens.first)
        XCTAssertEqual(screen.textDiff, "")
        XCTAssertEqual(screen.numbers, [])
        XCTAssertTrue(
            screen.words.contains { $0.path.hasSuffix("pillar_color") && $0.old == "#2E9E5B" && $0.new == "#D64545" },
            "\(screen.words)")
        let text = DiffTextFormat.render(result, data: "a test store")
        XCTAssertTrue(text.contains("in its JSON only") && text.contains("#2E9E5B → #D64545"), text)
    }

    func testWordChangesPairByPath() {
        let old: JSONValue = .object([
            (
                "blocks",
                .array([
                    .object([
                        ("kind", .string("header")),
                        (
                            "data",
                            .object([
                                ("name", .string("X")), ("shown", .bool(true)),
                            ])
                        ),
                    ])
                ])
            )
        ])
        let new: JSONValue = .object([
            (
                "blocks",
                .array([
                    .object([
                        ("kind", .string("header")),
                        (
                            "data",
                            .object([
                                ("name", .string("Y")), ("shown", .bool(true)),
                            ])
                        ),
                    ])
                ])
            )
        ])
        XCTAssertEqual(
            WordChange.changes(old: old, new: new), [WordChange(path: "header › data.name", old: "X", new: "Y")])
        XCTAssertEqual(WordChange.changes(old: old, new: old), [])
    }
}
