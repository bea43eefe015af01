import XCTest

@testable import VitalsCatalogDiff
@testable import VitalsKit

final class NumberChangeTests: XCTestCase {
    private func document(_ target: Double, points: [(String, Double)], met: Bool) -> JSONValue {
        .object([
            ("screen_id", .string("SCREEN_X")),
            (
                "blocks",
                .array([
                    .object([("kind", .string("header")), ("data", .object([("name", .string("X"))]))]),
                    .object([
                        ("kind", .string("chart")), ("metric_id", .string("M")),
                        (
                            "data",
                            .object([
                                ("target", .object([("value", .number(target))])),
                                ("met", .bool(met)),
                                (
                                    "points",
                                    .array(points.map { .object([("date", .string($0.0)), ("value", .number($0.1))]) })
                                ),
                            ])
                        ),
                    ]),
                ])
            ),
        ])
    }

    func testChangesAreNamedByBlockKeyAndListItem() {
        let old = document(100, points: [("2026-11-19", 90), ("2026-11-20", 120)], met: false)
        let new = document(110, points: [("2026-11-20", 120), ("2026-11-21", 130)], met: true)
        let changes = NumberChange.changes(old: old, new: new)
        XCTAssertEqual(
            changes,
            [
                NumberChange(path: "chart M › target.value", old: 100, new: 110),
                NumberChange(path: "chart M › points[2026-11-21].value", old: nil, new: 130),
                NumberChange(path: "chart M › points[2026-11-19].value", old: 90, new: nil),
            ], "an unchanged day is not listed though its position moved; booleans are not numbers")
        XCTAssertEqual(changes[0].delta, 10)
        XCTAssertNil(changes[1].delta)
        XCTAssertEqual(NumberChange.changes(old: old, new: old), [])
        XCTAssertEqual(NumberChange.formatDelta(-2.5), "-2.5")
        XCTAssertEqual(NumberChange.formatDelta(10), "+10")
    }
}
