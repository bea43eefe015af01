import Foundation
import VegetablesScreen
import VitalsKit
import VitalsScreens
import XCTest

/// The Vegetables screen: goldens on the demo data and an empty store, DragonHealth's portion
/// model checked against hand-computed values on small stores, and config diagnostics.
final class VegetablesScreenTests: XCTestCase {
    typealias F = ScreenFixtures
    let day = ScreenFixtures.asOf

    // MARK: Goldens

    func testGoldensOnTheDemoDataAndAnEmptyStore() throws {
        try F.assertScreenGoldens("vegetables") { storeName, name in
            "SCREEN_VEGETABLES \(storeName) as of \(F.asOf) at 80 columns, \(name)"
        }
        try F.assertChildrenGolden("vegetables", screenID: "SCREEN_VEGETABLES")
    }

    func testTheEmptyStoreShowsTheEmptyMessageAndTheLogCommandWithoutASummary() throws {
        let document = try F.document("vegetables", store: F.emptyStore, profile: F.profile("unicode"))
        XCTAssertFalse(document.blocks.contains { $0.kind == .summary })
        let text = document.lines(width: 80).joined(separator: "\n")
        XCTAssertTrue(text.contains("No vegetable portions logged yet."), text)
        XCTAssertTrue(text.contains("vitals log vegetables VALUE portion"), text)
        XCTAssertFalse(text.contains("Goal calendar"), text)
    }

    // MARK: Numbers

    func testAOneThirtySnackCountsForThePreviousDay() throws {
        let store = try SampleStore.inMemory()
        try store.insert([
            F.sample("vegetables", day.adding(days: -1), 19, 2, tag: "dinner"),
            F.sample("vegetables", day, 1, 1, minute: 30, tag: "snack"),
        ])
        let (document, summary) = try F.summary("vegetables", store: store)
        XCTAssertEqual(summary["today"] as? Double, 0)
        XCTAssertEqual(summary["remaining"] as? Double, 3)
        XCTAssertEqual(F.streak(summary), [1, 1])  // yesterday: 2 + the 01:30 snack = 3
        let text = document.lines(width: 80).joined(separator: "\n")
        XCTAssertTrue(text.contains("Today 0 of 3 portions · 3 portions to go"), text)
        XCTAssertTrue(text.contains("Days start at 04:00: entries before then count for the day before"), text)

        // The same rule in MetricQuery, sample by sample.
        let metric = try XCTUnwrap(F.catalog.metric("VEGETABLES_PORTIONS_DAILY"))
        let query = try MetricQuery(metric: metric, catalog: F.catalog, asOf: day)
        XCTAssertEqual(query.dayCutoffMinutes, 240)
        XCTAssertEqual(query.day(of: F.sample("vegetables", day, 1, 1, minute: 30)), day.adding(days: -1))
        XCTAssertEqual(query.day(of: F.sample("vegetables", day, 4, 1)), day)
    }

    func testPortionsAreBankedAcrossSlotsSoOnlyTheDailyTotalCounts() throws {
        let store = try SampleStore.inMemory()
        try store.insert([
            F.sample("vegetables", day, 8, 1, tag: "breakfast"), F.sample("vegetables", day, 12, 0.5, tag: "lunch"),
            F.sample("vegetables", day, 19, 1.5, tag: "dinner"),
        ])
        let (document, summary) = try F.summary("vegetables", store: store)
        XCTAssertEqual(summary["today"] as? Double, 3)
        XCTAssertEqual(summary["done"] as? Bool, true)
        XCTAssertEqual(summary["remaining"] as? Double, 0)
        XCTAssertEqual(F.streak(summary), [1, 1])
        let slots = try XCTUnwrap(summary["by_slot"] as? [String: Any])
        XCTAssertEqual(slots["breakfast"] as? Double, 1)
        XCTAssertTrue(slots["afternoon_snack"] is NSNull)
        let text = document.lines(width: 80).joined(separator: "\n")
        XCTAssertTrue(text.contains("Today 3 of 3 portions · ✓ done"), text)
        XCTAssertTrue(
            text.contains("Banked: breakfast 1 + lunch 0.5 + dinner 1.5 + afternoon snack 0 = 3 portions"), text)
    }

