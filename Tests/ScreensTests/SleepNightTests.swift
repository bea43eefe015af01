import SleepScreen
import VitalsKit
import XCTest

/// Merging one night's overlapping recordings, by hand-computed minutes.
final class SleepNightTests: XCTestCase {
    /// The night ending on Monday 15 June 2026, recorded in Amsterdam summer time.
    static let date = LocalDate(year: 2026, month: 6, day: 15)
    static let offset = 7200

    /// The instant of a clock time that night ("23:00" the evening before, "07:00" the morning).
    static func at(_ clock: String) -> Int64 {
        let parts = clock.split(separator: ":").map { Int64($0)! }
        let minutes = parts[0] * 60 + parts[1] + (parts[0] < 12 ? 1440 : 0)
        return Int64(date.adding(days: -1).dayNumber) * 86_400 - Int64(offset) + minutes * 60
    }

    static func interval(_ from: String, _ to: String, _ category: String, _ source: String) -> SleepNight.Interval {
        SleepNight.Interval(start: at(from), end: at(to), utcOffsetSeconds: offset, category: category, source: source)
    }

    /// A watch with stages from 23:00 to 07:00: 8 h asleep after 10 minutes awake.
    static let watch = [
        interval("22:50", "23:00", "awake", "Watch"),
        interval("23:00", "01:00", "core", "Watch"),
        interval("01:00", "02:00", "deep", "Watch"),
        interval("02:00", "03:00", "rem", "Watch"),
        interval("03:00", "07:00", "core", "Watch"),
    ]

    func testTwoOverlappingSourcesCountEachMinuteOnce() {
        // A phone app says "asleep" from 22:30 to 07:30 over the same night.
        let phone = Self.interval("22:30", "07:30", "asleep_unspecified", "Phone")
        let night = SleepNight(date: Self.date, intervals: Self.watch + [phone])
        // Staged data wins where both recorded: 22:30–22:50 plain asleep (20), 22:50–23:00
        // awake (10), 23:00–07:00 staged asleep (480), 07:00–07:30 plain asleep (30).
        XCTAssertEqual(night.asleepMinutes, 20 + 480 + 30)
        XCTAssertEqual(night.minutes("awake"), 10)
        XCTAssertEqual(night.minutes("asleep_unspecified"), 50)
        XCTAssertEqual(night.minutes("core"), 360)
        XCTAssertEqual(night.inBedMinutes, 540)
        XCTAssertEqual(night.sources, ["Phone", "Watch"])
        // The naive sum would have been 480 + 540 minutes asleep.
        XCTAssertLessThan(night.asleepMinutes, 480 + 540)
        XCTAssertEqual(night.bedtimeMinute, 22 * 60 + 30)
        XCTAssertEqual(night.wakeMinute, 1440 + 7 * 60 + 30)
        XCTAssertEqual(
            night.pieces.map(\.category),
            ["asleep_unspecified", "awake", "core", "deep", "rem", "core", "asleep_unspecified"])
    }

    func testInBedUnderAStagedNightOnlyAddsTheEdges() {
        let phone = Self.interval("22:00", "07:45", "in_bed", "Phone")
        let night = SleepNight(date: Self.date, intervals: Self.watch + [phone])
        XCTAssertEqual(night.asleepMinutes, 480)
        XCTAssertEqual(night.inBedMinutes, 585)
        XCTAssertEqual(night.minutes("in_bed"), 50 + 45)
        XCTAssertFalse(night.onlyInBed)
        XCTAssertEqual(night.totalMinutes, 480)
        // Bedtime is getting into bed; wake time the end of the last asleep stretch.
        XCTAssertEqual(night.bedtimeMinute, 22 * 60)
        XCTAssertEqual(night.wakeMinute, 1440 + 7 * 60)
    }

    func testAnInBedOnlyNightTotalsTimeInBed() {
        let night = SleepNight(date: Self.date, intervals: [Self.interval("22:15", "06:45", "in_bed", "Phone")])
        XCTAssertTrue(night.onlyInBed)
        XCTAssertEqual(night.asleepMinutes, 0)
        XCTAssertEqual(night.totalMinutes, 510)
        XCTAssertEqual(night.wakeMinute, 1440 + 6 * 60 + 45)
        // In bed has no hypnogram lane but counts as time in bed, in the chart as in the night.
        XCTAssertEqual(night.segments.map(\.stage), [.inBed])
        XCTAssertFalse(SleepStage.lanes.contains(.inBed))
        XCTAssertEqual(SleepSummary(night.segments).inBedMinutes, 510)
        XCTAssertEqual(SleepSummary(night.segments).laneMinutes, 0)
    }

    func testAnOldExportWithPlainAsleepGivesATotalAndItsOwnLane() {
        let night = SleepNight(
            date: Self.date,
            intervals: [
                Self.interval("23:10", "03:00", "asleep_unspecified", "Export"),
                Self.interval("03:00", "03:20", "awake", "Export"),
                Self.interval("03:20", "06:50", "asleep_unspecified", "Export"),
            ])
        XCTAssertFalse(night.hasStages)
        XCTAssertEqual(night.asleepMinutes, 230 + 210)
        // Plain asleep keeps its own lane: it is not core sleep.
        XCTAssertEqual(night.segments.map(\.stage), [.asleep, .awake, .asleep])
        XCTAssertEqual(night.minutes("core"), 0)
        XCTAssertEqual(night.segments.first?.startMinute, 23 * 60 + 10)
        XCTAssertEqual(night.segments.last?.endMinute, 1440 + 6 * 60 + 50)
    }

    func testBetweenTwoStagedSourcesTheOneWithMoreStagedTimeWins() {
        // A second tracker with only an hour of stages claims deep sleep from 03:00 to 04:00.
        let ring = [Self.interval("03:00", "04:00", "deep", "Ring")]
        let night = SleepNight(date: Self.date, intervals: ring + Self.watch)
        XCTAssertEqual(night.minutes("deep"), 60, "the watch's core wins over the ring's deep")
        XCTAssertEqual(night.sources, ["Watch"])
        XCTAssertEqual(night.asleepMinutes, 480)
    }

    func testEmptyAndUnknownIntervalsAreLeftOut() {
        let night = SleepNight(
            date: Self.date,
            intervals: [
                Self.interval("23:00", "23:00", "core", "Watch"),
                Self.interval("23:00", "01:00", "napping", "Watch"),
            ])
        XCTAssertEqual(night.pieces, [])
        XCTAssertNil(night.bedtimeMinute)
        XCTAssertEqual(night.totalMinutes, 0)
    }

    func testSpreadIsTheMeanAndPopulationStandardDeviation() throws {
        // Bedtimes 23:00, 23:20, 22:40, 23:40: mean 23:10, deviations 10, 10, 30, 30 min.
        let spread = try XCTUnwrap(SleepSpread([1380, 1400, 1360, 1420]))
        XCTAssertEqual(spread.mean, 1390)
        XCTAssertEqual(spread.standardDeviation, 500.0.squareRoot(), accuracy: 1e-9)
        XCTAssertEqual(spread.minimum, 1360)
        XCTAssertEqual(spread.maximum, 1420)
        XCTAssertNil(SleepSpread([]))
    }
}
