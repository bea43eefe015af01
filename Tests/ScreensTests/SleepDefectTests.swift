import Foundation
import VitalsExplorer
import VitalsKit
import VitalsScreens
import XCTest

/// Issue #13's sleep defects, each from a few samples written as an export writes them, with
/// the expected numbers worked out by hand.
final class SleepDefectTests: XCTestCase {
    typealias F = ScreenFixtures
    typealias S = SleepTestSupport

    /// A watch with stages and a sleep app saying "asleep" over the same night ending
    /// 15 June 2026 (Amsterdam summer time, +0200).
    static let watchAndApp = [
        S.sample("2026-06-14 23:00 +0200", "2026-06-15 01:00 +0200", "core", "apple-health:Watch"),
        S.sample("2026-06-15 01:00 +0200", "2026-06-15 02:00 +0200", "deep", "apple-health:Watch"),
        S.sample("2026-06-15 02:00 +0200", "2026-06-15 03:00 +0200", "rem", "apple-health:Watch"),
        S.sample("2026-06-15 03:00 +0200", "2026-06-15 07:00 +0200", "core", "apple-health:Watch"),
        S.sample("2026-06-14 23:00 +0200", "2026-06-15 07:00 +0200", "asleep_unspecified", "apple-health:SleepApp"),
    ]

    // MARK: 1. Overlapping sources counted twice

    func testEveryChartOfTheSleepScreenCountsAWatchAndASleepAppOnce() throws {
        let store = try S.store(Self.watchAndApp)
        let document = try F.document(
            "sleep", store: store, profile: F.profile("unicode"),
            request: ScreenRequest(asOf: F.asOf, showChildren: true))
        func block(_ id: String) -> ScreenBlock? { document.blocks.first { $0.metricID == id } }
        // The watch's stages win everywhere the app also recorded: core 120 + 240 = 360,
        // deep 60, REM 60; asleep 480 min = 8 h. A plain sum gave 16 h (480 + 480 min).
        let night = try S.object(block("SLEEP_LAST_NIGHT"))
        XCTAssertEqual(night["asleep_minutes"] as? Double, 480)
        XCTAssertEqual(night["in_bed_minutes"] as? Double, 480)
        XCTAssertEqual(S.minutes(try S.pointValues(block("SLEEP_DURATION"))["2026-06-15"]), 480)
        // Time per stage over the week: REM 1 h, core 6 h, deep 1 h; no plain-asleep bar.
        let stages = try XCTUnwrap(try S.object(block("SLEEP_STAGE_SPLIT"))["points"] as? [[String: Any]])
        let byStage = Dictionary(uniqueKeysWithValues: stages.map { ($0["label"] as! String, $0["value"] as? Double) })
        XCTAssertEqual(byStage.mapValues { S.minutes($0) }, ["REM": 60, "Core": 360, "Deep": 60])
        XCTAssertEqual(stages.compactMap { $0["value"] as? Double }.reduce(0, +) * 60, 480, accuracy: 1e-6)
        // Sleep consistency: the night's own value is 8 h, and so is its 7-night mean.
        let consistency = try XCTUnwrap(try S.object(block("SLEEP_CONSISTENCY"))["points"] as? [[String: Any]])
        let last = try XCTUnwrap(consistency.last)
        XCTAssertEqual(last["date"] as? String, "2026-06-15")
        XCTAssertEqual(S.minutes(last["value"] as? Double), 480)
        XCTAssertEqual(S.minutes(last["rolling_mean"] as? Double), 480)
        let text = document.lines(width: 80).joined(separator: "\n")
        XCTAssertTrue(text.contains("total 8 h"), text)
        // The consistency line's tally is the store's: one night judged (none before the first).
        XCTAssertTrue(text.contains("latest 8 h · 1/1 night on target"), text)
        XCTAssertFalse(text.contains("16 h"), text)
    }