    /// Days −7…−1: 3, 3, 2, 3.5, nothing, 3, 3; today 1.75 so far.
    func testPercentOnTargetOverSevenDaysStreaksAndTodaysRemaining() throws {
        let store = try SampleStore.inMemory()
        var samples: [LocalDate: Double] = [:]
        for (back, portions) in [(7, 3.0), (6, 3), (5, 2), (4, 3.5), (2, 3), (1, 3), (0, 1.75)] {
            samples[day.adding(days: -back)] = portions
        }
        try store.insert(samples.map { F.sample("vegetables", $0.key, 18, $0.value, tag: "dinner") })
        let (document, summary) = try F.summary("vegetables", store: store)
        // The last 7 days are −6…0 (as a 7-day chart shows them); today is not met yet, so
        // not counted: −6…−1 are 3, 2, 3.5, nothing, 3, 3, 4 of 6.
        XCTAssertEqual(F.window(summary, 7), [4, 6])
        XCTAssertEqual(F.window(summary, 30), [5, 7])  // no history before −7
        XCTAssertEqual(F.streak(summary), [2, 2])
        XCTAssertEqual(summary["remaining"] as? Double, 1.25)
        let text = document.lines(width: 80).joined(separator: "\n")
        XCTAssertTrue(text.contains("Today 1.75 of 3 portions · 1.25 portions to go"), text)
        XCTAssertTrue(text.contains("Streak 2 days · best ever 2 days"), text)
        XCTAssertTrue(text.contains("On target: 7 days 67 % (4/6) · 30 days 71 % (5/7) · 90 days 71 % (5/7)"), text)
        XCTAssertTrue(text.contains("today pending"), text)

        let comma = RenderProfile(width: 80, glyphs: .unicode, numbers: .comma)
        let dutch = try F.lines("vegetables", store: store, profile: comma).joined(separator: "\n")
        XCTAssertTrue(dutch.contains("Today 1,75 of 3 portions · 1,25 portions to go"), dutch)
    }

    /// With --range the goal calendar shows the range's months (not always the as-of month),
    /// from the 1st of the month holding the range's first day to the as-of day.
    func testTheGoalCalendarFollowsTheRange() throws {
        let request = ScreenRequest(asOf: F.asOf, range: .months(2))
        let document = try F.document("vegetables", profile: F.profile("unicode"), request: request)
        let calendar = try XCTUnwrap(
            document.blocks.first { $0.kind == .chart && $0.metricID == "VEGETABLES_CALENDAR" })
        XCTAssertTrue(
            document.lines(of: calendar)[0].hasPrefix("Goal calendar, April – June 2026"),
            document.lines(of: calendar)[0])
        let data = try JSONSerialization.jsonObject(with: Data(calendar.data.text().utf8)) as? [String: Any]
        let days = try XCTUnwrap(data?["days"] as? [[String: Any]])
        XCTAssertEqual(days.first?["date"] as? String, "2026-04-01")
        XCTAssertEqual(days.last?["date"] as? String, "2026-06-15")
        XCTAssertEqual((data?["on_target"] as? [String: Any])?["best_streak_window"] as? String, "in April – June 2026")
        let year = try F.document(
            "vegetables", profile: F.profile("unicode"), request: ScreenRequest(asOf: F.asOf, range: .years(1)))
        let yearCalendar = try XCTUnwrap(
            year.blocks.first { $0.kind == .chart && $0.metricID == "VEGETABLES_CALENDAR" })
        XCTAssertTrue(
            year.lines(of: yearCalendar)[0].hasPrefix("Goal calendar, June 2025 – June 2026"),
            year.lines(of: yearCalendar)[0])
    }

