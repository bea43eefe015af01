import Foundation
import SleepScreen
import VitalsKit
import VitalsScreens
import XCTest

/// The Sleep screen: goldens, merged sources in the rendered screen, bedtime spread over
/// nights from a store, and config diagnostics at their lines.
final class SleepScreenTests: XCTestCase {
    typealias F = ScreenFixtures
    static let offset = 7200

    // MARK: Goldens

    func testGoldensOnTheDemoDataAndAnEmptyStore() throws {
        try F.assertScreenGoldens("sleep") { storeName, name in
            "vitals render sleep --as-of \(F.asOf) --width 80 (\(name), \(storeName) store)"
        }
    }

    func testChildrenGoldenOnTheDemoData() throws {
        try F.assertChildrenGolden("sleep", screenID: "SCREEN_SLEEP")
    }

    /// Last night's block on the nights of issue #13, for review: a fall-back and a
    /// spring-forward night (Amsterdam), and a night merged from a phone's in bed and a
    /// watch's stages with plain asleep.
    func testLastNightGoldensOnDaylightSavingAndMergedNights() throws {
        typealias S = SleepTestSupport
        let nights: [(name: String, asOf: LocalDate, samples: [Sample])] = [
            (
                "fall-back", LocalDate(year: 2025, month: 10, day: 26),
                [
                    S.sample("2025-10-25 23:00 +0200", "2025-10-26 01:30 +0200", "core", "Watch"),
                    S.sample("2025-10-26 01:30 +0200", "2025-10-26 02:30 +0200", "deep", "Watch"),
                    S.sample("2025-10-26 02:30 +0200", "2025-10-26 02:30 +0100", "rem", "Watch"),
                    S.sample("2025-10-26 02:30 +0100", "2025-10-26 07:00 +0100", "core", "Watch"),
                ]
            ),
            (
                "spring-forward", LocalDate(year: 2026, month: 3, day: 29),
                [
                    S.sample("2026-03-28 23:00 +0100", "2026-03-29 01:30 +0100", "core", "Watch"),
                    S.sample("2026-03-29 01:30 +0100", "2026-03-29 03:30 +0200", "deep", "Watch"),
                    S.sample("2026-03-29 03:30 +0200", "2026-03-29 07:00 +0200", "core", "Watch"),
                ]
            ),
            (
                "merged", F.asOf,
                [
                    S.sample("2026-06-14 22:45 +0200", "2026-06-15 06:10 +0200", "in_bed", "Phone"),
                    S.sample("2026-06-14 22:55 +0200", "2026-06-14 23:00 +0200", "awake", "Watch"),
                    S.sample("2026-06-14 23:00 +0200", "2026-06-15 05:00 +0200", "core", "Watch"),
                    S.sample("2026-06-15 05:00 +0200", "2026-06-15 06:00 +0200", "asleep_unspecified", "Watch"),
                    S.sample("2026-06-15 06:00 +0200", "2026-06-15 06:05 +0200", "awake", "Watch"),
                ]
            ),
        ]
        for night in nights {
            let document = try F.document(
                "sleep", store: try S.store(night.samples), profile: F.profile("unicode"),
                request: ScreenRequest(asOf: night.asOf))
            let block = try XCTUnwrap(document.blocks.first { $0.metricID == "SLEEP_LAST_NIGHT" })
            F.assertGolden(
                "sleep/night-\(night.name)-80-unicode",
                header: "SLEEP_LAST_NIGHT as of \(night.asOf) at 80 columns, unicode (\(night.name) night)",
                lines: document.lines(of: block))
        }
    }

    func testTheNightlyTotalsInTheCatalogCountOnlyAsleepCategories() throws {
        for id in ["SLEEP_DURATION", "SLEEP_CONSISTENCY"] {
            let metric = try XCTUnwrap(F.catalog.metric(id))
            XCTAssertEqual(Set(metric.binding.categories ?? []), ["asleep_unspecified", "core", "deep", "rem"], id)
        }
        XCTAssertFalse(
            try XCTUnwrap(F.catalog.metric("SLEEP_STAGE_SPLIT")).binding.categories?.contains("in_bed") ?? true)
    }

