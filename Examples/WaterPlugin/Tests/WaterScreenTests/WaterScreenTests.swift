import Foundation
import VitalsKit
import WaterScreen
import XCTest

/// The Water screen and the ring kind, added from outside Vitals, on the example's catalog.
final class WaterScreenTests: XCTestCase {
    static let catalogDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("catalog")
    static let day = LocalDate(year: 2026, month: 11, day: 20)

    func loaded() throws -> LoadedCatalog {
        let files = ["screens/water.yaml", "metrics/water.yaml"].map { Self.catalogDirectory.appendingPathComponent($0).path }
        return try CatalogLoader.load(paths: files)
    }

    func water(_ hour: Int, _ litres: Double) -> Sample {
        Sample(seriesID: "water", start: Self.day.midnight(utcOffsetSeconds: 3600).addingTimeInterval(TimeInterval(hour * 3600)),
               utcOffsetSeconds: 3600, value: litres)
    }

    func testTheCatalogIsValidOnlyWithTheRingKindAdded() throws {
        let registry = try ScreenRegistry([WaterScreen()])
        let without = Validator(screenModules: registry).validate(try loaded()).filter { $0.severity == .error }
        XCTAssertEqual(without.map(\.rule), ["unknown-chart-type"])
        try ChartKindFactory.withKinds([RingChart.self]) {
            XCTAssertEqual(Validator(screenModules: registry).validate(try loaded()).filter { $0.severity == .error }, [])
        }
    }

    func testTheScreenDrawsTheRingAndTheVerdict() throws {
        let store = try SampleStore.inMemory()
        try store.insert([water(8, 0.5), water(12, 0.4), water(16, 0.6)])
        try ChartKindFactory.withKinds([RingChart.self]) {
            let catalog = try loaded().catalog
            let screen = try XCTUnwrap(catalog.screen("SCREEN_WATER_PLUGIN"))
            let registry = try ScreenRegistry([WaterScreen()])
            let document = try registry.render(ScreenContext(
                catalog: catalog, screen: screen, store: store, request: ScreenRequest(asOf: Self.day),
                profile: RenderProfile(width: 60, glyphs: .unicode)))
            XCTAssertEqual(document.module, "SCREEN_WATER_PLUGIN")
            let text = document.lines(width: 60).map { line in
                var line = line
                while line.last == " " { line.removeLast() }
                return line
            }
            // 1.5 L of 2 L: 75 %, seven of ten segments (clockwise from the top left).
            XCTAssertEqual(Array(text.drop { !$0.hasPrefix("Today:") }.prefix(7)), [
                "Today: 1.5 L (6 glasses), not yet on target",
                "",
                "Water today",
                "     ● ● ●     75 %",
                "   ○       ●   1.5 L of 2.0 L",
                "   ○       ●   keep going",
                "     ○ ● ●",
            ])
        }
    }
}
