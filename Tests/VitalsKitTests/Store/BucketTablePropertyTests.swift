import Foundation
import GRDB
import PropertyBased
import Testing

@testable import VitalsKit

/// The bucket bounds SQLite generates (`MetricQuery.bucketTable`, a recursive CTE stepping days,
/// ISO weeks or month lengths) are exactly the `local_start` bounds of the periods
/// `BucketCalendar` computes in Swift: any first day from 1896 to 2104 (leap years, 1900 and
/// 2100 that are not, 2000 that is), up to 300 periods (25 years of months), every bucket kind
/// and day cutoff.
@Suite struct BucketTablePropertyTests {
    static let buckets: [Bucket] = [.day, .week, .month, .none]
    static let cutoffs = [0, 240, 1080, 180, 720, 1439]

    @Test(arguments: StoreBackend.available) func generatedBoundsMatchTheCalendar(on backend: StoreBackend) async throws
    {
        let store = try StoreFixtures.emptyStore(on: backend)
        let firstDays = Gen.int(
            in: LocalDate(year: 1896, month: 1, day: 1).dayNumber...LocalDate(year: 2104, month: 12, day: 31).dayNumber)
        await propertyCheck(
            count: 300, input: firstDays, Gen.int(in: 0...300),
            Gen.int(in: 0...(Self.buckets.count * Self.cutoffs.count - 1))
        ) { day, length, settings in
            let bucket = Self.buckets[settings % Self.buckets.count]
            let cutoff = Self.cutoffs[settings / Self.buckets.count]
            let first = LocalDate(dayNumber: day)
            let last = bucket == .none ? first.adding(days: length) : BucketCalendar.back(-length, from: first, bucket)
            let periods = BucketCalendar.buckets(from: first, through: last, bucket)
            let query = try MetricQuery(
                binding: MetricBinding(seriesID: "steps", bucket: bucket, dayCutoffMinutes: cutoff),
                series: StoreFixtures.steps, asOf: first)
            let rows = try store.inSnapshot { db in
                try db.fetchAll("\(query.bucketTable(periods, bucket)) SELECT k, lo, hi FROM b ORDER BY k")
            }
            #expect(rows.map { $0["k"] as Int } == Array(periods.indices))
            #expect(rows.map { $0["lo"] as Int } == periods.map { query.localBound($0.start) })
            #expect(rows.map { $0["hi"] as Int } == periods.map { query.localBound($0.end.adding(days: 1)) })
        }
    }

    /// February of 1900 and 2100 has 28 days, of 2000 and 2024 29.
    @Test(arguments: StoreBackend.available) func monthsOfCenturyYears(on backend: StoreBackend) throws {
        let store = try StoreFixtures.emptyStore(on: backend)
        for year in [1900, 2000, 2024, 2100] {
            let first = LocalDate(year: year, month: 1, day: 1)
            let periods = BucketCalendar.buckets(from: first, through: LocalDate(year: year, month: 4, day: 1), .month)
            let query = try MetricQuery(
                binding: MetricBinding(seriesID: "steps", bucket: .month), series: StoreFixtures.steps, asOf: first)
            let days = try store.inSnapshot { db in
                try db.fetchAll("\(query.bucketTable(periods, .month)) SELECT (hi - lo) / 86400 FROM b ORDER BY k").map
                { $0[0] as Int }
            }
            #expect(days == [31, year % 400 == 0 || (year % 4 == 0 && year % 100 != 0) ? 29 : 28, 31, 30], "\(year)")
        }
    }

    /// No periods, no rows (a range that starts after the as-of day).
    @Test(arguments: StoreBackend.available) func noPeriodsGiveAnEmptyTable(on backend: StoreBackend) throws {
        let store = try StoreFixtures.emptyStore(on: backend)
        let query = try StoreFixtures.query(StoreFixtures.steps, bucket: .month, range: .days(7), asOf: "2026-02-28")
        for bucket in Self.buckets {
            let count = try store.inSnapshot { db in
                try db.fetchValue(Int.self, "\(query.bucketTable([], bucket)) SELECT COUNT(*) FROM b")
            }
            #expect(count == 0)
        }
    }
}
