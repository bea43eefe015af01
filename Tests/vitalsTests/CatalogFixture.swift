import Foundation
import VitalsDemo
import VitalsKit

/// A small catalog for the watch and diff tests, written into a directory: one pillar, a Steps
/// screen (a primary with a daily target, and a child) and a Weight screen, on the demo data's
/// `steps` and `body_mass` series. `edit` changes one file's text as an editor would save it.
enum CatalogFixture {
    static let files: [String: String] = [
        "screens/pillars.yaml": """
        pillars:
          - pillar_id: core_care
            name: Core Care
            color: "#2F6FD6"
            order: 1
        """,
        "screens/core_care.yaml": """
        screens:
          - screen_id: SCREEN_STEPS
            name: Steps
            pillar: core_care
            order: 1
            description: Steps per day.
          - screen_id: SCREEN_WEIGHT
            name: Weight
            pillar: core_care
            order: 2
            description: Body weight.
        """,
        "metrics/series.yaml": """
        series:
          - series_id: steps
            kind: quantity
            unit: count
            min: 0
            max: 100000
            description: Steps counted by a phone or watch.
          - series_id: body_mass
            kind: quantity
            unit: kg
            min: 1
            max: 400
        """,
        "metrics/steps.yaml": """
        metrics:
          - display_metric_id: STEPS_DAILY
            display_screen_id: SCREEN_STEPS
            display_name: Steps per day
            chart_type_id: bar_vertical
            is_primary: true
            series: steps
            aggregate: sum
            bucket: day
            range: 14d
            target:
              rule: at_least
              value: 8000
          - display_metric_id: STEPS_TREND
            display_screen_id: SCREEN_STEPS
            display_name: 7-day average
            chart_type_id: line
            parent_metric_id: STEPS_DAILY
            series: steps
            aggregate: sum
            bucket: day
            range: 30d
            rolling: 7
        """,
        "metrics/weight.yaml": """
        metrics:
          - display_metric_id: WEIGHT_DAILY
            display_screen_id: SCREEN_WEIGHT
            display_name: Weight
            chart_type_id: line
            is_primary: true
            series: body_mass
            aggregate: first
            bucket: day
            range: 30d
            unit: kg
        """,
    ]

    /// Writes the catalog into `directory` (made when missing), with `changes` instead of
    /// the files they name (nil: no such file).
    static func write(to directory: URL, replacing changes: [String: String?] = [:]) throws {
        var all = files
        for (name, text) in changes { all[name] = text }
        for (name, text) in all {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try (text + "\n").write(to: url, atomically: false, encoding: .utf8)
        }
    }

    /// `files[name]` with `old` replaced by `new` (which must be there).
    static func edited(_ name: String, _ old: String, _ new: String) -> String {
        let text = files[name]!
        precondition(text.contains(old), "\(name) has no '\(old)'")
        return text.replacingOccurrences(of: old, with: new)
    }

    /// The 1-based line of `files[name]` (as edited by `text`) that contains `needle`.
    static func line(of needle: String, in text: String) -> Int {
        (text.components(separatedBy: "\n").firstIndex { $0.contains(needle) } ?? -1) + 1
    }
}

/// The shipped catalog with the demo's subjects (Ollie, Sanne) declared in a file of its own,
/// as a person who tracks a dog called Ollie declares her: for tests that log for them into a
/// database of their own (without the demo data they are no subjects).
enum DemoSubjectsCatalog {
    /// Writes it under `directory` and returns its root for `--catalog`.
    static func write(in directory: URL) throws -> String {
        let root = directory.appendingPathComponent("catalog-with-ollie")
        for folder in ["screens", "metrics"] {
            try FileManager.default.copyItem(
                at: VitalsProcess.packageRoot.appendingPathComponent(folder),
                to: root.appendingPathComponent(folder))
        }
        try DemoSubjects.file.text.write(
            to: root.appendingPathComponent("screens/demo_subjects.yaml"), atomically: true, encoding: .utf8)
        return root.path
    }
}
