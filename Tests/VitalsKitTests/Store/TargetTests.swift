import XCTest

@testable import VitalsKit

/// Target rules per day, streaks, % of days on target.
final class TargetTests: StoreBackendTestCase {
    typealias F = StoreFixtures

    private func days(_ met: [Bool], endingOn asOf: LocalDate) -> [TargetDay] {
        met.enumerated().map { index, isMet in
            TargetDay(date: asOf.adding(days: index - met.count + 1), value: isMet ? 1 : 0, isMet: isMet)
        }
    }

    func testStreaksAndPercentagesWhenTodayIsNotMetYet() {
        let asOf = LocalDate(iso: "2026-11-20")!
        // 11-11 … 11-20: T T F T T T F T T (today) F
        let pattern = [true, true, false, true, true, true, false, true, true, false]
        let summary = TargetSummary.evaluate(
            days: days(pattern, endingOn: asOf), target: .atLeast(1), asOf: asOf, unit: "g")
        XCTAssertEqual(summary.currentStreak, 2)  // 11-18, 11-19; today does not break it
        XCTAssertEqual(summary.bestStreak, 3)  // 11-14 … 11-16
        // The 7 days 11-14 … 11-20 (today pending, not counted): T T T F T T, 5 of 6.
        XCTAssertEqual(summary.percentOnTarget7, 500.0 / 6, accuracy: 1e-9)
        XCTAssertTrue(summary.daysOnTarget(last: 7) == (5, 6))
        XCTAssertEqual(summary.tally().pendingWords("day"), "today pending")
        // 30 and 90 days reach back before 11-11, the first day with history: 7 of 9 days.
        XCTAssertEqual(summary.percentOnTarget30, 700.0 / 9, accuracy: 1e-9)
        XCTAssertEqual(summary.percentOnTarget90, 700.0 / 9, accuracy: 1e-9)
    }

    func testTodayCountsOnceMet() {
        let asOf = LocalDate(iso: "2026-11-20")!
        let pattern = [true, true, false, true, true, true, false, true, true, true]
        let summary = TargetSummary.evaluate(
            days: days(pattern, endingOn: asOf), target: .atLeast(1), asOf: asOf, unit: "g")
        XCTAssertEqual(summary.currentStreak, 3)
        XCTAssertEqual(summary.bestStreak, 3)
        XCTAssertEqual(summary.percentOnTarget7, 600.0 / 7, accuracy: 1e-9)  // 11-14 … 11-20
        XCTAssertNil(summary.tally().pendingWords("day"))
    }

    /// A recorded sleep night on the as-of day is over: judged even when not met.
    func testAFinishedLastDayIsCountedEvenWhenNotMet() {
        let asOf = LocalDate(iso: "2026-11-20")!
        let pattern = [true, true, false]
        let summary = TargetSummary.evaluate(
            days: days(pattern, endingOn: asOf), target: .atLeast(1), asOf: asOf,
            unit: "h", lastDayFinished: true)
        XCTAssertEqual(summary.currentStreak, 0)
        XCTAssertTrue(summary.daysOnTarget(last: 7) == (2, 3))
        XCTAssertFalse(summary.tally().pending)
    }

    func testTargetRules() {
        XCTAssertTrue(Target.exact(value: 3, tolerance: 0.25).isMet(by: 2.75))
        XCTAssertTrue(Target.exact(value: 3, tolerance: 0.25).isMet(by: 3.25))
        XCTAssertFalse(Target.exact(value: 3, tolerance: 0.25).isMet(by: 3.5))
        XCTAssertTrue(Target.atMost(1).isMet(by: 1))
        XCTAssertFalse(Target.atMost(1).isMet(by: 1.25))
        XCTAssertTrue(Target.range(min: 7, max: 9).isMet(by: 7))
        XCTAssertFalse(Target.range(min: 7, max: 9).isMet(by: 9.1))
    }

    func testSummaryFromTheStore() throws {
        try StoreBackend.each {
            let store = try F.store([
                F.sample("protein", "2026-11-17T12:00:00+01:00", 120),
                F.sample("protein", "2026-11-18T12:00:00+01:00", 90),
                F.sample("protein", "2026-11-19T08:00:00+01:00", 60),
                F.sample("protein", "2026-11-20T01:30:00+01:00", 40),  // late snack: the 19th with the 04:00 cutoff
                F.sample("protein", "2026-11-20T12:00:00+01:00", 60),
            ])
            let summary = try XCTUnwrap(
                try F.query(F.protein, range: .days(14), asOf: "2026-11-20", target: .atLeast(100), cutoff: 240)
                    .fetchTargetSummary(from: store))
            XCTAssertEqual(
                summary.days.map(\.date.description), ["2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"])
            XCTAssertEqual(summary.days.map(\.isMet), [true, false, true, false])
            XCTAssertEqual(summary.currentStreak, 1)
            XCTAssertEqual(summary.bestStreak, 1)
            XCTAssertEqual(summary.percentOnTarget7, 200.0 / 3, accuracy: 1e-9)  // 11-17 … 11-19: T F T
            assertClose(summary.today, 60)
            assertClose(summary.todayRemaining, 40)
        }
    }

    /// A day with nothing logged is 0 for a sum: an `at_most` target is met by it.
    func testEmptyDaysCountAsZeroForSums() throws {
        try StoreBackend.each {
            let store = try F.store([
                F.sample("vegetables", "2026-11-18T12:00:00+01:00", 2),
                F.sample("vegetables", "2026-11-20T12:00:00+01:00", 0.5),
            ])
            let summary = try XCTUnwrap(
                try F.query(F.vegetables, range: .days(7), asOf: "2026-11-20", target: .atMost(1))
                    .fetchTargetSummary(from: store))
            XCTAssertEqual(summary.days.map(\.isMet), [false, true, true])  // 11-18 is over, 11-19 empty = 0
            XCTAssertEqual(summary.currentStreak, 2)
            assertClose(summary.todayRemaining, 0.5)
            let none = try F.query(F.vegetables, range: .days(7), asOf: "2026-11-20").fetchTargetSummary(from: store)
            XCTAssertNil(none)
        }
    }

    /// A mean has no value on an empty day: not met, and no zero is invented.
    func testEmptyDaysAreNotMetForMeans() throws {
        try StoreBackend.each {
            let store = try F.store([
                F.sample("body_mass", "2026-11-18T07:00:00+01:00", 80),
                F.sample("body_mass", "2026-11-20T07:00:00+01:00", 79),
            ])
            let summary = try XCTUnwrap(
                try F.query(
                    F.bodyMass, aggregate: .mean, range: .days(7), asOf: "2026-11-20",
                    target: .atMost(85)
                ).fetchTargetSummary(from: store))
            XCTAssertEqual(summary.days.map(\.value), [80, nil, 79])
            XCTAssertEqual(summary.days.map(\.isMet), [true, false, true])
            XCTAssertEqual(summary.currentStreak, 1)
        }
    }
}