    func testCustomSleepChartsOfEveryKindCountEachMinuteOnce() throws {
        let store = try S.store(
            Self.watchAndApp + [
                // The night before: only the app, 6 h 30 of plain asleep (23:30–06:00).
                S.sample(
                    "2026-06-13 23:30 +0200", "2026-06-14 06:00 +0200", "asleep_unspecified", "apple-health:SleepApp")
            ])
        let document = try Self.render(SleepChartsFixture.loaded, screen: "SCREEN_NIGHTS", store: store)
        func block(_ id: String) -> ScreenBlock? { document.blocks.first { $0.metricID == id } }
        // Stacked minutes per stage: 15 June core 360 + deep 60 + REM 60 = 480 (not 960);
        // 14 June plain asleep 390.
        let stacked = try S.object(block("NIGHTS_STACKED"))
        let buckets = try XCTUnwrap(stacked["buckets"] as? [[String: Any]])
        let totals = Dictionary(uniqueKeysWithValues: buckets.map { ($0["date"] as! String, $0["total"] as? Double) })
        XCTAssertEqual(totals["2026-06-15"] ?? nil, 480)
        XCTAssertEqual(totals["2026-06-14"] ?? nil, 390)
        let values = try XCTUnwrap(buckets.last?["values"] as? [String: Double])
        XCTAssertEqual(values, ["Core": 360, "Deep": 60, "REM": 60])
        // Calendar against 7–9 h: 15 June 8 h on target, 14 June 6.5 h off target (a plain
        // sum made 15 June 16 h, off target).
        let days = try XCTUnwrap(try S.object(block("NIGHTS_CALENDAR"))["days"] as? [[String: Any]])
        let states = Dictionary(uniqueKeysWithValues: days.map { ($0["date"] as! String, $0["state"] as! String) })
        XCTAssertEqual(states["2026-06-15"], "on_target")
        XCTAssertEqual(states["2026-06-14"], "off_target")
        // Stat of last night and progress towards at least 7 h: 8 h.
        XCTAssertEqual(S.minutes(try S.object(block("NIGHTS_STAT"))["value"] as? Double), 480)
        let progress = try XCTUnwrap(try S.object(block("NIGHTS_PROGRESS"))["progress"] as? [[String: Any]])
        XCTAssertEqual(S.minutes(progress.first?["value"] as? Double), 480)
        // Sparkline of the week: 6.5 h then 8 h.
        let spark = try S.pointValues(block("NIGHTS_SPARK"))
        XCTAssertEqual(spark.mapValues { S.minutes($0)! }, ["2026-06-14": 390, "2026-06-15": 480])
    }

    // MARK: 2. Daylight-saving nights

    func testAFallBackNightIsLaidOutByElapsedTimeWithTwoOClockTwice() throws {
        // 26 Oct 2025, Amsterdam: at 03:00 CEST (01:00 UTC) clocks go back to 02:00 CET.
        // Core 23:00–01:30 (150), deep 01:30–02:30 CEST (60), REM 02:30 CEST–02:30 CET (60,
        // stored at +0200), core 02:30–07:00 CET (270): 9 h asleep, core 420.
        let store = try S.store([
            S.sample("2025-10-25 23:00 +0200", "2025-10-26 01:30 +0200", "core", "apple-health:Watch"),
            S.sample("2025-10-26 01:30 +0200", "2025-10-26 02:30 +0200", "deep", "apple-health:Watch"),
            S.sample("2025-10-26 02:30 +0200", "2025-10-26 02:30 +0100", "rem", "apple-health:Watch"),
            S.sample("2025-10-26 02:30 +0100", "2025-10-26 07:00 +0100", "core", "apple-health:Watch"),
        ])
        let asOf = LocalDate(year: 2025, month: 10, day: 26)
        let document = try F.document(
            "sleep", store: store, profile: F.profile("unicode"), request: ScreenRequest(asOf: asOf))
        let block = try XCTUnwrap(document.blocks.first { $0.metricID == "SLEEP_LAST_NIGHT" })
        let segments = try XCTUnwrap(try S.object(block)["segments"] as? [[String: Any]])
        // Elapsed minutes from midnight CEST: no two segments share a minute and the night
        // spans 23:00 (1380) to 9 h later (1920); no segment covers 01:30–02:30 twice.
        let spans = segments.map { (Int($0["start_minute"] as! Double), Int($0["end_minute"] as! Double)) }
        for (before, after) in zip(spans, spans.dropFirst()) { XCTAssertLessThanOrEqual(before.1, after.0, "\(spans)") }
        XCTAssertEqual(spans.first?.0, 1380)
        XCTAssertEqual(spans.last?.1, 1920)
        // Core 420 of 540 = 77.8 %, deep and REM 11.1 % each: 78 + 11 + 11 = 100.
        let percents = try XCTUnwrap(try S.object(block)["percent_by_stage"] as? [String: Double])
        XCTAssertEqual(percents, ["awake": 0, "rem": 11, "core": 78, "deep": 11, "asleep_unspecified": 0])
        let lines = document.lines(of: block).map(F.stripANSI)
        XCTAssertEqual(lines.first?.hasSuffix("23:00–07:00"), true, lines.first ?? "")
        // Clock labels: 02:00 CEST at 1560 and 02:00 CET an hour later at 1620.
        let axis = try XCTUnwrap(lines.first { $0.contains("00:00") })
        XCTAssertEqual(axis.components(separatedBy: "02:00").count - 1, 2, axis)
        XCTAssertTrue(axis.contains("03:00"), axis)
        XCTAssertTrue(lines.contains { $0.contains("asleep 9 h 00 · in bed 9 h 00") }, lines.joined(separator: "\n"))
    }

