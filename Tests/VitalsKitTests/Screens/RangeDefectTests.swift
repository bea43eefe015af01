import XCTest

@testable import VitalsKit

/// One test per defect of issue #13's ranges, calendars and streaks, with the numbers worked
/// out by hand on a fixture catalog (`RangeFixtures`).
final class RangeDefectTests: XCTestCase {
    typealias F = RangeFixtures
    let asOf = LocalDate(year: 2026, month: 6, day: 17)  // a Wednesday

    /// Fruit portions, target ≥ 2 a day. Days back from 06-17:
    /// −12…−10 (06-05…06-07) 2, 2, 3: the best run ever (3); −9 (06-08) 1; −8, −7 nothing;
    /// −6, −5 (06-11, 06-12) 2, 2; −4 1; −3 (06-14) 2; −2, −1 nothing; today 2.5.
    func fruitStore() throws -> SampleStore {
        let store = try SampleStore.inMemory()
        let portions: [(Int, Double)] = [(12, 2), (11, 2), (10, 3), (9, 1), (6, 2), (5, 2), (4, 1), (3, 2), (0, 2.5)]
        try store.insert(portions.map { F.sample("fruit", asOf.adding(days: -$0.0), $0.1) })
        return store
    }

    func calendarInput(range: TimeRange? = nil) throws -> ChartInput {
        let context = try F.context("SCREEN_FRUIT", store: try fruitStore(), asOf: asOf, range: range)
        return try MetricChartBuilder(context: context).input(for: try XCTUnwrap(F.catalog.metric("FRUIT_CALENDAR")))
    }

    /// Defect 4: the calendar drew all history (730 days at most) whatever the range.
    func testTheGoalCalendarShowsItsMetricsRange() throws {
        let input = try calendarInput()
        // range 7d: 06-11 … 06-17, on target 11, 12, 14, 17; off 13, 15, 16 (nothing logged is 0).
        XCTAssertEqual(input.calendar.map(\.date), (0..<7).map { asOf.adding(days: $0 - 6) })
        XCTAssertEqual(input.calendar.filter { $0.state == .onTarget }.count, 4)
        let text = ChartKindFactory.builtIn.render(
            input, chartTypeID: CalendarHeatmapChart.id,
            profile: RenderProfile(width: 80, glyphs: .unicode)
        ).joined(separator: "\n")
        XCTAssertTrue(text.contains("4/7 days on target (57 %) · streak 1 · best 2 in the last 7 days"), text)
    }

    /// Defect 4: `--range` replaces the calendar's own range (here 30 days, of which the 13
    /// since the first sample are judged: 7 on target, best run 3).
    func testTheGoalCalendarFollowsTheRequestedRange() throws {
        let input = try calendarInput(range: .days(30))
        XCTAssertEqual(input.calendar.count, 13)
        XCTAssertEqual(input.targetTally, TargetTally(met: 7, counted: 13, currentStreak: 1, bestStreak: 3))
        let week = try calendarInput(range: .days(7))
        XCTAssertEqual(week.calendar.count, 7)
    }

    /// Defect 5: the top summary, the bar chart and the calendar counted streaks and days on
    /// target three ways. Now one tally: the best run ever is 3, the best in the calendar's 7
    /// days is 2, and the words say which; the 14-day bars count the 13 days since the first
    /// sample (a day without fruit is 0, off target): 7 on target.
    func testOneStreakAndOnTargetCountEverywhere() throws {
        let context = try F.context("SCREEN_FRUIT", store: try fruitStore(), asOf: asOf)
        let primary = try XCTUnwrap(F.catalog.metric("FRUIT_DAILY"))
        let summary = try XCTUnwrap(try context.targetSummary(try context.query(for: primary)))
        XCTAssertEqual(summary.bestStreak, 3)
        XCTAssertEqual(summary.currentStreak, 1)
        XCTAssertEqual(summary.tally(from: asOf.adding(days: -6)).bestStreak, 2)
        let bars = try MetricChartBuilder(context: context).input(for: primary)
        XCTAssertEqual(bars.targetTally, TargetTally(met: 7, counted: 13, currentStreak: 1, bestStreak: 3))
        let text = F.text(try GenericScreen().render(context, config: nil))
        // Before: "7/9 on target" (only days with a sample) under the bars.
        XCTAssertTrue(text.contains("7/13 days on target"), text)
        XCTAssertTrue(text.contains("best 2 in the last 7 days"), text)
    }

    /// Grams: 06-08 130, 06-10 120, 06-15 100, 06-16 140; target ≥ 126 a day.
    func gramsStore() throws -> SampleStore {
        let store = try SampleStore.inMemory()
        let grams: [(Int, Double)] = [(9, 130), (7, 120), (2, 100), (1, 140)]
        try store.insert(grams.map { F.sample("grams", asOf.adding(days: -$0.0), $0.1) })
        return store
    }

