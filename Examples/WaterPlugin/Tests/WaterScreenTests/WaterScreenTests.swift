import Foundation
import PressureChart
import VitalsKit
import VitalsSQLite
import WaterRules
import WaterScreen
import XCTest

/// The Water screen and the ring kind, added from outside Vitals, on the example's catalog.
final class WaterScreenTests: XCTestCase {
    static let catalogDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("catalog")
    static let day = LocalDate(year: 2026, month: 11, day: 20)

    func loaded() throws -> LoadedCatalog {
        let files = ["screens/water.yaml", "metrics/water.yaml", "metrics/pressure.yaml"].map {
            Self.catalogDirectory.appendingPathComponent($0).path
        }
        return try CatalogLoader.load(paths: files)
    }

    func water(_ hour: Int, _ litres: Double) -> Sample {
        Sample(
            seriesID: "water",
            start: Self.day.midnight(utcOffsetSeconds: 3600).addingTimeInterval(TimeInterval(hour * 3600)),
            utcOffsetSeconds: 3600, value: litres)
    }

    /// What `vitals-water` runs with: the SDK's kinds and rules, and the example's.
    static let extensions =
        Extensions.sdk
        + Extensions(
            screens: [WaterScreen()],
            chartKinds: [RingChart.self, PressureRangeChart.self],
            rules: [RingNeedsTargetRule()])

    func testTheCatalogIsValidOnlyWithTheKindsAdded() throws {
        let withoutKinds = Extensions.sdk + Extensions(screens: [WaterScreen()])
        let without = Validator(extensions: withoutKinds).validate(try loaded()).filter { $0.severity == .error }
        XCTAssertEqual(without.map(\.rule), ["unknown-chart-type", "unknown-chart-type"])
        XCTAssertEqual(
            Validator(extensions: Self.extensions).validate(try loaded()).filter { $0.severity == .error }, [])
    }

    func testTheScreenDrawsTheRingAndTheVerdict() throws {
        let store = try SampleStore.inMemory()
        try store.insert([water(8, 0.5), water(12, 0.4), water(16, 0.6)])
        do {
            let catalog = try loaded().catalog
            let screen = try XCTUnwrap(catalog.screen("SCREEN_WATER_PLUGIN"))
            let document = try Self.extensions.screens.render(
                ScreenContext(
                    catalog: catalog, screen: screen, store: store, request: ScreenRequest(asOf: Self.day),
                    profile: RenderProfile(width: 60, glyphs: .unicode), chartKinds: Self.extensions.chartKinds))
            XCTAssertEqual(document.module, "SCREEN_WATER_PLUGIN")
            let text = document.lines(width: 60).map { line in
                var line = line
                while line.last == " " { line.removeLast() }
                return line
            }
            // 1.5 L of 2 L: 75 %, seven of ten segments (clockwise from the top left).
            XCTAssertEqual(
                Array(text.drop { !$0.hasPrefix("Today:") }.prefix(7)),
                [
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

    func testTheRingRuleRunsBesideTheBuiltInOnesOnItsOwnExamples() throws {
        let description = RingNeedsTargetRule.description
        for (snippet, fires) in description.triggering.map({ ($0, true) })
            + description.nonTriggering.map({ ($0, false) })
        {
            let loaded = CatalogLoader.load([SourceFile(path: "rule.yaml", text: snippet)])
            let found = Validator(extensions: Self.extensions).validate(loaded).filter { $0.rule == description.id }
            XCTAssertEqual(found.count, fires ? 1 : 0, snippet)
        }
        XCTAssertTrue(Self.extensions.ruleDescriptions.contains { $0.id == description.id })
    }

    func testThePressureRangeReadsItsOwnDays() throws {
        let store = try SampleStore.inMemory()
        func reading(_ day: Int, _ hour: Int, _ series: String, _ value: Double) -> Sample {
            Sample(
                seriesID: series,
                start: LocalDate(year: 2026, month: 11, day: day).midnight(utcOffsetSeconds: 0)
                    .addingTimeInterval(TimeInterval(hour * 3600)), utcOffsetSeconds: 0, value: value)
        }
        // Two readings on the 18th (means 125/80), one on the 20th, a systolic alone on the 19th,
        // and one on the 21st, after the as-of day.
        try store.insert([
            reading(18, 8, "blood_pressure_systolic", 120), reading(18, 8, "blood_pressure_diastolic", 78),
            reading(18, 20, "blood_pressure_systolic", 130), reading(18, 20, "blood_pressure_diastolic", 82),
            reading(19, 8, "blood_pressure_systolic", 150),
            reading(20, 8, "blood_pressure_systolic", 118), reading(20, 8, "blood_pressure_diastolic", 76),
            reading(21, 8, "blood_pressure_systolic", 200), reading(21, 8, "blood_pressure_diastolic", 120),
        ])
        let catalog = try loaded().catalog
        let screen = try XCTUnwrap(catalog.screen("SCREEN_PRESSURE_PLUGIN"))
        let context = ScreenContext(
            catalog: catalog, screen: screen, store: store, request: ScreenRequest(asOf: Self.day),
            profile: RenderProfile(width: 60, glyphs: .unicode), chartKinds: Self.extensions.chartKinds)
        let metric = try XCTUnwrap(catalog.primary(of: screen.id))
        let input = try MetricChartBuilder(context: context).input(for: metric)
        let days = try XCTUnwrap(input.payload as? PressureDays)
        XCTAssertEqual(
            days.days,
            [
                PressureDay(date: LocalDate(year: 2026, month: 11, day: 18), low: 80, high: 125),
                PressureDay(date: LocalDate(year: 2026, month: 11, day: 20), low: 76, high: 118),
            ])
        let text = try Self.extensions.screens.render(context).lines(width: 60).joined(separator: "\n")
        XCTAssertTrue(text.contains("11-18"), text)
        XCTAssertTrue(text.contains("125/80"), text)
        XCTAssertTrue(text.contains("118/76"), text)
        XCTAssertFalse(text.contains("11-21"), text)
    }
}
