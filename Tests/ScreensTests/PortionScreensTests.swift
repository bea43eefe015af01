import Foundation
import VitalsKit
import VitalsScreens
import XCTest

/// Today and History on a fixture catalog (four categories, four slots, a weekly treat budget)
/// and hand-worked days in a fixture store; goldens at 80 columns in three profiles.
final class PortionScreensTests: XCTestCase {
    static let yaml = """
        pillars: [{pillar_id: nutrition, name: Nutrition, color: green}]
        series:
          - {series_id: vegetables, kind: quantity, unit: portion, min: 0, max: 10}
          - {series_id: dairy, kind: quantity, unit: portion, min: 0, max: 10}
          - {series_id: fats, kind: quantity, unit: portion, min: 0, max: 10}
          - {series_id: treats, kind: quantity, unit: portion, min: 0, max: 10}
        screens:
          - {screen_id: SCREEN_TODAY, name: Today, pillar: nutrition, icon: "📋"}
          - {screen_id: SCREEN_HISTORY, name: History, pillar: nutrition, icon: "📅"}
          - {screen_id: SCREEN_TREATS, name: Treats, pillar: nutrition}
        metrics:
          - {display_metric_id: TODAY_DAY, display_screen_id: SCREEN_TODAY, display_name: Day, chart_type_id: progress, is_primary: true, series: vegetables, aggregate: sum, bucket: day}
          - {display_metric_id: TREATS_DAILY, display_screen_id: SCREEN_TREATS, display_name: Treats per day, chart_type_id: bar_vertical, is_primary: true, series: treats, aggregate: sum, bucket: day, range: 7d}
          - {display_metric_id: HISTORY_DAYS, display_screen_id: SCREEN_HISTORY, display_name: Days, chart_type_id: calendar_heatmap, is_primary: true, series: vegetables, aggregate: sum, bucket: day}
        categories:
          - {category_id: vegetables, name: Vegetables, icon: "🥦", color: green, unit: portion, target: {rule: at_least, value: 3}}
          - {category_id: dairy, name: Dairy, icon: "🥛", unit: portion, target: {rule: exact, value: 3}}
          - {category_id: fats, name: Fats, unit: portion, target: {rule: range, min: 2, max: 3}}
          - {category_id: treats, name: Treats, unit: portion, target: {rule: at_most, value: 1}}
        meal_slots:
          - {slot_id: breakfast, name: Breakfast, from: "04:00", guidance: {dairy: 1}}
          - {slot_id: lunch, name: Lunch, from: "12:00", guidance: {vegetables: 1, dairy: 1}}
          - {slot_id: dinner, name: Dinner, from: "17:30", guidance: {vegetables: 2}}
          - {slot_id: late_night, name: Late Night, from: "21:00"}
        budgets:
          - {budget_id: treats_week, name: Treats this week, series: treats, amount: 7, period: week}

        """
    static let loaded = CatalogLoader.load([SourceFile(path: "portions.yaml", text: yaml)])
    /// Friday 20 November 2026.
    static let asOf = LocalDate(year: 2026, month: 11, day: 20)

    /// 9th–20th November: on target except the 13th (dairy 2.5) and the 17th (3 treats);
    /// dairy 2.75 on the 19th (still on target); on the 20th, as of the evening, the last
    /// vegetable portion comes at 01:30 the next morning.
    static let store: SampleStore = {
        let store = try! SampleStore.inMemory()
        var samples: [Sample] = []
        func at(_ day: LocalDate, _ hour: Int, _ minute: Int = 0) -> Date {
            day.midnight(utcOffsetSeconds: 3600).addingTimeInterval(TimeInterval(hour * 3600 + minute * 60))
        }
        func add(_ series: String, _ day: LocalDate, _ hour: Int, _ value: Double, _ tag: String, minute: Int = 0) {
            samples.append(
                Sample(seriesID: series, start: at(day, hour, minute), utcOffsetSeconds: 3600, value: value, tag: tag))
        }
        for offset in -11...0 {
            let day = asOf.adding(days: offset)
            add("dairy", day, 8, offset == -7 ? 1.5 : offset == -1 ? 1.75 : 2, "breakfast")
            add("dairy", day, 12, 1, "lunch")
            add("vegetables", day, 12, 1, "lunch", minute: 30)
            add("vegetables", day, 18, 1.5, "dinner")
            if offset == 0 {
                add("vegetables", day.adding(days: 1), 1, 0.5, "late_night", minute: 30)
            } else {
                add("vegetables", day, 21, 0.5, "late_night")
            }
            add("fats", day, 18, 2, "dinner")
            add("treats", day, 20, offset == -3 ? 3 : offset == 0 ? 0 : 0.5, "late_night")
        }
        try! store.insert(samples.filter { $0.value > 0 })
        return store
    }()

