import XCTest

@testable import VitalsKit

final class LocalDateTests: XCTestCase {
    func testEpochAndComponents() {
        XCTAssertEqual(LocalDate(year: 1970, month: 1, day: 1).dayNumber, 0)
        XCTAssertEqual(LocalDate(year: 2000, month: 3, day: 1).dayNumber, 11_017)
        let date = LocalDate(iso: "2026-11-20")!
        XCTAssertEqual(date.description, "2026-11-20")
        XCTAssertEqual(date.year, 2026)
        XCTAssertEqual(date.month, 11)
        XCTAssertEqual(date.day, 20)
        XCTAssertNil(LocalDate(iso: "2026-02-29"))
        XCTAssertNotNil(LocalDate(iso: "2028-02-29"))
        XCTAssertNil(LocalDate(iso: "2026-13-01"))
    }

    func testISOWeekStartsMonday() {
        XCTAssertEqual(LocalDate(iso: "2026-11-20")!.isoWeekday, 5)  // a Friday
        XCTAssertEqual(LocalDate(iso: "2026-11-22")!.startOfWeek.description, "2026-11-16")
        XCTAssertEqual(LocalDate(iso: "2026-11-16")!.startOfWeek.description, "2026-11-16")
        // 2026-01-01 is a Thursday: its ISO week began on Monday 2025-12-29.
        XCTAssertEqual(LocalDate(iso: "2026-01-01")!.startOfWeek.description, "2025-12-29")
    }

    func testAddingMonthsClampsToMonthEnd() {
        XCTAssertEqual(LocalDate(iso: "2026-01-31")!.adding(months: 1).description, "2026-02-28")
        XCTAssertEqual(LocalDate(iso: "2026-03-31")!.adding(months: -13).description, "2025-02-28")
        XCTAssertEqual(LocalDate(iso: "2026-11-20")!.adding(months: 2).description, "2027-01-20")
    }

    func testLocalDateOfInstantAtOffset() {
        // 2026-11-19T23:30Z is 2026-11-20 in Kiribati (+14:00) and 2026-11-19 in Hawaii (-10:00).
        let instant = Date(
            timeIntervalSince1970: TimeInterval(LocalDate(iso: "2026-11-19")!.dayNumber * 86_400 + 23 * 3600 + 1800))
        XCTAssertEqual(LocalDate(instant, utcOffsetSeconds: 14 * 3600).description, "2026-11-20")
        XCTAssertEqual(LocalDate(instant, utcOffsetSeconds: -10 * 3600).description, "2026-11-19")
    }

    func testBucketCalendarRanges() {
        let asOf = LocalDate(iso: "2026-11-20")!
        XCTAssertEqual(BucketCalendar.rangeStart(.days(14), asOf: asOf)?.description, "2026-11-07")
        XCTAssertEqual(BucketCalendar.rangeStart(.months(6), asOf: asOf)?.description, "2026-05-21")
        // 12w of week buckets: 12 ISO weeks, the last one the current partial week.
        let start = BucketCalendar.firstBucket(onOrAfter: BucketCalendar.rangeStart(.weeks(12), asOf: asOf)!, .week)
        let weeks = BucketCalendar.buckets(from: start, through: asOf, .week)
        XCTAssertEqual(weeks.count, 12)
        XCTAssertEqual(weeks.last?.start.description, "2026-11-16")
        XCTAssertEqual(weeks.first?.start.description, "2026-08-31")
        // 6m of month buckets: June through November.
        let months = BucketCalendar.buckets(
            from: BucketCalendar.firstBucket(onOrAfter: LocalDate(iso: "2026-05-21")!, .month),
            through: asOf, .month)
        XCTAssertEqual(
            months.map(\.start.description),
            ["2026-06-01", "2026-07-01", "2026-08-01", "2026-09-01", "2026-10-01", "2026-11-01"])
    }
}