    func testASpringForwardNightHasNoEmptyHour() throws {
        // 29 Mar 2026, Amsterdam: at 02:00 CET (01:00 UTC) clocks jump to 03:00 CEST. Core
        // 23:00–01:30 (150), deep 01:30 CET–03:30 CEST (60, stored at +0100), core
        // 03:30–07:00 CEST (210): a continuous 7 h night.
        let store = try S.store([
            S.sample("2026-03-28 23:00 +0100", "2026-03-29 01:30 +0100", "core", "apple-health:Watch"),
            S.sample("2026-03-29 01:30 +0100", "2026-03-29 03:30 +0200", "deep", "apple-health:Watch"),
            S.sample("2026-03-29 03:30 +0200", "2026-03-29 07:00 +0200", "core", "apple-health:Watch"),
        ])
        let asOf = LocalDate(year: 2026, month: 3, day: 29)
        let document = try F.document(
            "sleep", store: store, profile: F.profile("unicode"), request: ScreenRequest(asOf: asOf))
        let block = try XCTUnwrap(document.blocks.first { $0.metricID == "SLEEP_LAST_NIGHT" })
        let segments = try XCTUnwrap(try S.object(block)["segments"] as? [[String: Any]])
        // Each segment starts where the one before ended: 1380 → 1530 → 1590 → 1800 elapsed
        // minutes (the deep piece is split where the clock changed, at 1560).
        let spans = segments.map { (Int($0["start_minute"] as! Double), Int($0["end_minute"] as! Double)) }
        for (before, after) in zip(spans, spans.dropFirst()) { XCTAssertEqual(before.1, after.0, "\(spans)") }
        XCTAssertEqual(spans.first?.0, 1380)
        XCTAssertEqual(spans.last?.1, 1380 + 420)
        let lines = document.lines(of: block).map(F.stripANSI)
        // The lane has no gap: the Deep lane's cells run into Core's, and no label reads 02:00.
        let axis = try XCTUnwrap(lines.first { $0.contains("00:00") })
        XCTAssertFalse(axis.contains("02:00"), axis)
        XCTAssertTrue(axis.contains("01:00") && axis.contains("03:00"), axis)
        let core = try XCTUnwrap(lines.first { $0.hasPrefix("Core") })
        let deep = try XCTUnwrap(lines.first { $0.hasPrefix("Deep") })
        let lane = { (line: String) in Array(line.split(separator: "│", omittingEmptySubsequences: false)[1]) }
        XCTAssertFalse(zip(lane(core), lane(deep)).contains { $0 == " " && $1 == " " }, "\(core)\n\(deep)")
        XCTAssertTrue(lines.contains { $0.contains("asleep 7 h 00 · in bed 7 h 00") }, lines.joined(separator: "\n"))
    }