    func testTheMonthCalendarRunsFromTheFirstToTheAsOfDay() throws {
        let document = try F.document("vegetables", profile: F.profile("unicode"))
        let calendar = try XCTUnwrap(
            document.blocks.first { $0.kind == .chart && $0.metricID == "VEGETABLES_CALENDAR" })
        XCTAssertTrue(
            document.lines(of: calendar)[0].hasPrefix("Goal calendar, June 2026"), document.lines(of: calendar)[0])
        let data = try JSONSerialization.jsonObject(with: Data(calendar.data.text().utf8)) as? [String: Any]
        let days = try XCTUnwrap(data?["days"] as? [[String: Any]])
        XCTAssertEqual(days.first?["date"] as? String, "2026-06-01")
        XCTAssertEqual(days.last?["date"] as? String, "2026-06-15")
        XCTAssertEqual(days.count, 15)
        // With --children the calendar metric is drawn over its own 12 weeks instead.
        let full = try F.document(
            "vegetables", profile: F.profile("unicode"),
            request: ScreenRequest(asOf: F.asOf, showChildren: true))
        let calendars = full.blocks.filter { $0.metricID == "VEGETABLES_CALENDAR" }
        XCTAssertEqual(calendars.count, 1)
        XCTAssertTrue(
            full.lines(of: calendars[0]).last?.hasPrefix("39/84 days on target") ?? false,
            "\(full.lines(of: calendars[0]))")
    }

    /// Off-step entries are judged as logged (2.9 misses 3) and named in a warning.
    func testEntriesOffThePortionStepAreCountedAsLoggedAndWarnedAbout() throws {
        let store = try SampleStore.inMemory()
        try store.insert([
            F.sample("vegetables", day, 8, 0.3, tag: "breakfast"), F.sample("vegetables", day, 12, 1, tag: "lunch"),
            F.sample("vegetables", day, 19, 1.6, tag: "dinner"),
        ])
        let (document, summary) = try F.summary("vegetables", store: store)
        XCTAssertEqual(try XCTUnwrap(summary["today"] as? Double), 2.9, accuracy: 1e-9)
        XCTAssertEqual(summary["done"] as? Bool, false)
        XCTAssertEqual((summary["off_step_entries"] as? [Any])?.count, 2)
        let text = document.lines(width: 80).joined(separator: "\n")
        XCTAssertTrue(text.contains("Today 2.9 of 3 portions · 0.1 portions to go"), text)
        XCTAssertTrue(text.contains("! 2 entries in the last 90 days not in 0.25 steps (latest 1.6 on \(day))"), text)
        XCTAssertTrue(text.contains("counted as logged"), text)
    }

    // MARK: Config

    func testTheShippedConfigDecodes() throws {
        let screen = try XCTUnwrap(F.catalog.screen("SCREEN_VEGETABLES"))
        var problems = ConfigProblems(screen: screen)
        let config = VegetablesScreen().decodeConfig(screen.config, of: screen, in: F.catalog, problems: &problems)
        XCTAssertEqual(problems.diagnostics, [])
        // `snack` in the screen's list is the declared afternoon_snack slot's alias.
        XCTAssertEqual(
            config,
            VegetablesConfig(
                mealSlots: ["breakfast", "lunch", "dinner", "afternoon_snack"],
                dayCutoffMinutes: 240, portionStep: 0.25))
    }

    func testConfigProblemsAreReportedAtTheirLineAndColumn() {
        // The config block's first line is line 10 of the file.
        assertProblem(
            "      meal_slots: []\n", line: 10, column: 19, contains: "meal_slots needs at least one meal slot")
        assertProblem("      meal_slots: lunch\n", line: 10, column: 19, contains: "meal_slots must be a list")
        assertProblem(
            "      meal_slots:\n        - lunch\n        - dinner\n        - lunch\n", line: 13, column: 11,
            contains: "meal slot 'lunch' is listed twice (first on line 11)")
        assertProblem(
            "      meal_slots: [lunch, {a: 1}]\n", line: 10, column: 27,
            contains: "a meal slot must be text, not a mapping")
        assertProblem(
            "      day_cutoff: \"25:00\"\n", line: 10, column: 19,
            contains: "day_cutoff must be a time as HH:MM (\"04:00\"), got '25:00'")
        assertProblem(
            "      day_cutoff: \"13:00\"\n", line: 10, column: 19, contains: "must be before 12:00",
            metricCutoff: "13:00")
        assertProblem(
            "      portion_step: 0.3\n", line: 10, column: 21, contains: "portion_step 0.3 must divide 1 portion")
        assertProblem(
            "      portion_step: 0\n", line: 10, column: 21,
            contains: "portion_step must be more than 0 portions, got 0")
        assertProblem(
            "      portion_size: 0.25\n", line: 10, column: 7,
            contains: "unknown key 'portion_size' in config; did you mean 'portion_step'?")
    }