    // MARK: Merged sources

    func testAWatchAndAPhoneRecordingTheSameNightCountOnce() throws {
        let store = try SampleStore.inMemory()
        try store.insert([
            sleep("22:50", "23:00", "awake", "Watch"), sleep("23:00", "01:00", "core", "Watch"),
            sleep("01:00", "02:00", "deep", "Watch"), sleep("02:00", "03:00", "rem", "Watch"),
            sleep("03:00", "07:00", "core", "Watch"),
            sleep("22:30", "07:30", "asleep_unspecified", "Phone"),
        ])
        let document = try F.document("sleep", store: store, profile: F.profile("unicode"))
        let night = try XCTUnwrap(document.blocks.first { $0.metricID == "SLEEP_LAST_NIGHT" })
        let text = document.lines(of: night).joined(separator: "\n")
        // 20 + 480 + 30 minutes asleep (the watch's stages win where both recorded), not 1020.
        XCTAssertTrue(text.contains("✓ within the 7–9 h goal (8 h 50 asleep)"), text)
        XCTAssertTrue(text.contains("Merged from 2 sources (Phone, Watch); overlaps counted once"), text)
        XCTAssertTrue(compact(night.data).contains("\"asleep_minutes\":530"), night.data.text())
        let bars = try XCTUnwrap(document.blocks.first { $0.metricID == "SLEEP_DURATION" })
        XCTAssertTrue(compact(bars.data).contains("\"date\":\"2026-06-15\",\"value\":8.83"), bars.data.text())
    }

    /// A shared copy (`report --redact`) says how many sources were merged, never their names.
    func testASharedCopyWithholdsTheNamesOfMergedSources() throws {
        let store = try SampleStore.inMemory()
        try store.insert([
            sleep("23:00", "07:00", "core", "SleepTrack"),
            sleep("22:30", "07:30", "asleep_unspecified", "apple-health:lark"),
        ])
        let text = try Disclosure.$current.withValue(Disclosure(withholdsPersonal: true)) {
            let document = try F.document("sleep", store: store, profile: F.profile("unicode"))
            let night = try XCTUnwrap(document.blocks.first { $0.metricID == "SLEEP_LAST_NIGHT" })
            return document.lines(of: night).joined(separator: "\n")
        }
        XCTAssertTrue(text.contains("Merged from 2 sources (sources withheld); overlaps counted once"), text)
        XCTAssertFalse(text.contains("SleepTrack") || text.contains("lark"), text)
    }

    func testAnInBedOnlyNightSaysItsTotalIsTimeInBed() throws {
        let store = try SampleStore.inMemory()
        try store.insert([sleep("22:15", "06:45", "in_bed", "Phone")])
        let text = try F.lines("sleep", store: store, profile: F.profile("unicode")).joined(separator: "\n")
        XCTAssertTrue(text.contains("· This night has only time in bed recorded"), text)
        XCTAssertTrue(text.contains("✓ within the 7–9 h goal (8 h 30 in bed, no sleep data)"), text)
        XCTAssertTrue(text.contains("• 1 night records only time in bed; those bars show time in bed"), text)
    }