    func testSharesThatRoundToOneHundredAndOneAddUpToOneHundred() {
        // 60 + 360 + 60 of 480: 12.5 %, 75 %, 12.5 %; rounding each gave 13 + 75 + 13 = 101.
        // Largest remainder: 12 + 75 + 12 = 99, one point to the first tied remainder (REM).
        let summary = SleepSummary([
            SleepSegment(stage: .rem, startMinute: 0, endMinute: 60),
            SleepSegment(stage: .core, startMinute: 60, endMinute: 420),
            SleepSegment(stage: .deep, startMinute: 420, endMinute: 480),
        ])
        XCTAssertEqual(SleepStage.lanes.map(summary.percent), [0, 13, 75, 12, 0])
        // 31 + 95 + 239 + 90 of 455 (the chart fixture): 6.8, 20.9, 52.5, 19.8 → 7 + 21 + 52 + 20.
        let fixture = SleepSummary([
            SleepSegment(stage: .awake, startMinute: 0, endMinute: 31),
            SleepSegment(stage: .rem, startMinute: 31, endMinute: 126),
            SleepSegment(stage: .core, startMinute: 126, endMinute: 365),
            SleepSegment(stage: .deep, startMinute: 365, endMinute: 455),
        ])
        XCTAssertEqual(SleepStage.lanes.map(fixture.percent), [7, 21, 52, 20, 0])
    }

    // MARK: 3. Plain asleep is not core; one "in bed"

    func testPlainAsleepIsItsOwnStageAndInBedIsOneNumber() throws {
        // Phone in bed 22:45–06:10 (445 min). Watch: awake 22:55–23:00 (5), core 23:00–05:00
        // (360), plain asleep 05:00–06:00 (60), awake 06:00–06:05 (5). In bed without a stage
        // remains 22:45–22:55 and 06:05–06:10 (15). Asleep 420; in bed 445 everywhere.
        // Shares of the 430 staged minutes: awake 2.3, core 83.7, asleep 14.0 → 2 + 84 + 14.
        let store = try S.store([
            S.sample("2026-06-14 22:45 +0200", "2026-06-15 06:10 +0200", "in_bed", "apple-health:Phone"),
            S.sample("2026-06-14 22:55 +0200", "2026-06-14 23:00 +0200", "awake", "apple-health:Watch"),
            S.sample("2026-06-14 23:00 +0200", "2026-06-15 05:00 +0200", "core", "apple-health:Watch"),
            S.sample("2026-06-15 05:00 +0200", "2026-06-15 06:00 +0200", "asleep_unspecified", "apple-health:Watch"),
            S.sample("2026-06-15 06:00 +0200", "2026-06-15 06:05 +0200", "awake", "apple-health:Watch"),
        ])
        let document = try F.document("sleep", store: store, profile: F.profile("unicode"))
        let block = try XCTUnwrap(document.blocks.first { $0.metricID == "SLEEP_LAST_NIGHT" })
        let data = try S.object(block)
        XCTAssertEqual(
            data["minutes_by_stage"] as? [String: Double],
            ["awake": 10, "rem": 0, "core": 360, "deep": 0, "asleep_unspecified": 60, "in_bed": 15])
        XCTAssertEqual(
            data["percent_by_stage"] as? [String: Double],
            ["awake": 2, "rem": 0, "core": 84, "deep": 0, "asleep_unspecified": 14])
        XCTAssertEqual(data["asleep_minutes"] as? Double, 420)
        XCTAssertEqual(data["in_bed_minutes"] as? Double, 445)
        let lines = document.lines(of: block).map(F.stripANSI)
        XCTAssertTrue(
            lines.contains { $0.hasPrefix("Core") && $0.hasSuffix("360 min  84 %") }, lines.joined(separator: "\n"))
        XCTAssertTrue(
            lines.contains { $0.hasPrefix("Asleep") && $0.hasSuffix(" 60 min  14 %") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.contains("asleep 7 h 00 · in bed 7 h 25") }, lines.joined(separator: "\n"))
        // The JSON object has each key once.
        XCTAssertEqual(block.data.text().components(separatedBy: "\"asleep_minutes\"").count, 2)
    }

