import Foundation
import XCTest

/// An unknown `chart_type_id` fails `vitals validate` (CI) but does not block the drawing
/// commands: `render` draws every other screen as usual and the metric with the fallback
/// chart, with a warning on stderr naming the file, line and column.
final class UnknownChartTypeCLITests: XCTestCase {
    private func catalog(chartType: String = "wiggle_chart") throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-chart-type-\(UUID().uuidString)")
        let files = [
            "screens/core.yaml": """
            pillars: [{pillar_id: core_care, name: Core Care}]
            screens:
              - {screen_id: SCREEN_BODY, name: Body, pillar: core_care, order: 1}
              - {screen_id: SCREEN_WALK, name: Walk, pillar: core_care, order: 2}

            """,
            "metrics/body.yaml": """
            series:
              - {series_id: body_mass, kind: quantity, unit: kg, min: 20, max: 200}
              - {series_id: steps, kind: quantity, unit: count, min: 0, max: 100000}
            metrics:
              - {display_metric_id: BODY_WEIGHT, display_screen_id: SCREEN_BODY, display_name: Weight, chart_type_id: \(chartType), is_primary: true, series: body_mass, aggregate: mean, bucket: day, range: 7d}
              - {display_metric_id: WALK_STEPS, display_screen_id: SCREEN_WALK, display_name: Steps, chart_type_id: bar_vertical, is_primary: true, series: steps, aggregate: sum, bucket: day, range: 7d}

            """,
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root
    }

    func testValidateStillFails() throws {
        let root = try catalog()
        let run = try VitalsProcess.run(["validate"], in: root)
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(
            run.stdout.contains("metrics/body.yaml:5:") && run.stdout.contains("unknown chart_type_id 'wiggle_chart'"),
            run.stdout)
    }

    func testRenderDrawsEveryScreenWithTheFallbackAndAWarning() throws {
        let root = try catalog(chartType: "line")  // logging reads a valid catalog; the type is broken after
        let database = root.appendingPathComponent("v.sqlite").path
        XCTAssertEqual(
            try VitalsProcess.run(["log", "steps", "9000", "--at", "2026-06-15T12:00", "--db", database], in: root)
                .status, 0)
        XCTAssertEqual(
            try VitalsProcess.run(["log", "body_mass", "80", "--at", "2026-06-15T08:00", "--db", database], in: root)
                .status, 0)
        let metrics = root.appendingPathComponent("metrics/body.yaml")
        try (try String(contentsOf: metrics, encoding: .utf8)).replacingOccurrences(
            of: "chart_type_id: line,", with: "chart_type_id: wiggle_chart,"
        )
        .write(to: metrics, atomically: true, encoding: .utf8)
        let run = try VitalsProcess.run(["render", "--all", "--as-of", "2026-06-15", "--db", database], in: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stderr.contains("metrics/body.yaml:5:")
                && run.stderr.contains("warning: unknown chart_type_id 'wiggle_chart'")
                && run.stderr.contains("drawn as bar_vertical"), run.stderr)
        XCTAssertFalse(run.stderr.contains(": error:"), run.stderr)
        XCTAssertTrue(run.stdout.contains("Walk") && run.stdout.contains("Steps"), run.stdout)
        XCTAssertTrue(run.stdout.contains("chart type 'wiggle_chart' is unknown; showing bar_vertical"), run.stdout)
        XCTAssertTrue(run.stdout.contains("Weight"), run.stdout)
        // Another error still stops rendering.
        let broken = root.appendingPathComponent("metrics/body.yaml")
        try (try String(contentsOf: broken, encoding: .utf8)).replacingOccurrences(
            of: "series: steps", with: "series: stepz"
        )
        .write(to: broken, atomically: true, encoding: .utf8)
        let refused = try VitalsProcess.run(["render", "--all", "--as-of", "2026-06-15", "--db", database], in: root)
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(refused.stderr.contains("unknown series 'stepz'"), refused.stderr)
    }
}
