import Foundation
import VitalsKit
import VitalsScreens
import XCTest

/// Issue #13 QA: the footer of a regrouped chart speaks of days, text is wrapped (never cut)
/// at 40 columns, and an empty chart on a screen with data speaks of its own metric.
final class ChartWordsTests: XCTestCase {
    typealias F = ScreenFixtures

    /// 120 days of steps ending on the as-of day (15 June 2026): 8000 a day, 9000 on the last.
    static func steps() throws -> SampleStore {
        let samples = (0..<120).map { back in
            F.sample("steps", F.asOf.adding(days: -back), 12, back == 0 ? 9000 : 8000)
        }
        let store = try SampleStore.inMemory()
        _ = try store.insert(samples)
        return store
    }

    // MARK: D. The footer of a regrouped chart describes days

    func testARegroupedChartsFooterGivesTheLatestDayAndTheMeanOfTheDays() throws {
        let store = try Self.steps()
        for width in [40, 80, 120] {
            let text = try F.lines(
                "steps", store: store, profile: F.profile("unicode", width: width),
                request: ScreenRequest(asOf: F.asOf, range: .years(1))
            )
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
            // Regrouped at every width (120 days > the columns; weekly or monthly means).
            XCTAssertTrue(text.contains("mean a day, unlogged days as 0"), text)
            // Latest day 9000; mean of the 120 days (119 × 8000 + 9000) / 120 = 8008.33 → 8008.
            // The regrouped buckets said otherwise: June's monthly mean (14 × 8000 + 9000) / 15
            // = 8066.7 → "latest 8067"; the mean of 5 monthly means is not 8008 either.
            XCTAssertTrue(text.contains("latest 9000 · mean 8008"), "width \(width):\n\(text)")
            // Every day judged: 120 of the 120 days since the first sample reach 8000.
            XCTAssertTrue(text.contains("120/120 days on target"), "width \(width):\n\(text)")
        }
    }

    func testTheFooterOfAChartThatFitsIsUnchanged() throws {
        // 14 days fit at 80 columns: latest 9000, mean (13 × 8000 + 9000) / 14 = 8071.4 → 8071.
        let text = try F.lines(
            "steps", store: try Self.steps(), profile: F.profile("unicode"),
            request: ScreenRequest(asOf: F.asOf, range: .days(14))
        ).joined(separator: "\n")
        XCTAssertFalse(text.contains("means"), text)
        XCTAssertTrue(text.contains("latest 9000 · mean 8071"), text)
    }

    // MARK: E. Wrapped, not cut

    func testTextWrapKeepsEveryWordAndIndentsContinuations() {
        let lines = TextWrap.lines("  Bedtime    22:30 on average, spread ±35 min (21:50–23:40)", width: 30)
        // Each line fits; the words come back in order; the continuations start with 4 spaces.
        XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0) <= 30 }, "\(lines)")
        XCTAssertEqual(lines.first, "  Bedtime    22:30 on average,")
        XCTAssertTrue(lines.dropFirst().allSatisfy { $0.hasPrefix("    ") && !$0.hasPrefix("     ") }, "\(lines)")
        XCTAssertEqual(
            lines.joined(separator: " ").split(separator: " "),
            "Bedtime 22:30 on average, spread ±35 min (21:50–23:40)".split(separator: " "))
        // A word wider than the line is cut across lines, nothing lost, no endless loop.
        let long = TextWrap.lines("abcdefghij", width: 4)
        XCTAssertEqual(long.map { $0.trimmingCharacters(in: .whitespaces) }.joined(), "abcdefghij")
        XCTAssertTrue(long.allSatisfy { DisplayWidth.of($0) <= 4 })
    }

    /// Every shipped screen at 40 columns, with its children: no line of the screens' own text
    /// ends in the ellipsis (text is wrapped instead), and the regrouping note survives.
    func testNoShippedScreenCutsItsTextAtFortyColumns() throws {
        let profile = F.profile("unicode", width: 40)
        let owned = ["SCREEN_SLEEP"]  // custom modules outside this change keep their own layout
        for screen in F.catalog.screens {
            let custom = BuiltInScreenModules.registry.hasCustomModule(screen.id) && !owned.contains(screen.id)
            guard !custom else { continue }
            for range in [TimeRange.days(14), .years(1)] {
                let lines = try F.lines(
                    screen.alias, profile: profile,
                    request: ScreenRequest(asOf: F.asOf, range: range, showChildren: true))
                let cut = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasSuffix("…") }
                XCTAssertEqual(cut, [], "\(screen.alias) \(range)")
                XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0) == 40 }, screen.alias)
            }
        }
        let steps = try F.lines("steps", profile: profile, request: ScreenRequest(asOf: F.asOf, range: .years(1)))
            .joined(separator: "\n")
        XCTAssertTrue(steps.contains("Steps per day, monthly") && steps.contains("mean a day"), steps)
    }

    // MARK: F. An empty chart speaks of its own metric

    func testAnEmptyHeartChartNextToBloodPressureNamesItsOwnMetric() throws {
        let store = try SampleStore.inMemory()
        _ = try store.insert([F.sample("blood_pressure_systolic", F.asOf.adding(days: -3), 8, 115)])
        let text = try F.lines(
            "biometrics", store: store, profile: F.profile("unicode", width: 100),
            request: ScreenRequest(asOf: F.asOf, showChildren: true)
        ).joined(separator: "\n")
        XCTAssertFalse(text.contains("No heart or blood pressure readings yet"), text)
        XCTAssertTrue(text.contains("No resting heart rate recorded yet"), text)
        XCTAssertTrue(text.contains("latest 115 mmHg"), text)
        // An empty store: the screen's own message is true and stays.
        let empty = try F.lines(
            "biometrics", store: SampleStore.inMemory(), profile: F.profile("unicode", width: 100),
            request: ScreenRequest(asOf: F.asOf, showChildren: true)
        ).joined(separator: "\n")
        XCTAssertTrue(empty.contains("No heart or blood pressure readings yet"), empty)
        XCTAssertFalse(empty.contains("No resting heart rate recorded yet"), empty)
    }

    func testAChartWithOlderSamplesSaysItsRangeIsEmpty() throws {
        let store = try SampleStore.inMemory()
        _ = try store.insert([
            F.sample("blood_pressure_systolic", F.asOf.adding(days: -3), 8, 115),
            F.sample("resting_heart_rate", F.asOf.adding(days: -100), 8, 58),
        ])
        let text = try F.lines(
            "biometrics", store: store, profile: F.profile("unicode", width: 100),
            request: ScreenRequest(asOf: F.asOf, showChildren: true)
        ).joined(separator: "\n")
        // Resting heart rate's range is 30 days; its one sample is 100 days old.
        XCTAssertTrue(text.contains("Nothing logged in the last 30 days"), text)
        XCTAssertFalse(text.contains("No heart or blood pressure readings yet"), text)
    }
}
