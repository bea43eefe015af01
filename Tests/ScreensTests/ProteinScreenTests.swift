import Foundation
import ProteinScreen
import VitalsKit
import VitalsScreens
import XCTest

/// The Protein screen: goldens on the demo data and an empty store, numbers checked against
/// hand-computed values on small stores, and config diagnostics at their lines.
final class ProteinScreenTests: XCTestCase {
    typealias F = ScreenFixtures
    let day = ScreenFixtures.asOf

    // MARK: Goldens

    func testGoldensOnTheDemoDataAndAnEmptyStore() throws {
        try F.assertScreenGoldens("protein") { storeName, name in
            "SCREEN_PROTEIN \(storeName) as of \(F.asOf) at 80 columns, \(name)"
        }
        try F.assertChildrenGolden("protein", screenID: "SCREEN_PROTEIN")
    }

    func testTheEmptyStoreShowsTheEmptyMessageAndTheLogCommandWithoutASummary() throws {
        let document = try F.document("protein", store: F.emptyStore, profile: F.profile("unicode"))
        XCTAssertFalse(document.blocks.contains { $0.kind == .summary })
        let text = document.lines(width: 80).joined(separator: "\n")
        XCTAssertTrue(text.contains("No protein logged yet."), text)
        XCTAssertTrue(text.contains("vitals log protein VALUE g"), text)
    }

    func testOnlyOlderDataKeepsTheSummaryAndSaysTheChartRangeIsEmpty() throws {
        let store = try SampleStore.inMemory()
        try store.insert([F.sample("protein", day.adding(days: -20), 12, 130, tag: "lunch")])
        let (document, summary) = try F.summary("protein", store: store)
        XCTAssertEqual(summary["average_7d"] as? NSNull, NSNull())
        let text = document.lines(width: 80).joined(separator: "\n")
        XCTAssertTrue(text.contains("· Nothing logged in the last 14 days"), text)
        // An empty range is not an empty store: the newest sample's day and how to see it,
        // not the log command.
        let older = day.adding(days: -20).description
        XCTAssertTrue(text.contains("The latest protein sample is from \(older)."), text)
        XCTAssertTrue(text.contains("vitals render protein --as-of \(older)"), text)
        XCTAssertFalse(text.contains("vitals log protein"), text)
        XCTAssertTrue(text.contains("Nothing logged in the last 7 days"), text)
        XCTAssertTrue(text.contains("Streak 0 days · best ever 1 day"), text)
    }

    // MARK: Numbers

    func testThePerKgTargetComesFromTheLatestWeightOnOrBeforeTheAsOfDay() throws {
        let store = try SampleStore.inMemory()
        try store.insert([
            F.sample("body_mass", day.adding(days: -10), 7, 70.0),
            F.sample("body_mass", day.adding(days: -3), 7, 75.0),
            F.sample("body_mass", day.adding(days: 1), 7, 90.0),  // after the as-of day: ignored
            F.sample("protein", day, 8, 30, tag: "breakfast"),
        ])
        let (document, summary) = try F.summary("protein", store: store)
        let target = try XCTUnwrap(summary["target"] as? [String: Any])
        XCTAssertEqual(target["source"] as? String, "per_kg")
        XCTAssertEqual(target["grams"] as? Double, 120)  // 1.6 × 75.0
        XCTAssertEqual(target["weight_kg"] as? Double, 75)
        XCTAssertEqual(target["weight_date"] as? String, day.adding(days: -3).description)
        XCTAssertEqual(summary["today"] as? Double, 30)
        XCTAssertEqual(summary["remaining"] as? Double, 90)
        let text = document.lines(width: 80).joined(separator: "\n")
        XCTAssertTrue(text.contains("Today 30 g of 120 g · 90 g to go"), text)
        XCTAssertTrue(text.contains("Target ≥ 120 g = 1.6 g/kg × 75.0 kg (weighed \(day.adding(days: -3)))"), text)
        XCTAssertTrue(text.contains("Protein per day (g)") && text.contains("target ≥ 120 g"), text)
        XCTAssertEqual(ProteinTarget.grams(perKg: 1.6, weightKg: 73.4), 117)  // 117.44 to the gram
        XCTAssertEqual(ProteinTarget.grams(perKg: 1.2, weightKg: 80.4), 96)  // 96.48
    }