    func document(_ id: String, profile: RenderProfile, store: SampleStore = PortionScreensTests.store) throws
        -> ScreenDocument
    {
        let catalog = Self.loaded.catalog
        let screen = try XCTUnwrap(catalog.screen(named: id))
        return try BuiltInScreenModules.registry.render(
            ScreenContext(
                catalog: catalog, screen: screen, store: store, request: ScreenRequest(asOf: Self.asOf),
                profile: profile))
    }

    func testFixtureCatalogIsValid() {
        let found = Validator(screenModules: BuiltInScreenModules.registry).validate(Self.loaded).filter {
            $0.severity == .error
        }
        XCTAssertEqual(found, [])
    }

    func testTodayShowsEveryCategoryTheMealsAndTheBudget() throws {
        let text = try document("today", profile: ScreenFixtures.profile("unicode")).lines(width: 80).joined(
            separator: "\n")
        XCTAssertTrue(text.contains("Fri 20 Nov 2026 · 4 of 4 categories met · ✓ whole day on target"), text)
        XCTAssertTrue(
            text.contains("🥦 Vegetables                  3        ≥ 3"),
            "the 01:30 portion counts for the 20th:\n\(text)")
        XCTAssertTrue(text.contains("Late Night 21:00: vegetables 0.5"), text)
        XCTAssertTrue(text.contains("Lunch 12:00: vegetables 1, dairy 1"), text)
        XCTAssertTrue(text.contains("  suggested: vegetables 1, dairy 1 (2 of 2 reached)"), text)
        XCTAssertTrue(text.contains("✓ 1 left"), "treats: none of the one allowed:\n\(text)")
        // Treats Mon 16th–Fri 20th: 0.5 + 0.5 + 3 + 0.5 + 0 = 4.5 of 7; 2.5 left over 3 days.
        XCTAssertTrue(text.contains("Treats this week (Mon 16 Nov – Sun 22 Nov): 4.5 of 7 used · 2.5 left"), text)
        XCTAssertTrue(text.contains("0.83 a day for the 3 days left"), text)
        XCTAssertTrue(text.contains("0.5 over the even share before today"), "4 days × 1 = 4, 4.5 used:\n\(text)")
    }

    /// At 40 columns the status does not fit beside the rule: it goes whole on the line below
    /// (it was cut to "✓ 1…"), from the "today" column.
    func testTodaysStatusWrapsBelowItsRowWhenNarrow() throws {
        let lines = try document("today", profile: ScreenFixtures.profile("unicode")).lines(width: 40)
        let text = lines.joined(separator: "\n")
        XCTAssertTrue(lines.contains { $0.hasPrefix(String(repeating: " ", count: 13) + "✓ 1 left ") }, text)
        XCTAssertFalse(lines.contains { $0.dropFirst(13).contains("…") }, "only names are cut:\n\(text)")
    }

