import Foundation
import Testing
@testable import VitalsKit

/// The summary's numbers against what a screen of the same metric shows, on a small fixture
/// catalog: nothing after the as-of day counts in a week that runs past it, a sum gets its
/// mean a day, a one-period primary metric is told by its daily child, and a screen whose
/// primary metric has no data is shown when a metric of it with a target has some.
@Suite struct SummaryNumbersTests {
    typealias F = SummaryFixtures

    static let yaml = """
        pillars:
          - {pillar_id: core, name: Core, color: "#2F6FD6", order: 1}
        subjects:
          - {subject_id: me, name: Me, kind: human}
        series:
          - {series_id: strength, kind: quantity, unit: min, min: 0, max: 600}
          - {series_id: systolic, kind: quantity, unit: mmHg, min: 40, max: 260}
          - {series_id: steps, kind: quantity, unit: count, min: 0, max: 100000}
          - {series_id: waist, kind: quantity, unit: cm, min: 40, max: 200}
        screens:
          - {screen_id: SCREEN_STRENGTH, name: Strength, pillar: core, order: 1}
          - {screen_id: SCREEN_PRESSURE, name: Pressure, pillar: core, order: 2}
          - {screen_id: SCREEN_WALK, name: Walk, pillar: core, order: 3}
          - {screen_id: SCREEN_BODY, name: Body, pillar: core, order: 4}
        metrics:
          - {display_metric_id: STRENGTH_WEEKLY, display_screen_id: SCREEN_STRENGTH, display_name: Strength per week,
             chart_type_id: bar_vertical, is_primary: true, series: strength, aggregate: sum, bucket: week, range: 12w,
             target: {rule: at_least, value: 60}}
          - {display_metric_id: PRESSURE_WEEKLY, display_screen_id: SCREEN_PRESSURE, display_name: Pressure,
             chart_type_id: line, is_primary: true, series: systolic, aggregate: mean, bucket: week, range: 12w,
             target: {rule: at_most, value: 120}}
          - {display_metric_id: WALK_TODAY, display_screen_id: SCREEN_WALK, display_name: Today,
             chart_type_id: stat, is_primary: true, series: steps, aggregate: sum, bucket: none, range: 1d}
          - {display_metric_id: WALK_DAILY, display_screen_id: SCREEN_WALK, display_name: Steps per day,
             chart_type_id: bar_vertical, parent_metric_id: WALK_TODAY, series: steps, aggregate: sum, bucket: day,
             range: 14d, target: {rule: at_least, value: 8000}}
          - {display_metric_id: WAIST, display_screen_id: SCREEN_BODY, display_name: Waist, chart_type_id: line,
             is_primary: true, series: waist, aggregate: mean, bucket: day, range: 30d}
          - {display_metric_id: BODY_STEPS, display_screen_id: SCREEN_BODY, display_name: Body steps,
             chart_type_id: bar_vertical, parent_metric_id: WAIST, series: steps, aggregate: sum, bucket: day,
             range: 14d, target: {rule: at_least, value: 5000}}

        """

    static let catalog: Catalog = {
        let loaded = CatalogLoader.load([SourceFile(path: "numbers.yaml", text: yaml)])
        precondition(!loaded.diagnostics.contains { $0.severity == .error }, "\(loaded.diagnostics)")
        return loaded.catalog
    }()

    /// Monday 10 March 2025 and the Thursday after it.
    static let monday = LocalDate(year: 2025, month: 3, day: 10)
    static let thursday = LocalDate(year: 2025, month: 3, day: 13)

    func reader(_ store: SampleStore, asOf: LocalDate) -> SummaryReader {
        SummaryReader(catalog: Self.catalog, store: store, request: ScreenRequest(asOf: asOf), subjectID: "me")
    }

