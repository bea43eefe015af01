import Foundation
import XCTest

@testable import VitalsKit

/// A small catalog written for the range, calendar and streak tests: a fruit screen (daily
/// portions, a 14-day bar chart with a calendar child over 7 days), a protein screen (daily
/// grams, 14 days) and a steps screen, all judged against daily targets.
enum RangeFixtures {
    static let yaml: [String: String] = [
        "screens.yaml": """
        pillars:
          - pillar_id: food
            name: Food
            color: "#2E9E5B"
            order: 1
        subjects:
          - subject_id: me
            name: Me
            kind: human
        screens:
          - screen_id: SCREEN_FRUIT
            name: Fruit
            pillar: food
            order: 1
            icon: "🍎"
            description: Fruit portions.
            empty_message: No fruit logged yet.
            is_active: true
          - screen_id: SCREEN_GRAMS
            name: Grams
            pillar: food
            order: 2
            icon: "🥩"
            description: Protein grams.
            is_active: true
          - screen_id: SCREEN_WALK
            name: Walk
            pillar: food
            order: 3
            icon: "👟"
            description: Steps.
            empty_message: No steps recorded yet. Import them from Apple Health.
            is_active: true
        """,
        "series.yaml": """
        series:
          - series_id: fruit
            kind: quantity
            unit: portion
            min: 0
            max: 20
          - series_id: grams
            kind: quantity
            unit: g
            min: 0
            max: 500
          - series_id: walk
            kind: quantity
            unit: count
            min: 0
            max: 100000
        """,
        "metrics.yaml": """
        metrics:
          - display_metric_id: FRUIT_DAILY
            display_screen_id: SCREEN_FRUIT
            display_name: Fruit per day
            chart_type_id: bar_vertical
            is_primary: true
            order: 1
            series: fruit
            aggregate: sum
            bucket: day
            range: 14d
            target:
              rule: at_least
              value: 2
          - display_metric_id: FRUIT_CALENDAR
            display_screen_id: SCREEN_FRUIT
            display_name: Fruit calendar
            chart_type_id: calendar_heatmap
            parent_metric_id: FRUIT_DAILY
            order: 2
            series: fruit
            aggregate: sum
            bucket: day
            range: 7d
            target:
              rule: at_least
              value: 2
          - display_metric_id: GRAMS_DAILY
            display_screen_id: SCREEN_GRAMS
            display_name: Grams per day
            chart_type_id: bar_vertical
            is_primary: true
            order: 1
            series: grams
            aggregate: sum
            bucket: day
            range: 14d
            target:
              rule: at_least
              value: 126
          - display_metric_id: WALK_DAILY
            display_screen_id: SCREEN_WALK
            display_name: Steps per day
            chart_type_id: bar_vertical
            is_primary: true
            order: 1
            series: walk
            aggregate: sum
            bucket: day
            range: 14d
            target:
              rule: at_least
              value: 8000
        """,
    ]

    static let catalog: Catalog = {
        // Written, loaded and removed: the catalog is kept in memory.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-range-fixtures-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in yaml {
            try! text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let loaded = try! CatalogLoader.load(paths: [directory.path])
        precondition(!loaded.diagnostics.contains { $0.severity == .error }, "\(loaded.diagnostics)")
        return loaded.catalog
    }()

    /// A sample at noon (+02:00) on `day`.
    static func sample(_ series: String, _ day: LocalDate, _ value: Double, hour: Int = 12) -> Sample {
        Sample(
            seriesID: series, start: day.midnight(utcOffsetSeconds: 7200).addingTimeInterval(Double(hour) * 3600),
            utcOffsetSeconds: 7200, value: value, source: "test")
    }

    static func context(
        _ screenID: String, store: SampleStore, asOf: LocalDate, range: TimeRange? = nil,
        width: Int = 80, children: Bool = true
    ) throws -> ScreenContext {
        let screen = try XCTUnwrap(catalog.screen(screenID))
        return ScreenContext(
            catalog: catalog, screen: screen, store: store,
            request: ScreenRequest(asOf: asOf, range: range, showChildren: children),
            profile: RenderProfile(width: width, glyphs: .unicode))
    }

    static func text(_ document: ScreenDocument, width: Int = 80) -> String {
        document.lines(width: width).joined(separator: "\n")
    }
}