    func testTodayJSONJudgesEachCategory() throws {
        let json = try document("today", profile: ScreenFixtures.profile("unicode")).json
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.text().utf8)) as? [String: Any])
        let blocks = try XCTUnwrap(object["blocks"] as? [[String: Any]])
        let categories = blocks.compactMap { ($0["data"] as? [String: Any])?["categories"] as? [[String: Any]] }.first
        XCTAssertEqual(categories?.map { $0["verdict"] as? String }, ["met", "met", "met", "met"])
        XCTAssertEqual(categories?.map { $0["total"] as? Double }, [3, 3, 2, 0])
    }

    func testHistoryCountsWholeDaysStreaksAndCategoryWins() throws {
        let document = try document("history", profile: ScreenFixtures.profile("unicode"))
        let text = document.lines(width: 80).joined(separator: "\n")
        // 12 days judged: the 13th and 17th missed; the 19th's 2.75 dairy is within ± 0.25.
        XCTAssertTrue(text.contains("Whole days on target: streak 3 days · best 4 days"), text)
        XCTAssertTrue(text.contains("On target: 7 days 86 % (6/7) · 30 days 83 % (10/12) · 90 days 83 % (10/12)"), text)
        XCTAssertTrue(text.contains("9 Nov     ■ ■ ■ ■ □ ■ ■   6/7"), text)
        XCTAssertTrue(text.contains("16 Nov    ■ □ ■ ■ ■ · ·   4/5"), text)
        XCTAssertTrue(text.contains("Dairy                        11     1      -     2.94     1/2"), text)
        XCTAssertTrue(text.contains("Treats                       11     -      1     0.67     1/2"), text)
        XCTAssertTrue(text.contains("Vegetables                   12     -      -     3        2/2"), text)
        XCTAssertTrue(text.contains("Monthly · Nov 2026 10/12"), text)
    }

    /// History's calendar and category table are drawings holding the numbers: drawn at the
    /// output's width, a document composed at 80 columns gives at any width what one composed
    /// at that width gives, and the category names narrow with the width.
    func testHistoryDrawingsLayOutAtTheOutputsWidth() throws {
        for (name, profile) in ScreenFixtures.profiles(width: 80) {
            let composedAt80 = try document("history", profile: profile)
            for width in [40, 56, 60, 100, 120] {
                var narrow = profile
                narrow.width = width
                let composedThere = try document("history", profile: narrow).lines(width: width)
                XCTAssertEqual(composedAt80.lines(width: width), composedThere, "\(name) at \(width)")
            }
        }
        let at60 = try document("history", profile: ScreenFixtures.profile("unicode")).lines(width: 60).joined(
            separator: "\n")
        XCTAssertTrue(at60.contains("Vegetables   12     -      -     3        2/2"), at60)
        XCTAssertTrue(at60.contains("16 Nov    ■ □ ■ ■ ■ · ·   4/5"), at60)
    }

    func testABudgetShowsOnTheScreenOfItsMetric() throws {
        let text = try document("treats", profile: ScreenFixtures.profile("unicode")).lines(width: 80).joined(
            separator: "\n")
        XCTAssertTrue(text.contains("Treats this week (Mon 16 Nov – Sun 22 Nov): 4.5 of 7 used · 2.5 left"), text)
        let today = try document("today", profile: ScreenFixtures.profile("unicode")).lines(width: 80).joined(
            separator: "\n")
        XCTAssertTrue(today.contains("Budgets"), today)
    }

    func testEmptyStoreShowsTheEmptyStates() throws {
        let empty = try SampleStore.inMemory()
        let history = try document("history", profile: ScreenFixtures.profile("unicode"), store: empty).lines(width: 80)
        XCTAssertTrue(
            history.joined(separator: "\n").contains("Nothing logged for History yet"), history.joined(separator: "\n"))
        XCTAssertFalse(history.joined(separator: "\n").contains("streak"))
        let today = try document("today", profile: ScreenFixtures.profile("unicode"), store: empty).lines(width: 80)
            .joined(separator: "\n")
        XCTAssertTrue(
            today.contains("1 of 4 categories met · not on target yet"), "only treats ≤ 1 is met by nothing:\n\(today)")
    }

    func testGoldens() throws {
        for id in ["today", "history"] {
            for (name, profile) in ScreenFixtures.profiles(width: 80) {
                let lines = try document(id, profile: profile).lines(width: 80)
                for line in lines {
                    XCTAssertEqual(DisplayWidth.of(ScreenFixtures.stripANSI(line)), 80, "\(id) \(name): \(line)")
                }
                ScreenFixtures.assertGolden(
                    "portions/\(id)-80-\(name)",
                    header: "\(id) on the fixture days, as of \(Self.asOf), 80 columns, \(name)",
                    lines: lines)
            }
        }
    }
}
