import Foundation
import XCTest

@testable import VitalsKit

/// A sparse sum judged "at most 1 a day" (drinks): a chart with no sample at all judges
/// nothing, and a year of days regrouped into weeks says what a day of each week was, an
/// unlogged day counted as 0 (one evening of 3 drinks in a week is 3/7 a day).
final class SparseSumTests: XCTestCase {
    static let yaml = """
        pillars: [{pillar_id: care, name: Care, color: "#2E9E5B"}]
        subjects: [{subject_id: me, name: Me, kind: human}]
        series: [{series_id: drinks, kind: quantity, unit: count, min: 0, max: 30}]
        screens: [{screen_id: SCREEN_DRINKS, name: Drinks, pillar: care, icon: "🍷", description: Drinks., is_active: true}]
        metrics:
          - {display_metric_id: DRINKS_DAILY, display_screen_id: SCREEN_DRINKS, display_name: Drinks per day,
             chart_type_id: bar_vertical, is_primary: true, series: drinks, aggregate: sum, bucket: day, range: 14d,
             target: {rule: at_most, value: 1}}
          - {display_metric_id: DRINKS_CALENDAR, display_screen_id: SCREEN_DRINKS, display_name: Drinks calendar,
             chart_type_id: calendar_heatmap, parent_metric_id: DRINKS_DAILY, series: drinks, aggregate: sum, bucket: day,
             range: 14d, target: {rule: at_most, value: 1}}

        """
    static let catalog: Catalog = {
        let loaded = CatalogLoader.load([SourceFile(path: "drinks.yaml", text: yaml)])
        precondition(!loaded.diagnostics.contains { $0.severity == .error }, "\(loaded.diagnostics)")
        return loaded.catalog
    }()
    /// Wednesday 17 June 2026.
    static let asOf = LocalDate(year: 2026, month: 6, day: 17)

    func context(_ store: SampleStore, range: TimeRange? = nil, width: Int = 80) throws -> ScreenContext {
        ScreenContext(
            catalog: Self.catalog, screen: try XCTUnwrap(Self.catalog.screen("SCREEN_DRINKS")), store: store,
            request: ScreenRequest(asOf: Self.asOf, range: range, showChildren: true),
            profile: RenderProfile(width: width, glyphs: .unicode))
    }

    func input(_ id: String, _ context: ScreenContext) throws -> ChartInput {
        try MetricChartBuilder(context: context).input(for: try XCTUnwrap(Self.catalog.metric(id)))
    }

