import Foundation
import TestSupport
import VitalsImport
import XCTest

/// `vitals summary` end to end: an imported Apple Health export (weigh-ins in pounds, steps,
/// protein by meal) summarised on a small catalog of its own (not the shipped one) in text,
/// Markdown and HTML, with a weight goal set; the periods it takes and its exit codes; and the
/// shipped catalog on the same import (its properties only).
final class SummaryCLITests: XCTestCase {
    private var directory: URL!
    private var db: String { directory.appendingPathComponent("health.sqlite").path }
    private var catalog: String { directory.appendingPathComponent("catalog").path }
    private var environment: [String: String] { ["XDG_CONFIG_HOME": directory.appendingPathComponent("config").path] }

    static let catalogFiles: [String: String] = [
        "screens/screens.yaml": """
        pillars:
          - {pillar_id: core, name: Core, color: "#2F6FD6", order: 1}
        subjects:
          - {subject_id: me, name: Me, kind: human}
          - {subject_id: rex, name: Rex, kind: dog}
        screens:
          - {screen_id: SCREEN_INTAKE, name: Intake, pillar: core, order: 1, icon: "🥩"}
          - {screen_id: SCREEN_WEIGHT, name: Weight, pillar: core, order: 2, icon: "⚖️"}
          - {screen_id: SCREEN_STEPS, name: Steps, pillar: core, order: 3}
          - {screen_id: SCREEN_WAIST, name: Waist, pillar: core, order: 4}
        """,
        "metrics/metrics.yaml": """
        series:
          - {series_id: protein, kind: quantity, unit: g, min: 0, max: 300}
          - {series_id: body_mass, kind: quantity, unit: kg, min: 20, max: 300}
          - {series_id: steps, kind: quantity, unit: count, min: 0, max: 100000}
          - {series_id: waist, kind: quantity, unit: cm, min: 40, max: 200}
        metrics:
          - {display_metric_id: PROTEIN_DAILY, display_screen_id: SCREEN_INTAKE, display_name: Protein per day,
             chart_type_id: bar_vertical, is_primary: true, series: protein, aggregate: sum, bucket: day, range: 14d,
             unit: g, day_cutoff: "04:00", target: {rule: at_least, value: 100}}
          - {display_metric_id: WEIGHT, display_screen_id: SCREEN_WEIGHT, display_name: Weight, chart_type_id: line,
             is_primary: true, series: body_mass, aggregate: mean, bucket: day, range: 30d, unit: kg}
          - {display_metric_id: STEPS_VS_WEIGHT, display_screen_id: SCREEN_WEIGHT, display_name: Steps and weight,
             chart_type_id: scatter, parent_metric_id: WEIGHT, series: steps, aggregate: sum, bucket: day, range: 30d,
             y: {series: body_mass, aggregate: mean}}
          - {display_metric_id: STEPS_DAILY, display_screen_id: SCREEN_STEPS, display_name: Steps per day,
             chart_type_id: bar_vertical, is_primary: true, series: steps, aggregate: sum, bucket: day, range: 14d,
             target: {rule: at_least, value: 8000}}
          - {display_metric_id: WAIST, display_screen_id: SCREEN_WAIST, display_name: Waist, chart_type_id: line,
             is_primary: true, series: waist, aggregate: mean, bucket: day, range: 30d}
        """,
    ]

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-summary-\(UUID().uuidString)")
        for (name, text) in Self.catalogFiles {
            let url = directory.appendingPathComponent("catalog").appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try (text + "\n").write(to: url, atomically: true, encoding: .utf8)
        }
        // 1–28 May 2026: a weigh-in most mornings (174 lb falling 0.1 lb a day, a little more on
        // lazy days); steps every day, fewer on heavier days; protein at breakfast, lunch and
        // dinner, and on some nights a snack after midnight that counts for the day before.
        var records = ""
        for day in 1...28 {
            let date = "2026-05-\(day < 10 ? "0" : "")\(day)"
            let lazy = day % 4 == 0
            if day % 6 != 5 {
                let pounds = 174 - Double(day) * 0.1 + (lazy ? 2.5 : 0) + Double(day % 3) * 0.2
                records += """
                     <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="lb" startDate="\(date) 07:05:00 +0200" endDate="\(date) 07:05:00 +0200" value="\(String(format: "%.1f", pounds))"/>

                    """
            }
            records += """
                 <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="\(date) 12:00:00 +0200" endDate="\(date) 13:00:00 +0200" value="\(lazy ? 4200 + day * 10 : 9500 - (day % 3) * 400)"/>

                """
            for (slot, time, grams) in [
                ("Breakfast", "08:00", 25 + day % 4 * 5), ("Lunch", "12:30", 35), ("Dinner", "19:00", 30 + day % 5 * 4),
            ] {
                records += """
                     <Record type="HKQuantityTypeIdentifierDietaryProtein" sourceName="Food app" unit="g" startDate="\(date) \(time):00 +0200" endDate="\(date) \(time):00 +0200" value="\(grams)">
                      <MetadataEntry key="meal" value="\(slot)"/>
                     </Record>

                    """
            }
            if day % 5 == 0 {
                records += """
                     <Record type="HKQuantityTypeIdentifierDietaryProtein" sourceName="Food app" unit="g" startDate="\(date) 01:30:00 +0200" endDate="\(date) 01:30:00 +0200" value="20"/>

                    """
            }
        }
        let imported = try VitalsProcess.importExport(records, in: directory, db: db)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        try assertCommand(["goal", "set", "75kg", "--by", "2026-09-01"], environment: environment, stdout: nil)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    private func summary(_ arguments: [String]) -> [String] {
        ["summary", "--db", db, "--catalog", catalog, "--as-of", "2026-05-28"] + arguments
    }