    func testWithoutABodyWeightTheMetricTargetAppliesAndTheScreenSaysSo() throws {
        let store = try SampleStore.inMemory()
        try store.insert([F.sample("protein", day, 12, 115, tag: "lunch")])
        let (document, summary) = try F.summary("protein", store: store)
        let target = try XCTUnwrap(summary["target"] as? [String: Any])
        XCTAssertEqual(target["source"] as? String, "metric")
        XCTAssertEqual(target["grams"] as? Double, 110)
        XCTAssertEqual(summary["met_today"] as? Bool, true)
        let text = document.lines(width: 80).joined(separator: "\n")
        XCTAssertTrue(text.contains("Today 115 g of 110 g · ✓ target met"), text)
        XCTAssertTrue(text.contains("Target ≥ 110 g (the metric's target): no body weight logged for 1.6 g/kg;"), text)
        XCTAssertTrue(text.contains("  log one: vitals log body_mass VALUE kg"), text)
    }

    /// Target 100 g (1.6 × 62.5 kg). Days −6…−1: 120, 110, nothing, 105, 100, 130; today 50.
    func testStreaksDaysOnTargetTheAverageAndTheMealSplitAcrossAMissedDay() throws {
        let store = try SampleStore.inMemory()
        var samples = [F.sample("body_mass", day.adding(days: -30), 7, 62.5)]
        for (back, grams) in [(6, 120.0), (5, 110), (3, 105), (2, 100), (1, 130)] {
            samples.append(F.sample("protein", day.adding(days: -back), 19, grams, tag: "dinner"))
        }
        samples += [F.sample("protein", day, 8, 20, tag: "breakfast"), F.sample("protein", day, 12, 30, tag: "lunch")]
        try store.insert(samples)

        var (document, summary) = try F.summary("protein", store: store)
        XCTAssertEqual((summary["target"] as? [String: Any])?["grams"] as? Double, 100)
        XCTAssertEqual(summary["today"] as? Double, 50)
        XCTAssertEqual(summary["remaining"] as? Double, 50)
        XCTAssertEqual(try XCTUnwrap(summary["average_7d"] as? Double), 615.0 / 6, accuracy: 1e-5)
        XCTAssertEqual(summary["days_logged_7d"] as? Double, 6)
        let meals = try XCTUnwrap(summary["per_meal_7d"] as? [String: Double])
        XCTAssertEqual(try XCTUnwrap(meals["breakfast"]), 20.0 / 6, accuracy: 1e-5)
        XCTAssertEqual(try XCTUnwrap(meals["lunch"]), 30.0 / 6, accuracy: 1e-5)
        XCTAssertEqual(try XCTUnwrap(meals["dinner"]), 565.0 / 6, accuracy: 1e-5)
        // Today is not met yet, so it neither counts nor breaks: −3…−1 is the current run,
        // −4 (nothing logged) broke the one before; the 7-day window is −6…−1 (no history before).
        XCTAssertEqual(F.streak(summary), [3, 3])
        XCTAssertEqual(F.window(summary, 7), [5, 6])
        var text = document.lines(width: 80).joined(separator: "\n")
        XCTAssertTrue(text.contains("7-day average 103 g (6 of 7 days logged)"), text)
        XCTAssertTrue(text.contains("Per meal: breakfast 3 g + lunch 5 g + dinner 94 g"), text)
        XCTAssertTrue(text.contains("On target: 7 days 83 % (5/6) · 30 days 83 % (5/6)"), text)
        XCTAssertTrue(text.contains("Streak 3 days · best ever 3 days"), text)

        // A late snack meets today: the streak and the window now end today.
        try store.insert([F.sample("protein", day, 22, 60, tag: "snack")])
        (document, summary) = try F.summary("protein", store: store)
        XCTAssertEqual(F.streak(summary), [4, 4])
        XCTAssertEqual(F.window(summary, 7), [6, 7])
        text = document.lines(width: 80).joined(separator: "\n")
        XCTAssertTrue(text.contains("Today 110 g of 100 g · ✓ target met"), text)
    }