    /// Nothing ever logged: no day is judged, so no "1 of 1 days on target, streak 1" from a
    /// zero that was never recorded (0 drinks meets "at most 1").
    func testAChartWithNoSampleJudgesNothing() throws {
        let store = try SampleStore.inMemory()
        let daily = try context(store).query(for: try XCTUnwrap(Self.catalog.metric("DRINKS_DAILY")))
        XCTAssertEqual(try daily.fetchTargetPeriods(from: store), [])
        let summary = try XCTUnwrap(try daily.fetchTargetSummary(from: store))
        XCTAssertEqual(summary.days, [])
        XCTAssertEqual([summary.currentStreak, summary.bestStreak], [0, 0])
        for id in ["DRINKS_DAILY", "DRINKS_CALENDAR"] {
            let input = try input(id, try context(store))
            XCTAssertNil(input.targetTally, id)
            let json = input.json(chartTypeID: id == "DRINKS_DAILY" ? BarVerticalChart.id : CalendarHeatmapChart.id)
                .text()
                .replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "\n", with: "")
            XCTAssertFalse(json.contains("\"met\":1") || json.contains("\"current_streak\":1"), "\(id): \(json)")
        }
        let document = try GenericScreen().render(try context(store), config: GenericConfig())
        let text = document.lines(width: 80).joined(separator: "\n")
        XCTAssertFalse(text.contains("1/1"), text)
        XCTAssertFalse(text.contains("streak 1"), text)
    }

    /// Samples only after the as-of day: nothing on or before it to judge either.
    func testSamplesOnlyAfterTheAsOfDayJudgeNothing() throws {
        let store = try SampleStore.inMemory()
        try store.insert([RangeFixtures.sample("drinks", Self.asOf.adding(days: 3), 2)])
        let daily = try context(store).query(for: try XCTUnwrap(Self.catalog.metric("DRINKS_DAILY")))
        XCTAssertEqual(try daily.fetchTargetPeriods(from: store), [])
    }

    /// One evening of 3 drinks in a week, a year shown at 80 columns (weekly bars): the bar of
    /// that week is 3/7 a day, and the title says unlogged days count as 0.
    func testARegroupedSumIsWhatADayOfTheWeekWas() throws {
        let store = try SampleStore.inMemory()
        let wednesday = LocalDate(year: 2026, month: 6, day: 10)
        try store.insert([
            RangeFixtures.sample("drinks", LocalDate(year: 2025, month: 1, day: 6), 1),
            RangeFixtures.sample("drinks", wednesday, 3, hour: 21),
        ])
        let input = try input("DRINKS_DAILY", try context(store, range: .years(1)))
        XCTAssertEqual(input.title, "Drinks per day, weekly mean a day, unlogged days as 0")
        let week = try XCTUnwrap(input.points.first { $0.date == wednesday.startOfWeek })
        XCTAssertEqual(try XCTUnwrap(week.value), 3.0 / 7, accuracy: 1e-12)
        // The as-of week so far (Monday to Wednesday): nothing logged, 0 a day, not a gap.
        XCTAssertEqual(input.points.last?.date, Self.asOf.startOfWeek)
        XCTAssertEqual(input.points.last?.value, 0)
        // The days are still judged one by one: only the 10th (3 > 1) is over the target.
        XCTAssertEqual(input.targetTally.map { $0.counted - $0.met }, 1)
    }

    /// Before the first sample nothing is counted: the week holding it counts its days from it on.
    func testTheWeekOfTheFirstSampleCountsFromIt() throws {
        let store = try SampleStore.inMemory()
        let thursday = LocalDate(year: 2025, month: 9, day: 4)
        try store.insert([RangeFixtures.sample("drinks", thursday, 2)])
        let input = try input("DRINKS_DAILY", try context(store, range: .years(1)))
        let week = try XCTUnwrap(input.points.first { $0.date == thursday.startOfWeek })
        XCTAssertEqual(try XCTUnwrap(week.value), 2.0 / 4, accuracy: 1e-12)  // Thursday to Sunday
        let before = try XCTUnwrap(input.points.first { $0.date == thursday.startOfWeek.adding(days: -7) })
        XCTAssertNil(before.value)
    }

    /// Under a chart titled "unlogged days as 0" the footer's mean counts them as 0 too, from
    /// the first sample on (two days of 1 drink in a year of days is not "mean 1"), and a
    /// latest value older than the newest bar says its date.
    func testTheFooterOfARegroupedSumMeansEveryDayAndDatesTheLatest() throws {
        let store = try SampleStore.inMemory()
        let first = LocalDate(year: 2026, month: 1, day: 5)
        let last = Self.asOf.adding(days: -12)
        try store.insert([RangeFixtures.sample("drinks", first, 1), RangeFixtures.sample("drinks", last, 1)])
        let context = try context(store, range: .years(1))
        let input = try input("DRINKS_DAILY", context)
        XCTAssertEqual(input.title, "Drinks per day, weekly mean a day, unlogged days as 0")
        let document = try GenericScreen().render(context, config: GenericConfig())
        let lines = document.lines(width: 80)
        let footer = try XCTUnwrap(lines.first { $0.hasPrefix("latest ") }, lines.joined(separator: "\n"))
        // By hand: 2 drinks over the days from 5 January through 17 June.
        let days = first.days(to: Self.asOf) + 1
        let expected = 2.0 / Double(days)
        let shown = try XCTUnwrap(
            footer.range(of: #"mean [0-9.]+"#, options: .regularExpression).map {
                Double(footer[$0].dropFirst(5))
            } ?? nil, footer)
        XCTAssertEqual(shown, expected, accuracy: 0.01, "\(footer) (expected \(expected) over \(days) days)")
        XCTAssertTrue(footer.hasPrefix("latest 1 (06-05)"), footer)
    }
}