    func testTextMarkdownAndHTML() throws {
        try assertCommand(summary(["--week"]), environment: environment, stdoutGolden: "summary/week-text")
        try assertCommand(
            summary(["--format", "markdown", "--units", "us"]), environment: environment,
            stdoutGolden: "summary/week-markdown-us")
        // The report's style sheet is the report tests' to check; the golden holds the rest.
        let html = try assertCommand(
            summary(["--format", "html", "--days", "14"]), environment: environment,
            patterns: [#"(?s)<style>.*</style>"#: "<style>(the report's)</style>"],
            stdoutGolden: "summary/days-14-html")
        XCTAssertTrue(html.stdout.contains("<style>\n") && html.stdout.contains("@page"), "the report's style sheet")
        XCTAssertFalse(
            html.stdout.contains("http:") || html.stdout.contains("https:") || html.stdout.contains("<script"))
        let file = try ReportTools.scratch(self).appendingPathComponent("summary.html")
        try html.stdout.write(to: file, atomically: true, encoding: .utf8)
        try OptionalTool.require(.html5lib)
        let check = try ReportTools.check(["html", file.path])
        XCTAssertEqual(check.status, 0, "html5lib parse errors:\n\(check.stdout)")
    }

    /// The period: a week by default, a month (1 to 28 May against 1 to 30 April: no data
    /// before), N days, a range; the lines follow it.
    func testPeriods() throws {
        let week = try assertCommand(summary([]), environment: environment, stdout: nil)
        XCTAssertTrue(
            week.stdout.hasPrefix(
                "Weekly summary\nMe · 2026-05-22 – 2026-05-28, against the 7 days before (2026-05-15 – 2026-05-21)\n"),
            week.stdout)
        let month = try assertCommand(summary(["--month"]), environment: environment, stdout: nil)
        XCTAssertTrue(
            month.stdout.hasPrefix("Monthly summary\nMe · 2026-04-29 – 2026-05-28, against the 30 days before"),
            month.stdout)
        XCTAssertTrue(
            month.stdout.contains("Protein per day: 3054 g in total, 109.1 g a day (28 of 30 days); no data before"),
            month.stdout)
        let range = try assertCommand(summary(["--range", "2w"]), environment: environment, stdout: nil)
        XCTAssertTrue(range.stdout.hasPrefix("Summary of the last 2 weeks\nMe · 2026-05-15 – 2026-05-28"), range.stdout)
        let three = try assertCommand(summary(["--days", "3", "--ascii"]), environment: environment, stdout: nil)
        XCTAssertTrue(three.stdout.contains("(3 of 3 days); ") && three.stdout.contains(">= 100 g"), three.stdout)
        XCTAssertFalse(three.stdout.contains("≥") || three.stdout.contains("·"), three.stdout)
        // A dog has none of these screens: nothing to show, said, exit 0.
        try assertCommand(
            summary(["--subject", "rex"]), environment: environment,
            stdout: """
                Weekly summary
                Rex · 2026-05-22 – 2026-05-28, against the 7 days before (2026-05-15 – 2026-05-21)

                No screen has data in this period.

                """)
    }

    func testMistakesExitWithTheDocumentedCodes() throws {
        try assertCommand(
            summary(["--subject", "nobody"]), environment: environment, stdout: "", stderr: nil, exitCode: 1)
        let both = try assertCommand(
            summary(["--week", "--days", "3"]), environment: environment, stdout: "", stderr: nil, exitCode: 2)
        XCTAssertTrue(both.stderr.contains("give one period: --week, --days were all given"), both.stderr)
        let all = try assertCommand(
            summary(["--range", "all"]), environment: environment, stdout: "", stderr: nil, exitCode: 2)
        XCTAssertTrue(all.stderr.contains("--range all has no length to compare with the period before"), all.stderr)
        try assertCommand(summary(["--days", "0"]), environment: environment, stdout: "", stderr: nil, exitCode: 2)
        let long = try assertCommand(
            summary(["--range", "10000y"]), environment: environment, stdout: "", stderr: nil, exitCode: 2)
        XCTAssertTrue(
            long.stderr.contains("--range 10000y is 3652425 days; a summary covers at most 3660 (10 years)"),
            long.stderr)
        try assertCommand(summary(["--range", "3x"]), environment: environment, stdout: "", stderr: nil, exitCode: 2)
        try assertCommand(summary(["--format", "pdf"]), environment: environment, stdout: "", stderr: nil, exitCode: 2)
    }

    /// The shipped catalog on the same import: every screen it shows has data, the weight is
    /// in the units asked for with the goal's trend, and the rest are counted as skipped.
    func testTheShippedCatalogOnTheImport() throws {
        let run = try assertCommand(
            ["summary", "--db", db, "--as-of", "2026-05-28", "--units", "uk"], environment: environment,
            stdout: nil, stderr: nil)
        let blocks = run.stdout.components(separatedBy: "\n\n")
        XCTAssertTrue(run.stdout.hasPrefix("Weekly summary\n"), run.stdout)
        XCTAssertTrue(
            blocks.contains { $0.contains("Body\n  Weight: 12 st ") && $0.contains("\n  Weight trend 12 st ") },
            run.stdout)
        XCTAssertTrue(blocks.contains { $0.contains("Protein\n  Protein per day: ") }, run.stdout)
        let skipped = try XCTUnwrap(
            run.stdout.range(
                of: #"[0-9]+ screens without data in this period are not shown"#,
                options: .regularExpression))
        XCTAssertGreaterThan(Int(run.stdout[skipped].prefix { $0.isNumber }) ?? 0, 10)
    }
}