    func testBedtimeAndWakeTimeSpreadOverTheNightsShown() throws {
        let store = try SampleStore.inMemory()
        // Bed at 22:00, 23:00 and 00:00, up at 07:00: 9, 8 and 7 hours asleep.
        try store.insert([
            sleep("22:00", "07:00", "core", "Watch", night: LocalDate(year: 2026, month: 6, day: 13)),
            sleep("23:00", "07:00", "core", "Watch", night: LocalDate(year: 2026, month: 6, day: 14)),
            sleep("00:00", "07:00", "core", "Watch"),
        ])
        let document = try F.document("sleep", store: store, profile: F.profile("unicode"))
        let block = try XCTUnwrap(document.blocks.first { $0.kind == .summary && $0.metricID == nil })
        // Bedtimes 1320, 1380, 1440 minutes: mean 23:00, deviation √((60² + 0 + 60²) / 3) ≈ 49.
        XCTAssertEqual(
            document.lines(of: block).map { $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression) },
            [
                "Consistency over 3 of the last 14 nights",
                "  Bedtime    23:00 on average, spread ±49 min (22:00–00:00)",
                "  Wake time  07:00 on average, spread ±0 min (07:00–07:00)",
                "  Asleep     8 h 00 on average, spread ±49 min; 3 of 3 nights within 7–9 h",
            ])
    }

    // MARK: Config

    func testTheShippedConfigIsCleanAndDecoded() throws {
        let screen = try XCTUnwrap(F.catalog.screen("SCREEN_SLEEP"))
        var problems = ConfigProblems(screen: screen)
        let config = SleepScreen().decodeConfig(screen.config, of: screen, in: F.catalog, problems: &problems)
        XCTAssertEqual(problems.diagnostics, [])
        XCTAssertEqual(config, SleepConfig(goalHours: 7...9, nights: 14))
    }

    func testEachBadConfigIsReportedAtItsLine() throws {
        let original = try String(
            contentsOf: F.repositoryRoot.appendingPathComponent("screens/restorative_sleep.yaml"),
            encoding: .utf8)
        let cases: [(replace: String, with: String, marker: String, message: String)] = [
            ("nights: 14", "nights: 0", "0\n", "nights 0 is outside 1…90"),
            ("nights: 14", "nights: 2.5", "2.5", "nights must be a whole number, not 2.5"),
            ("nights: 14", "night: 14", "night", "unknown key 'night' in config; did you mean 'nights'?"),
            ("max: 9", "max: 6", "6\n", "goal_hours max 6 must be more than min 7"),
            ("min: 7", "min: 25", "25", "min 25 is outside 0…24"),
            (
                "goal_hours:\n        min: 7\n        max: 9", "goal_hours: 8", "8\n",
                "goal_hours must be a mapping, not an integer"
            ),
        ]
        for (index, bad) in cases.enumerated() {
            XCTAssertTrue(original.contains(bad.replace), "case \(index)")
            let text = original.replacingOccurrences(of: bad.replace, with: bad.with)
            let expected = try XCTUnwrap(TextLocation.find(bad.marker, in: text, after: "config:"), "case \(index)")
            let loaded = CatalogLoader.load([
                SourceFile(
                    path: "screens/pillars.yaml",
                    text: try String(
                        contentsOf: F.repositoryRoot.appendingPathComponent("screens/pillars.yaml"), encoding: .utf8)),
                SourceFile(path: "screens/restorative_sleep.yaml", text: text),
            ])
            // Only the screen file is loaded, so the rule that wants metrics on a screen fires too.
            let errors = Validator(screenModules: BuiltInScreenModules.registry).validate(loaded)
                .filter { $0.severity == .error && $0.rule != "empty-screen" }
            F.assertOneConfigError(
                errors, line: expected.line, column: expected.column, contains: bad.message,
                context: "case \(index):")
            XCTAssertEqual(errors.first?.location.file, "screens/restorative_sleep.yaml")
        }
    }

    // MARK: Helpers

    /// A sleep sample of the night ending on `night` (default the as-of day) between two
    /// clock times in Amsterdam summer time; times before noon are that morning.
    func sleep(
        _ from: String, _ to: String, _ category: String, _ source: String,
        night: LocalDate = ScreenFixtures.asOf
    ) -> Sample {
        func instant(_ clock: String) -> Date {
            let parts = clock.split(separator: ":").map { Int($0)! }
            let day = parts[0] < 12 ? night : night.adding(days: -1)
            return day.midnight(utcOffsetSeconds: Self.offset).addingTimeInterval(
                TimeInterval(parts[0] * 3600 + parts[1] * 60))
        }
        let (start, end) = (instant(from), instant(to))
        return Sample(
            seriesID: "sleep_analysis", start: start, end: end, utcOffsetSeconds: Self.offset,
            value: end.timeIntervalSince(start) / 60, category: category, source: source)
    }

    func compact(_ value: JSONValue) -> String {
        value.text().replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "\n", with: "")
    }
}
