import Foundation
import Testing

@testable import VitalsInsights
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
        try store.insert([
            F.sample("strength", Self.monday, minute: 600, 30, subject: "me"),
            F.sample("strength", Self.thursday, minute: 600, 40, subject: "me"),
            F.sample("systolic", Self.monday, minute: 480, 110, subject: "me"),
            F.sample("systolic", Self.monday.adding(days: 2), minute: 480, 150, subject: "me"),
        ])
        let strength = try query("STRENGTH_WEEKLY", asOf: Self.monday)
        #expect(try strength.fetchBuckets(from: store).buckets.last?.value == 30)
        let periods = try #require(try strength.fetchTargetPeriods(from: store))
        #expect(periods.map(\.value) == [30])
        #expect(TargetTally(periods).pending && TargetTally(periods).counted == 0)
        let pressure = try query("PRESSURE_WEEKLY", asOf: Self.monday)
        #expect(try pressure.fetchBuckets(from: store).buckets.last?.value == 110)
        #expect(try pressure.fetchLatest(from: store)?.value == 110)

        let summary = try reader(store, asOf: Self.monday).read(
            window: SummaryWindow(last: Self.monday, days: 7), title: "S")
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
        try store.insert([
            F.sample("steps", asOf.adding(days: -3), minute: 600, 6000, subject: "me"),
            F.sample("steps", asOf, minute: 600, 9000, subject: "me"),
        ])
        let summary = try reader(store, asOf: asOf).read(window: SummaryWindow(last: asOf, days: 7), title: "S")
        let walk = try #require(summary.screens.first { $0.screenID == "SCREEN_WALK" })
        #expect(walk.change.current == 15000)
        #expect(walk.change.perDay == 15000.0 / 4, "four days from the first sample through the as-of day")
        let words = SummaryWords()
        let line = words.change(walk.change, days: 7)
        #expect(
            line.contains(
                "\(words.amount(15000, nil, whole: true)) in total, \(words.amount(3750, nil, whole: true)) a day"),
            "\(line)")
    }

    /// A primary metric of one period (`bucket: none`, "Today") is told over a week by the
    /// daily metric under it reading the same series.
    @Test func aOnePeriodPrimaryIsToldByItsDailyChild() throws {
        let store = try SampleStore.inMemory()
        try store.insert([F.sample("steps", Self.thursday, minute: 600, 9000, subject: "me")])
        let summary = try reader(store, asOf: Self.thursday).read(
            window: SummaryWindow(last: Self.thursday, days: 7),
            title: "S")
        let walk = try #require(summary.screens.first { $0.screenID == "SCREEN_WALK" })
        #expect(walk.change.metricName == "Steps per day")
    }

    /// The Body screen's primary metric (waist) has no data; its steps child with a target
    /// has: the screen is shown, its primary said to have no data, the target's record given.
    @Test func aScreenIsShownWhenAChildWithATargetHasData() throws {
        let store = try SampleStore.inMemory()
        try store.insert([F.sample("steps", Self.thursday, minute: 600, 9000, subject: "me")])
        let summary = try reader(store, asOf: Self.thursday).read(
            window: SummaryWindow(last: Self.thursday, days: 7),
            title: "S")
        let body = try #require(summary.screens.first { $0.screenID == "SCREEN_BODY" })
        #expect(body.change.current == nil)
        #expect(SummaryWords().lines(body, window: summary.window).first == "Waist: no data")
        #expect(body.targets.map(\.record.met) == [1])
        #expect(!summary.screens.contains { $0.screenID == "SCREEN_PRESSURE" }, "no data at all: left out")
        #expect(summary.skipped == 2, "Strength and Pressure")
    }

    /// Random strength sessions over ten weeks across the change to summer time, judged as of
    /// random days (week edges, sessions after the as-of day): the summary's week record and
    /// the chart's tally are a naive recomputation's, each week the sum of its sessions on or
    /// before the as-of day, the as-of week pending while under 60 min.
    @Test func weeksMatchANaiveRecomputationOnEveryAsOfDay() throws {
        var random = SplitMix(seed: 1013)
        let start = LocalDate(year: 2026, month: 3, day: 2)  // a Monday; clocks change on the 29th
        var byDay: [LocalDate: Double] = [:]
        var samples: [Sample] = []
        for offset in 0..<70 where Int.random(in: 0...2, using: &random) == 0 {
            let day = start.adding(days: offset)
            let minutes = Double(Int.random(in: 10...50, using: &random))
            samples.append(F.sample("strength", day, minute: Int.random(in: 0..<1440, using: &random), minutes))
            byDay[day, default: 0] += minutes
        }
        let store = try SampleStore.inMemory()
        try store.insert(samples)
        let metric = try #require(Self.catalog.metric("STRENGTH_WEEKLY"))
        for round in 0..<14 {
            let asOf = start.adding(days: Int.random(in: 0...66, using: &random))
            let window = SummaryWindow(last: asOf, days: Int.random(in: 7...21, using: &random))
            let summary = try reader(store, asOf: asOf).read(window: window, title: "S")
            let screen = summary.screens.first { $0.screenID == "SCREEN_STRENGTH" }
            guard let first = byDay.keys.filter({ $0 <= asOf }).min() else {
                #expect(screen == nil, "round \(round): nothing on or before \(asOf)")
                continue
            }
            var weeks: [(start: LocalDate, value: Double)] = []
            var monday = first.startOfWeek
            while monday <= asOf {
                let value = (0..<7).map { monday.adding(days: $0) }.filter { $0 <= asOf }.compactMap { byDay[$0] }
                    .reduce(0, +)
                weeks.append((monday, value))
                monday = monday.adding(days: 7)
            }
            let pending = (weeks.last?.value ?? 0) < 60
            let judged = pending ? Array(weeks.dropLast()) : weeks
            var run = 0
            var best = 0
            for week in judged {
                run = week.value >= 60 ? run + 1 : 0
                best = max(best, run)
            }
            let inWindow = judged.filter { window.contains($0.start) && $0.value > 0 }
            let expected = TargetRecord(
                met: inWindow.filter { $0.value >= 60 }.count, withData: inWindow.count,
                pending: pending && window.contains(weeks.last!.start),
                currentStreak: run, bestStreak: best)
            let current = window.dates.compactMap { byDay[$0] }
            if current.isEmpty && inWindow.isEmpty {
                #expect(screen == nil, "round \(round)")
                continue
            }
            let shown = try #require(screen, "round \(round) as of \(asOf)")
            #expect(shown.change.current == (current.isEmpty ? nil : current.reduce(0, +)), "round \(round)")
            #expect(
                shown.targets.first?.record == expected,
                "round \(round) as of \(asOf): \(String(describing: shown.targets.first?.record)) vs \(expected)")

            // The chart of the same metric counts the same weeks.
            let context = ScreenContext(
                catalog: Self.catalog, screen: try #require(Self.catalog.screen("SCREEN_STRENGTH")),
                store: store, request: ScreenRequest(asOf: asOf), profile: RenderProfile(width: 80))
            let tally = try #require(try MetricChartBuilder(context: context).input(for: metric).targetTally)
            let naiveTally: [Int] = [judged.filter { $0.value >= 60 }.count, judged.count, run, best]
            let chartTally: [Int] = [tally.met, tally.counted, tally.currentStreak, tally.bestStreak]
            #expect(chartTally == naiveTally, "round \(round)")
            #expect(tally.pending == pending, "round \(round)")
            let bars = try MetricChartBuilder(context: context).input(for: metric).points
            #expect(bars.last?.value == (weeks.last.map { $0.value > 0 ? $0.value : nil } ?? nil), "round \(round)")
        }
    }
}
