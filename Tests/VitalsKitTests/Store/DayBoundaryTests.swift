import XCTest

@testable import VitalsKit

/// Which day, week and month a sample counts for: own offset, DST, cutoff, sleep nights.
final class DayBoundaryTests: StoreBackendTestCase {
    typealias F = StoreFixtures

    func testDayIsTheLocalDateAtTheSamplesOwnOffset() throws {
        try StoreBackend.each {
            let store = try F.store([
                F.sample("steps", "2026-11-19T23:59:00+01:00", 1),
                F.sample("steps", "2026-11-20T00:01:00+01:00", 2),
                F.sample("steps", "2026-11-20T13:30:00+14:00", 4),  // 2026-11-19T23:30Z, but the 20th locally
                F.sample("steps", "2026-11-19T14:00:00-10:00", 8),  // 2026-11-20T00:00Z, but the 19th locally
            ])
            let result = try F.query(F.steps, range: .days(2), asOf: "2026-11-20").fetchBuckets(from: store)
            XCTAssertEqual(result.buckets.map(\.start.description), ["2026-11-19", "2026-11-20"])
            assertValues(result.values, [9, 6])
            let counts = try F.query(F.steps, aggregate: .count, range: .days(2), asOf: "2026-11-20").fetchBuckets(
                from: store)
            assertValues(counts.values, [2, 2])
        }
    }

    /// Hourly samples in Amsterdam: clocks go forward at 01:00Z on 2026-03-29 (+01:00 → +02:00).
    func testSpringForwardDayHas23Hours() throws {
        try StoreBackend.each {
            let firstUTC = LocalDate(iso: "2026-03-28")!.dayNumber * 86_400 + 23 * 3600  // 00:00 local on the 29th
            let switchUTC = LocalDate(iso: "2026-03-29")!.dayNumber * 86_400 + 3600
            let samples = (0..<48).map { hour -> Sample in
                let utc = firstUTC + hour * 3600
                return Sample(
                    seriesID: "steps", start: Date(timeIntervalSince1970: TimeInterval(utc)),
                    utcOffsetSeconds: utc >= switchUTC ? 7200 : 3600, value: 1)
            }
            let result = try F.query(F.steps, range: .days(2), asOf: "2026-03-30").fetchBuckets(
                from: try F.store(samples))
            assertValues(result.values, [23, 24])
            let count = try F.query(F.steps, aggregate: .count, range: .days(1), asOf: "2026-03-29").fetchBuckets(
                from: try F.store(samples))
            assertValues(count.values, [23])
        }
    }

    /// Clocks go back at 01:00Z on 2026-10-25 (+02:00 → +01:00): that local day has 25 hours.
    func testFallBackDayHas25Hours() throws {
        try StoreBackend.each {
            let firstUTC = LocalDate(iso: "2026-10-24")!.dayNumber * 86_400 + 22 * 3600  // 00:00 local on the 25th
            let switchUTC = LocalDate(iso: "2026-10-25")!.dayNumber * 86_400 + 3600
            let samples = (0..<30).map { hour -> Sample in
                let utc = firstUTC + hour * 3600
                return Sample(
                    seriesID: "steps", start: Date(timeIntervalSince1970: TimeInterval(utc)),
                    utcOffsetSeconds: utc >= switchUTC ? 3600 : 7200, value: 1)
            }
            let result = try F.query(F.steps, range: .days(2), asOf: "2026-10-26").fetchBuckets(
                from: try F.store(samples))
            assertValues(result.values, [25, 5])
        }
    }