    // MARK: 4. Ranges

    func testTheSleepScreenShowsTheNightsOfTheRequestedRange() throws {
        func nights(_ range: TimeRange?, width: Int = 80) throws -> (ScreenBlock, [String]) {
            let document = try F.document(
                "sleep", profile: F.profile("unicode", width: width),
                request: ScreenRequest(asOf: F.asOf, range: range))
            let bars = try XCTUnwrap(document.blocks.first { $0.metricID == "SLEEP_DURATION" })
            let lines = document.lines(width: width).map {
                F.stripANSI($0).replacingOccurrences(of: " +$", with: "", options: .regularExpression)
            }
            return (bars, lines)
        }
        // The metric's own range: 14 nights.
        XCTAssertEqual(try S.pointValues(try nights(nil).0).count, 14)
        // --range 30d: 30 nights (the config's 14 is a default, not a ceiling).
        let (month, monthLines) = try nights(.days(30))
        XCTAssertEqual(try XCTUnwrap(try S.object(month)["points"] as? [Any]).count, 30)
        XCTAssertTrue(monthLines.contains("Consistency over the last 30 nights"), monthLines.joined(separator: "\n"))
        // --range 1y: 365 nights do not fit 80 columns; weekly means from the week of
        // 16 June 2025 (a Monday) to the week of 15 June 2026: 53 weeks, titled so.
        let (year, yearLines) = try nights(.years(1))
        let points = try XCTUnwrap(try S.object(year)["points"] as? [[String: Any]])
        XCTAssertEqual(points.count, 53)
        XCTAssertEqual(points.first?["date"] as? String, "2025-06-16")
        XCTAssertEqual(try S.object(year)["title"] as? String, "Sleep duration, weekly means")
        XCTAssertTrue(yearLines.contains { $0.hasPrefix("Sleep duration, weekly means (h)") })
        XCTAssertTrue(yearLines.contains("Consistency over the last 365 nights"))
        XCTAssertFalse(yearLines.contains { $0.contains("earlier not shown") })
    }

    func testCustomSleepChartsReBucketIntoMeansThatFitAndSaySo() throws {
        // As of Sunday 14 June 2026 on the demo data. Stacked bars have 31 rows: 84 nights
        // (--range 12w) become 12 weekly means, 365 nights (--range 1y) 13 monthly means. A
        // mean bucket is the mean night of its nights, each night counted once.
        let asOf = LocalDate(year: 2026, month: 6, day: 14)
        func render(_ range: TimeRange) throws -> ScreenDocument {
            let screen = try XCTUnwrap(SleepChartsFixture.loaded.catalog.screen("SCREEN_NIGHTS"))
            return try BuiltInScreenModules.registry.render(
                ScreenContext(
                    catalog: SleepChartsFixture.loaded.catalog, screen: screen, store: F.demoStore,
                    request: ScreenRequest(asOf: asOf, range: range, showChildren: true), profile: F.profile("unicode"))
            )
        }
        func stacked(_ document: ScreenDocument) throws -> (title: String?, totals: [String: Double]) {
            let object = try S.object(document.blocks.first { $0.metricID == "NIGHTS_STACKED" })
            let buckets = try XCTUnwrap(object["buckets"] as? [[String: Any]])
            var totals: [String: Double] = [:]
            for bucket in buckets { totals[bucket["date"] as! String] = bucket["total"] as? Double }
            return (object["title"] as? String, totals)
        }
        // Each night of 1–14 June, from a 14-night chart.
        let nights = try stacked(try render(.days(14)))
        XCTAssertEqual(nights.title, "Stages per night")
        XCTAssertEqual(nights.totals.count, 14)
        func mean(from first: Int, through last: Int) -> Double {
            let days = (first...last).map { String(format: "2026-06-%02d", $0) }
            return days.map { nights.totals[$0]! }.reduce(0, +) / Double(days.count)
        }
        let weekly = try stacked(try render(.weeks(12)))
        XCTAssertEqual(weekly.title, "Stages per night, weekly means")
        XCTAssertEqual(weekly.totals.count, 12)
        XCTAssertEqual(try XCTUnwrap(weekly.totals["2026-06-08"]), mean(from: 8, through: 14), accuracy: 1e-6)
        let monthly = try stacked(try render(.years(1)))
        XCTAssertEqual(monthly.title, "Stages per night, monthly means")
        // 15 June 2025 – 14 June 2026 touches 13 months; the first holds its 16 nights (the
        // regrouping every chart uses: the mean of the nights with data in each month).
        XCTAssertEqual(monthly.totals.count, 13)
        XCTAssertNotNil(monthly.totals["2025-06-01"])
        XCTAssertEqual(try XCTUnwrap(monthly.totals["2026-06-01"]), mean(from: 1, through: 14), accuracy: 1e-6)
        // The sparkline has about 40 characters at 80 columns: 52 weeks become months.
        let spark = try S.object(try render(.years(1)).blocks.first { $0.metricID == "NIGHTS_SPARK" })
        XCTAssertEqual(spark["title"] as? String, "The week, monthly means")
        for range in [TimeRange.weeks(12), .years(1)] {
            let lines = try render(range).lines(width: 80).joined(separator: "\n")
            XCTAssertFalse(lines.contains("earlier not shown"), lines)
        }
    }