    func query(_ id: String, asOf: LocalDate) throws -> MetricQuery {
        try MetricQuery(metric: try #require(Self.catalog.metric(id)), catalog: Self.catalog, asOf: asOf)
    }

    /// Strength 30 min on Monday and 40 on Thursday, as of Monday: the week is 30 (not 70) and
    /// pending (not "1/1 week on target"), on the chart, in the target's periods and in the
    /// summary; a weekly mean of 110 on Monday and 150 on Wednesday is 110 as of Monday.
    @Test func aWeekHoldingTheAsOfDayCountsNothingAfterIt() throws {
        let store = try SampleStore.inMemory()
        try store.insert([F.sample("strength", Self.monday, minute: 600, 30, subject: "me"),
                          F.sample("strength", Self.thursday, minute: 600, 40, subject: "me"),
                          F.sample("systolic", Self.monday, minute: 480, 110, subject: "me"),
                          F.sample("systolic", Self.monday.adding(days: 2), minute: 480, 150, subject: "me")])
        let strength = try query("STRENGTH_WEEKLY", asOf: Self.monday)
        #expect(try strength.fetchBuckets(from: store).buckets.last?.value == 30)
        let periods = try #require(try strength.fetchTargetPeriods(from: store))
        #expect(periods.map(\.value) == [30])
        #expect(TargetTally(periods).pending && TargetTally(periods).counted == 0)
        let pressure = try query("PRESSURE_WEEKLY", asOf: Self.monday)
        #expect(try pressure.fetchBuckets(from: store).buckets.last?.value == 110)
        #expect(try pressure.fetchLatest(from: store)?.value == 110)

        let summary = try reader(store, asOf: Self.monday).read(window: SummaryWindow(last: Self.monday, days: 7), title: "S")
        let screen = try #require(summary.screens.first { $0.screenID == "SCREEN_STRENGTH" })
        #expect(screen.change.current == 30)
        let record = try #require(screen.targets.first).record
        #expect(record.pending && record.met == 0 && record.withData == 0)
        // As of the Thursday both count.
        let later = try query("STRENGTH_WEEKLY", asOf: Self.thursday)
        #expect(try later.fetchBuckets(from: store).buckets.last?.value == 70)
    }

    /// A sum's mean a day counts the days from its first sample on, unlogged ones as 0: steps
    /// on 2 of the 7 days, the first of them inside the period, is the total over the days
    /// from that one on.
    @Test func aSumGivesItsMeanADay() throws {
        let store = try SampleStore.inMemory()
        let asOf = Self.thursday
        try store.insert([F.sample("steps", asOf.adding(days: -3), minute: 600, 6000, subject: "me"),
                          F.sample("steps", asOf, minute: 600, 9000, subject: "me")])
        let summary = try reader(store, asOf: asOf).read(window: SummaryWindow(last: asOf, days: 7), title: "S")
        let walk = try #require(summary.screens.first { $0.screenID == "SCREEN_WALK" })
        #expect(walk.change.current == 15000)
        #expect(walk.change.perDay == 15000.0 / 4, "four days from the first sample through the as-of day")
        let words = SummaryWords()
        let line = words.change(walk.change, days: 7)
        #expect(line.contains("\(words.amount(15000, nil, whole: true)) in total, \(words.amount(3750, nil, whole: true)) a day"),
                "\(line)")
    }

    /// A primary metric of one period (`bucket: none`, "Today") is told over a week by the
    /// daily metric under it reading the same series.
    @Test func aOnePeriodPrimaryIsToldByItsDailyChild() throws {
        let store = try SampleStore.inMemory()
        try store.insert([F.sample("steps", Self.thursday, minute: 600, 9000, subject: "me")])
        let summary = try reader(store, asOf: Self.thursday).read(window: SummaryWindow(last: Self.thursday, days: 7),
                                                                  title: "S")
        let walk = try #require(summary.screens.first { $0.screenID == "SCREEN_WALK" })
        #expect(walk.change.metricName == "Steps per day")
    }

    /// The Body screen's primary metric (waist) has no data; its steps child with a target
    /// has: the screen is shown, its primary said to have no data, the target's record given.
    @Test func aScreenIsShownWhenAChildWithATargetHasData() throws {
        let store = try SampleStore.inMemory()
        try store.insert([F.sample("steps", Self.thursday, minute: 600, 9000, subject: "me")])
        let summary = try reader(store, asOf: Self.thursday).read(window: SummaryWindow(last: Self.thursday, days: 7),
                                                                  title: "S")
        let body = try #require(summary.screens.first { $0.screenID == "SCREEN_BODY" })
        #expect(body.change.current == nil)
        #expect(SummaryWords().lines(body, window: summary.window).first == "Waist: no data")
        #expect(body.targets.map(\.record.met) == [1])
        #expect(!summary.screens.contains { $0.screenID == "SCREEN_PRESSURE" }, "no data at all: left out")
        #expect(summary.skipped == 2, "Strength and Pressure")
    }
}
