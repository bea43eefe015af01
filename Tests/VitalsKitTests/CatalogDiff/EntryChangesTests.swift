import XCTest

@testable import VitalsCatalogDiff
@testable import VitalsKit

final class EntryChangesTests: XCTestCase {
    func testChangedKeysAddedAndRemovedEntriesWithTheirLines() {
        let old = [
            "m.yaml": """
            metrics:
              - display_metric_id: A
                display_name: A
                target: {rule: at_least, value: 5}
              - display_metric_id: GONE
                display_name: Gone
            """
        ]
        let new = [
            "m.yaml": """
            metrics:
              - display_metric_id: A
                display_name: A
                target:
                  rule: at_least
                  value: 6
              - display_metric_id: NEW
                display_name: New
            series:
              - series_id: s
                kind: quantity
            """
        ]
        let changes = EntryChanges.compare(old: old, new: new)
        XCTAssertEqual(
            changes.map { "\($0.name) \($0.status)" },
            ["metrics A changed", "metrics NEW added", "series s added", "metrics GONE removed"])
        XCTAssertEqual(
            changes[0].keys,
            [
                EntryChange.Key(
                    path: "target.value", old: "5", new: "6",
                    location: SourceLocation(file: "m.yaml", line: 6, column: 14))
            ],
            "a flow mapping and a block mapping with the same values differ only where a value does")
        XCTAssertEqual(changes[1].location.line, 7)
        XCTAssertEqual(changes[3].location.file, "m.yaml")
        XCTAssertEqual(EntryChanges.compare(old: old, new: old), [])
    }
}