    /// Every range, every view: a year at 80 columns is 365 days, more than the 71 columns of
    /// the plot, so it is regrouped into the 53 ISO weeks holding them (06-16-2025 … 06-15-2026)
    /// and the title says what a day of each week was, unlogged days as 0 (grams are a sum):
    /// the last week (Monday 06-15 to today) is (100 + 140) / 3 = 80 a day, the one before
    /// (130 + 120) / 7; the weeks before the first sample are gaps. The count under it stays
    /// in days: 06-08 … 06-16 are judged (today, unmet, is unfinished), 2 on target.
    func testAYearIsRegroupedIntoWeeklyMeansAndStillCountsDays() throws {
        let context = try F.context("SCREEN_GRAMS", store: try gramsStore(), asOf: asOf, range: .years(1))
        let input = try MetricChartBuilder(context: context).input(for: try XCTUnwrap(F.catalog.metric("GRAMS_DAILY")))
        XCTAssertEqual(input.title, "Grams per day, weekly mean a day, unlogged days as 0")
        XCTAssertEqual(input.points.count, 53)
        XCTAssertEqual(input.points.first?.date?.description, "2025-06-16")
        let lastTwo = input.points.suffix(2).map { $0.value ?? -1 }
        XCTAssertEqual(lastTwo[0], 250.0 / 7, accuracy: 1e-9)
        XCTAssertEqual(lastTwo[1], 80, accuracy: 1e-9)
        XCTAssertEqual(input.points.dropLast(2).compactMap(\.value), [])
        XCTAssertEqual(input.targetTally?.met, 2)
        XCTAssertEqual(input.targetTally?.counted, 9)
        let text = F.text(try GenericScreen().render(context, config: nil))
        XCTAssertTrue(text.contains("2/9 days on target"), text)
        XCTAssertFalse(text.contains("not shown"), text)

        // 12 weeks (84 days) fit 160 columns as days, not 80 (12 or 13 weeks then).
        let wide = try F.context("SCREEN_GRAMS", store: try gramsStore(), asOf: asOf, range: .weeks(12), width: 160)
        XCTAssertEqual(
            try MetricChartBuilder(context: wide).input(for: try XCTUnwrap(F.catalog.metric("GRAMS_DAILY"))).points
                .count, 84)
        let narrow = try F.context("SCREEN_GRAMS", store: try gramsStore(), asOf: asOf, range: .weeks(12))
        XCTAssertEqual(
            try MetricChartBuilder(context: narrow).input(for: try XCTUnwrap(F.catalog.metric("GRAMS_DAILY"))).points
                .count, 13)
    }

    /// An empty range is not an empty store: steps only from 2017 (the last on 2017-11-06).
    func testAnEmptyRangeSaysWhereTheDataIs() throws {
        let store = try SampleStore.inMemory()
        try store.insert([
            F.sample("walk", LocalDate(year: 2017, month: 11, day: 5), 5000),
            F.sample("walk", LocalDate(year: 2017, month: 11, day: 6), 9000),
        ])
        let context = try F.context("SCREEN_WALK", store: store, asOf: asOf, children: false)
        let text = F.text(try GenericScreen().render(context, config: nil))
        XCTAssertFalse(text.contains("No steps recorded yet"), text)
        XCTAssertTrue(text.contains("Nothing logged in the last 14 days"), text)
        XCTAssertTrue(text.contains("The latest walk sample is from 2017-11-06."), text)
        XCTAssertTrue(text.contains("vitals render walk --as-of 2017-11-06"), text)

        let then = try F.context(
            "SCREEN_WALK", store: store, asOf: LocalDate(year: 2017, month: 11, day: 6), children: false)
        XCTAssertTrue(F.text(try GenericScreen().render(then, config: nil)).contains("latest 9000"))

        let empty = try F.context("SCREEN_WALK", store: try SampleStore.inMemory(), asOf: asOf, children: false)
        XCTAssertTrue(F.text(try GenericScreen().render(empty, config: nil)).contains("No steps recorded yet"))
    }

    /// A year of calendar fits 80 columns: 2025-06-18 … 2026-06-17 spans the 53 weeks from
    /// Monday 2025-06-16, one column each (two would need 106); every Wednesday of them is
    /// drawn, the Monday and Tuesday before the range are left blank.
    func testAYearOfCalendarFitsEightyColumns() throws {
        let store = try SampleStore.inMemory()
        try store.insert([F.sample("fruit", asOf.adding(days: -364), 2), F.sample("fruit", asOf, 1)])
        let context = try F.context("SCREEN_FRUIT", store: store, asOf: asOf, range: .years(1))
        let input = try MetricChartBuilder(context: context).input(
            for: try XCTUnwrap(F.catalog.metric("FRUIT_CALENDAR")))
        XCTAssertEqual(input.calendar.count, 365)
        let lines = ChartKindFactory.builtIn.render(
            input, chartTypeID: CalendarHeatmapChart.id,
            profile: RenderProfile(width: 80, glyphs: .unicode))
        func cells(_ weekday: String) throws -> Int {
            let row = try XCTUnwrap(lines.first { $0.hasPrefix(weekday + " ") })
            return row.dropFirst(3).filter { $0 != " " }.count
        }
        XCTAssertEqual(try cells("We"), 53)
        XCTAssertEqual(try cells("Mo"), 52)
        XCTAssertFalse(lines.contains { $0.contains("not drawn") })
        // 2025-06-18 on target, 364 days of nothing (0), today 1 (unfinished): 1 of 364.
        XCTAssertTrue(
            lines.contains {
                $0.hasPrefix("1/364 days on target (0 %) · today pending · streak 0 · best 1 in the last year")
            }, lines.joined(separator: "\n"))
        // At 60 columns the streaks go on a line of their own instead of being cut.
        let narrow = ChartKindFactory.builtIn.render(
            input, chartTypeID: CalendarHeatmapChart.id,
            profile: RenderProfile(width: 60, glyphs: .unicode))
        XCTAssertTrue(
            narrow.contains { $0.hasPrefix("1/364 days on target (0 %) · today pending ") },
            narrow.joined(separator: "\n"))
        XCTAssertTrue(
            narrow.contains { $0.hasPrefix("streak 0 · best 1 in the last year") }, narrow.joined(separator: "\n"))
    }
}