    func testSamplesBeforeFourInTheMorningCountForThePreviousDay() throws {
        let store = try SampleStore.inMemory()
        try store.insert([
            F.sample("protein", day, 1, 40, minute: 30, tag: "snack"),
            F.sample("protein", day, 12, 25, tag: "lunch"),
        ])
        let (_, summary) = try F.summary("protein", store: store)
        XCTAssertEqual(summary["today"] as? Double, 25)
        XCTAssertEqual(summary["days_logged_7d"] as? Double, 2)
    }

    func testTheChildrenGetTheTargetThatApplies() throws {
        let store = try SampleStore.inMemory()
        try store.insert([F.sample("body_mass", day, 7, 80), F.sample("protein", day, 12, 100, tag: "lunch")])
        let document = try F.document(
            "protein", store: store, profile: F.profile("unicode"),
            request: ScreenRequest(asOf: day, showChildren: true))
        let charts = document.blocks.filter { $0.kind == .chart }.map { document.lines(of: $0).first ?? "" }
        XCTAssertEqual(charts.count, 4)
        XCTAssertTrue(charts[0].hasSuffix("target ≥ 128 g"), charts[0])  // 1.6 × 80
        XCTAssertTrue(charts[1].hasSuffix("target ≥ 128 g"), charts[1])  // per meal
        XCTAssertTrue(charts[2].hasSuffix("target ≥ 1.6 g/kg"), charts[2])
        XCTAssertTrue(charts[3].hasSuffix("target ≥ 128 g"), charts[3])  // 7-day average
    }

    /// Two weigh-ins on the as-of day (80 kg at 07:00, 100 kg at 21:00): the per-kg target and
    /// the grams-per-kg chart divide by the same one, the one `weigh_in` picks (the morning
    /// weight when it is not set), not the day's last.
    func testGramsPerKgDivideByTheWeighInTheSettingPicks() throws {
        let store = try SampleStore.inMemory()
        try store.insert([
            F.sample("body_mass", day, 7, 80), F.sample("body_mass", day, 21, 100),
            F.sample("protein", day, 12, 160, tag: "lunch"),
        ])
        let screen = try XCTUnwrap(F.catalog.screen(named: "protein"))
        let perKg = try XCTUnwrap(F.catalog.metrics(of: screen.id).first { $0.binding.divideBy == "body_mass" })
        let cases: [(WeighInPolicy?, Double)] = [(nil, 80), (.first, 80), (.last, 100), (.mean, 90)]
        for (policy, weight) in cases {
            let context = ScreenContext(
                catalog: F.catalog, screen: screen, store: store,
                request: ScreenRequest(asOf: day, showChildren: true, weighIn: policy),
                profile: F.profile("unicode"))
            let document = try BuiltInScreenModules.registry.render(context)
            let block = try XCTUnwrap(document.blocks.first { $0.kind == .summary })
            let summary = try XCTUnwrap(
                try JSONSerialization.jsonObject(with: Data(block.data.text().utf8)) as? [String: Any])
            let target = try XCTUnwrap(summary["target"] as? [String: Any])
            XCTAssertEqual(target["weight_kg"] as? Double, weight, "\(String(describing: policy))")
            let perDay = try XCTUnwrap(try context.query(for: perKg).fetchBuckets(from: store).buckets.last?.value)
            XCTAssertEqual(perDay, 160 / weight, accuracy: 1e-9, "\(String(describing: policy))")
        }
    }

    // MARK: Config

    func testTheShippedConfigIsPerKg() throws {
        let screen = try XCTUnwrap(F.catalog.screen("SCREEN_PROTEIN"))
        XCTAssertEqual(ProteinScreen().validate(screen, in: F.catalog), [])
        var problems = ConfigProblems(screen: screen)
        let config = ProteinScreen().decodeConfig(screen.config, of: screen, in: F.catalog, problems: &problems)
        XCTAssertEqual(config, ProteinConfig(targetRule: .perKilogram(1.6)))
    }