    func testCutoffPutsA0130SnackOnThePreviousDay() throws {
        try StoreBackend.each {
            let store = try F.store([
                F.sample("protein", "2026-11-19T18:30:00+01:00", 40, tag: "dinner"),
                F.sample("protein", "2026-11-20T01:30:00+01:00", 10, tag: "snack"),
                F.sample("protein", "2026-11-20T04:00:00+01:00", 5, tag: "snack"),
                F.sample("protein", "2026-11-20T08:00:00+01:00", 25, tag: "breakfast"),
            ])
            let withCutoff = try F.query(F.protein, range: .days(2), asOf: "2026-11-20", cutoff: 240).fetchBuckets(
                from: store)
            assertValues(withCutoff.values, [50, 30])
            let withoutCutoff = try F.query(F.protein, range: .days(2), asOf: "2026-11-20").fetchBuckets(from: store)
            assertValues(withoutCutoff.values, [40, 40])
        }
    }

    /// Sleep (a category series in minutes) defaults to an 18:00 cutoff: a night belongs to
    /// the date it ends on.
    func testSleepNightBelongsToTheDateItEndsOn() throws {
        try StoreBackend.each {
            let store = try F.store([
                F.sample("sleep_analysis", "2026-11-19T23:10:00+01:00", 60, category: "core", minutes: 60),
                F.sample("sleep_analysis", "2026-11-20T00:10:00+01:00", 50, category: "deep", minutes: 50),
                F.sample("sleep_analysis", "2026-11-20T06:30:00+01:00", 20, category: "rem", minutes: 20),
                // a nap: still the 20th
                F.sample("sleep_analysis", "2026-11-20T17:40:00+01:00", 15, category: "core", minutes: 15),
                // next night
                F.sample("sleep_analysis", "2026-11-20T22:50:00+01:00", 30, category: "core", minutes: 30),
            ])
            let query = try F.query(F.sleep, range: .days(2), asOf: "2026-11-21", unit: "h")
            XCTAssertEqual(query.dayCutoffMinutes, 18 * 60)
            let result = try query.fetchBuckets(from: store)
            XCTAssertEqual(result.unit, "h")
            assertValues(result.values, [145.0 / 60, 30.0 / 60])

            // A recording across the cutoff is split there (merged nights, `SleepNight`): 17:55–18:10
            // gives 5 min to the 20th and 10 min to the 21st.
            let across = try F.store([
                F.sample("sleep_analysis", "2026-11-20T17:55:00+01:00", 15, category: "core", minutes: 15)
            ])
            assertValues(try query.fetchBuckets(from: across).values, [5.0 / 60, 10.0 / 60])
        }
    }

    func testISOWeeksStartOnMonday() throws {
        try StoreBackend.each {
            let store = try F.store([
                F.sample("steps", "2026-11-15T20:00:00+01:00", 100),  // Sunday: week of Mon 11-09
                F.sample("steps", "2026-11-16T08:00:00+01:00", 10),  // Monday
                F.sample("steps", "2026-11-22T23:00:00+01:00", 1),  // Sunday, same week
            ])
            let result = try F.query(F.steps, bucket: .week, range: .weeks(2), asOf: "2026-11-22").fetchBuckets(
                from: store)
            XCTAssertEqual(result.buckets.map(\.start.description), ["2026-11-09", "2026-11-16"])
            XCTAssertEqual(result.buckets.map(\.end.description), ["2026-11-15", "2026-11-22"])
            assertValues(result.values, [100, 11])
        }
    }

    func testMonthsUseEachSamplesOwnOffset() throws {
        try StoreBackend.each {
            let store = try F.store([
                F.sample("steps", "2026-09-30T23:30:00-02:00", 1),  // 2026-10-01T01:30Z, September locally
                F.sample("steps", "2026-10-01T00:30:00+02:00", 2),  // 2026-09-30T22:30Z, October locally
                F.sample("steps", "2026-11-20T12:00:00+01:00", 4),
            ])
            let result = try F.query(F.steps, bucket: .month, range: .months(3), asOf: "2026-11-20").fetchBuckets(
                from: store)
            XCTAssertEqual(result.buckets.map(\.start.description), ["2026-09-01", "2026-10-01", "2026-11-01"])
            XCTAssertEqual(result.buckets.last?.end.description, "2026-11-30")
            assertValues(result.values, [1, 2, 4])
        }
    }
}