    func testTheExplorersRangeKeyChangesTheNightsOfTheSleepScreen() throws {
        let size = ExplorerSize(columns: 120, rows: 60)
        let source = RegistryScreenSource(
            catalog: F.catalog, store: F.demoStore, extensions: .sdk + .builtInScreens,
            colorLevel: .truecolor, glyphs: .unicode)
        var state = ExplorerState(catalog: F.catalog, asOf: F.asOf, size: size)
        state.select(.screen("SCREEN_SLEEP"))
        var explorer = Explorer(state: state, source: source)
        func pane() -> String { F.stripANSI(explorer.frame().text.joined(separator: "\n")) }
        XCTAssertTrue(pane().contains("Consistency over the last 14 nights"), pane())
        // r: 7 days, r again: 30 days.
        explorer.press([.character("r"), .character("r")])
        XCTAssertEqual(explorer.state.screenRequest.range, .days(30))
        XCTAssertTrue(pane().contains("Consistency over the last 30 nights"), pane())
    }

    func testTheConfigSetsTheNightsWhenTheMetricHasNoRange() throws {
        let loaded = SleepChartsFixture.shipped(replacing: [
            ("metrics/sleep.yaml", "    range: 14d\n", ""),
            ("screens/restorative_sleep.yaml", "  nights: 14", "  nights: 10"),
        ])
        XCTAssertEqual(loaded.diagnostics.filter { $0.severity == .error }.map(\.message), [])
        let document = try Self.render(loaded, screen: "SCREEN_SLEEP", store: F.demoStore, showChildren: false)
        let bars = document.blocks.first { $0.metricID == "SLEEP_DURATION" }
        XCTAssertEqual(try S.pointValues(bars).count, 10)
        // And --range still wins over it.
        let ranged = try Self.render(
            loaded, screen: "SCREEN_SLEEP", store: F.demoStore, showChildren: false, range: .days(21))
        XCTAssertEqual(try S.pointValues(ranged.blocks.first { $0.metricID == "SLEEP_DURATION" }).count, 21)
    }

    // MARK: Helpers

    static func render(
        _ loaded: LoadedCatalog, screen id: String, store: SampleStore, showChildren: Bool = true,
        range: TimeRange? = nil
    ) throws -> ScreenDocument {
        let screen = try XCTUnwrap(loaded.catalog.screen(id))
        return try BuiltInScreenModules.registry.render(
            ScreenContext(
                catalog: loaded.catalog, screen: screen, store: store,
                request: ScreenRequest(asOf: F.asOf, range: range, showChildren: showChildren),
                profile: F.profile("unicode")))
    }
}