    func testConfigProblemsAreReportedAtTheirLineAndColumn() {
        // The config block's first line is line 11 of the file.
        assertProblem("      per_kg: 0\n", line: 11, column: 15, contains: "per_kg must be more than 0 g/kg, got 0")
        assertProblem(
            "      per_kg: -1.6\n", line: 11, column: 15, contains: "per_kg must be more than 0 g/kg, got -1.6")
        assertProblem(
            "      per_kg: 5\n", line: 11, column: 15, contains: "per_kg 5 g/kg is implausible: use 0.5…3.5 g/kg")
        assertProblem("      per_kg: lots\n", line: 11, column: 15, contains: "per_kg must be a number")
        assertProblem(
            "      target_grams: 2000\n", line: 11, column: 21, contains: "target_grams 2000 g is implausible")
        assertProblem(
            "      per_kg: 1.6\n      target_grams: 120\n", line: 12, column: 21,
            contains: "use either per_kg or target_grams, not both")
        assertProblem(
            "      target_gram: 120\n", line: 11, column: 7,
            contains: "unknown key 'target_gram' in config; did you mean 'target_grams'?")
        assertProblem("      - 1.6\n", line: 11, column: 7, contains: "config must be a mapping")
        assertProblem(
            "      per_kg: 1.6\n", line: 11, column: 15, contains: "needs the body_mass series",
            withWeightSeries: false)
    }

    func testAFixedTargetDecodesAndARenderWithABadConfigIsRefused() throws {
        let good = catalog(config: "      target_grams: 120\n")
        XCTAssertEqual(F.configDiagnostics(good), [])
        let screen = try XCTUnwrap(good.catalog.screen("SCREEN_PROTEIN"))
        var problems = ConfigProblems(screen: screen)
        XCTAssertEqual(
            ProteinScreen().decodeConfig(screen.config, of: screen, in: good.catalog, problems: &problems),
            ProteinConfig(targetRule: .fixed(grams: 120)))

        let bad = catalog(config: "      per_kg: 9\n")
        let badScreen = try XCTUnwrap(bad.catalog.screen("SCREEN_PROTEIN"))
        let context = ScreenContext(
            catalog: bad.catalog, screen: badScreen, store: F.emptyStore,
            request: ScreenRequest(asOf: day), profile: F.profile("unicode"))
        XCTAssertThrowsError(try BuiltInScreenModules.registry.render(context)) { error in
            XCTAssertTrue("\(error)".contains("protein.yaml:11:15"), "\(error)")
        }
    }

    // MARK: Helpers

    private func catalog(config: String, withWeightSeries: Bool = true) -> LoadedCatalog {
        let text = """
            pillars:
              - {pillar_id: nutrition, name: Nutrition}
            series:
              - {series_id: protein, kind: quantity, unit: g}
              - {series_id: \(withWeightSeries ? "body_mass" : "waist"), kind: quantity, unit: kg}
            screens:
              - screen_id: SCREEN_PROTEIN
                name: Protein
                pillar: nutrition
                config:

            """ + config + """
                metrics:
                  - {display_metric_id: PROTEIN_DAILY, display_screen_id: SCREEN_PROTEIN, display_name: Protein per day,
                     chart_type_id: bar_vertical, is_primary: true, series: protein, aggregate: sum, unit: g,
                     target: {rule: at_least, value: 110}}

                """
        return CatalogLoader.load([SourceFile(path: "protein.yaml", text: text)])
    }

    private func assertProblem(
        _ config: String, line: Int, column: Int, contains text: String,
        withWeightSeries: Bool = true, file: StaticString = #filePath, at: UInt = #line
    ) {
        F.assertOneConfigError(
            F.configDiagnostics(catalog(config: config, withWeightSeries: withWeightSeries)),
            line: line, column: column, contains: text, file: file, at: at)
    }
}
