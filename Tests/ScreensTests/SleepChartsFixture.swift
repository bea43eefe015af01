import Foundation
import VitalsKit

/// A fixture catalog drawing the sleep series with every chart kind that shows time, and the
/// shipped catalog with edits, for the sleep tests.
enum SleepChartsFixture {
    static let screenYAML = """
        screens:
          - screen_id: SCREEN_NIGHTS
            name: Nights
            pillar: restorative_sleep
            order: 1
            description: The sleep series in every chart kind that shows time.
            is_active: true
        """

    static let metricsYAML = """
        metrics:
          - display_metric_id: NIGHTS_STACKED
            display_screen_id: SCREEN_NIGHTS
            display_name: Stages per night
            chart_type_id: bar_stacked
            is_primary: true
            order: 1
            series: sleep_analysis
            categories: [rem, core, deep, asleep_unspecified]
            aggregate: sum
            bucket: day
            range: 7d
            split_by: category
            unit: min
          - display_metric_id: NIGHTS_CALENDAR
            display_screen_id: SCREEN_NIGHTS
            display_name: Nights on goal
            chart_type_id: calendar_heatmap
            parent_metric_id: NIGHTS_STACKED
            order: 2
            series: sleep_analysis
            categories: [asleep_unspecified, core, deep, rem]
            aggregate: sum
            bucket: day
            range: 4w
            unit: h
            target:
              rule: range
              min: 7
              max: 9
          - display_metric_id: NIGHTS_STAT
            display_screen_id: SCREEN_NIGHTS
            display_name: Last night asleep
            chart_type_id: stat
            parent_metric_id: NIGHTS_STACKED
            order: 3
            series: sleep_analysis
            categories: [asleep_unspecified, core, deep, rem]
            aggregate: sum
            bucket: day
            range: 7d
            unit: h
          - display_metric_id: NIGHTS_PROGRESS
            display_screen_id: SCREEN_NIGHTS
            display_name: Towards seven hours
            chart_type_id: progress
            parent_metric_id: NIGHTS_STACKED
            order: 4
            series: sleep_analysis
            categories: [asleep_unspecified, core, deep, rem]
            aggregate: sum
            bucket: day
            range: 7d
            unit: h
            target:
              rule: at_least
              value: 7
          - display_metric_id: NIGHTS_SPARK
            display_screen_id: SCREEN_NIGHTS
            display_name: The week
            chart_type_id: sparkline
            parent_metric_id: NIGHTS_STACKED
            order: 5
            series: sleep_analysis
            categories: [asleep_unspecified, core, deep, rem]
            aggregate: sum
            bucket: day
            range: 7d
            unit: h
        """

    static func shippedFile(_ path: String) -> String {
        try! String(contentsOf: ScreenFixtures.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The shipped pillars and series with the fixture screen.
    static let loaded: LoadedCatalog = CatalogLoader.load([
        SourceFile(path: "screens/pillars.yaml", text: shippedFile("screens/pillars.yaml")),
        SourceFile(path: "metrics/series.yaml", text: shippedFile("metrics/series.yaml")),
        SourceFile(path: "screens/nights.yaml", text: screenYAML),
        SourceFile(path: "metrics/nights.yaml", text: metricsYAML),
    ])

    /// The shipped catalog with `replacements` (file, text, new text) applied.
    static func shipped(replacing replacements: [(file: String, text: String, with: String)]) -> LoadedCatalog {
        let root = ScreenFixtures.repositoryRoot
        var files: [SourceFile] = []
        for folder in ["screens", "metrics"] {
            let names =
                (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            for name in names.sorted() where name.hasSuffix(".yaml") {
                let path = "\(folder)/\(name)"
                var text = shippedFile(path)
                for replacement in replacements where replacement.file == path {
                    precondition(text.contains(replacement.text), "\(path) has no '\(replacement.text)'")
                    text = text.replacingOccurrences(of: replacement.text, with: replacement.with)
                }
                files.append(SourceFile(path: path, text: text))
            }
        }
        return CatalogLoader.load(files)
    }
}