    func testADayCutoffThatDisagreesWithAMetricIsAConfigError() {
        let mismatch = F.configDiagnostics(catalog(config: "      day_cutoff: \"04:00\"\n", metricCutoff: "03:00"))
        XCTAssertEqual(mismatch.count, 1, "\(mismatch)")
        XCTAssertEqual(mismatch.first.map { [$0.location.line, $0.location.column] }, [10, 19])
        XCTAssertTrue(
            mismatch.first?.message.contains(
                "day_cutoff 04:00 disagrees with metric VEG_TODAY, which has day_cutoff 03:00 (vegetables.yaml:16:")
                ?? false,
            mismatch.first?.message ?? "")

        let missing = F.configDiagnostics(catalog(config: "      day_cutoff: \"04:00\"\n", metricCutoff: nil))
        XCTAssertEqual(missing.count, 1, "\(missing)")
        XCTAssertTrue(
            missing.first?.message.contains("VEG_TODAY, which has no day_cutoff, so its days start at 00:00")
                ?? false, missing.first?.message ?? "")

        let both = F.configDiagnostics(catalog(config: "      day_cutoff: \"05:00\"\n", metricCutoff: "03:00"))
        XCTAssertEqual(both.count, 1, "\(both)")
        XCTAssertTrue(
            both.first?.message.contains(
                "day_cutoff 05:00 disagrees with 2 metrics: VEG_DAILY has day_cutoff 04:00 (vegetables.yaml:14:")
                ?? false, both.first?.message ?? "")
        XCTAssertTrue(
            both.first?.message.contains(", VEG_TODAY has day_cutoff 03:00 (vegetables.yaml:16:") ?? false,
            both.first?.message ?? "")

        XCTAssertEqual(F.configDiagnostics(catalog(config: "      day_cutoff: \"4:00\"\n", metricCutoff: "04:00")), [])
        XCTAssertEqual(F.configDiagnostics(catalog(config: "      portion_step: 0.5\n", metricCutoff: "03:00")), [])
    }

    // MARK: Helpers

    /// A catalog whose screen has `config` (from line 10) and two metrics: the primary with a
    /// 04:00 cutoff and a child with `metricCutoff` (none when nil).
    private func catalog(config: String, metricCutoff: String? = "04:00") -> LoadedCatalog {
        let cutoff = metricCutoff.map { ", day_cutoff: \"\($0)\"" } ?? ""
        let text = """
            pillars:
              - {pillar_id: nutrition, name: Nutrition}
            series:
              - {series_id: vegetables, kind: quantity, unit: portion}
            screens:
              - screen_id: SCREEN_VEGETABLES
                name: Vegetables
                pillar: nutrition
                config:

            """ + config + """
                metrics:
                  - {display_metric_id: VEG_DAILY, display_screen_id: SCREEN_VEGETABLES, display_name: Portions,
                     chart_type_id: bar_vertical, is_primary: true, series: vegetables, aggregate: sum,
                     target: {rule: at_least, value: 3}, day_cutoff: "04:00"}
                  - {display_metric_id: VEG_TODAY, display_screen_id: SCREEN_VEGETABLES, display_name: Today,
                     chart_type_id: progress, parent_metric_id: VEG_DAILY, series: vegetables\(cutoff)}

                """
        return CatalogLoader.load([SourceFile(path: "vegetables.yaml", text: text)])
    }

    private func assertProblem(
        _ config: String, line: Int, column: Int, contains text: String,
        metricCutoff: String = "04:00", file: StaticString = #filePath, at: UInt = #line
    ) {
        F.assertOneConfigError(
            F.configDiagnostics(catalog(config: config, metricCutoff: metricCutoff)),
            line: line, column: column, contains: text, file: file, at: at)
    }
}
