import Foundation
import XCTest

@testable import VitalsKit

final class ChartKindFactoryTests: XCTestCase {
    /// The chart type ids of DESIGN.md, and issue 29's `scatter` (two series related).
    static let designedIDs: Set<String> = [
        "bar_vertical", "bar_horizontal", "bar_stacked", "sleep_stages_horizontal", "line",
        "growth_curve", "timeline", "calendar_heatmap", "stat", "progress", "sparkline", "scatter",
    ]

    func testNoIDIsListedTwice() {
        let ids = ChartKindFactory.builtIn.ids
        let repeated = Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys
        XCTAssert(repeated.isEmpty, "listed more than once: \(repeated.sorted())")
    }

    func testEveryKindFileIsListed() throws {
        let kindsDirectory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/VitalsKit/Charts/Kinds")
        // A kind's own parts are `Kind+Part.swift` beside it (and its SVG drawing in SVG/).
        let files = try FileManager.default.contentsOfDirectory(atPath: kindsDirectory.path)
            .filter { $0.hasSuffix(".swift") && !$0.contains("+") }
        var declared: [String] = []
        for file in files {
            let source = try String(contentsOf: kindsDirectory.appendingPathComponent(file), encoding: .utf8)
            for line in source.split(separator: "\n") where line.contains("static let id = \"") {
                declared.append(String(line.split(separator: "\"")[1]))
            }
        }
        XCTAssertEqual(declared.count, files.count, "one kind per file")
        XCTAssertEqual(
            Set(declared), Set(ChartKindFactory.builtIn.ids), "a kind file is not in ChartKindFactory.builtInKinds")
        XCTAssertEqual(Set(ChartKindFactory.builtIn.ids), Self.designedIDs)
        // One list: the validator's and the JSON Schema's ids are the factory's.
        XCTAssertEqual(Extensions.sdk.chartKinds.ids, ChartKindFactory.builtIn.ids)
        XCTAssertTrue(
            CatalogJSONSchema.render(for: .sdk).contains(
                ChartKindFactory.builtIn.ids.map { "\"\($0)\"" }.joined(separator: ", ")))
    }

    func testKnownIDsResolveWithoutNote() {
        for id in ChartKindFactory.builtIn.ids {
            let resolved = ChartKindFactory.builtIn.kind(for: id)
            XCTAssertEqual(type(of: resolved.kind).id, id)
            XCTAssertNil(resolved.note)
        }
    }

    func testUnknownIDFallsBackToBarVerticalWithAVisibleNote() {
        let resolved = ChartKindFactory.builtIn.kind(for: "pie")
        XCTAssertEqual(type(of: resolved.kind).id, "bar_vertical")
        XCTAssertEqual(resolved.note, "chart type 'pie' is unknown; showing bar_vertical")
        let profile = RenderProfile(width: 60, glyphs: .unicode)
        let lines = ChartKindFactory.builtIn.render(
            ChartFixtures.input(for: "bar_vertical"), chartTypeID: "pie",
            profile: profile)
        XCTAssert(lines[0].contains("chart type 'pie' is unknown; showing bar_vertical"))
        XCTAssert(lines.allSatisfy { DisplayWidth.of($0) == 60 })
        let evil = ChartKindFactory.builtIn.kind(for: "x\u{1B}]0;evil\u{07}")
        XCTAssertFalse(evil.note!.contains("\u{1B}"))
    }
}
