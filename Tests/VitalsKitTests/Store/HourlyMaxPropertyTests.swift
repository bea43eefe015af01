import Foundation
import GRDB
import PropertyBased
import Testing

@testable import VitalsKit

/// `overlapping_sources: hourly_max` sums read in Swift (`HourlyMaxSums`, one index scan)
/// against the same sums grouped by SQLite (`MetricQuery.hourlyMaxSum`, per period GROUP BY
/// hour and source): random samples from up to four sources (names differing only in case or a
/// quote), zero values, offsets from −10 h to +14 h, day cutoffs on and off the hour (04:30
/// splits an hour between two days), day, week, month and whole-range buckets.
@Suite struct HourlyMaxPropertyTests {
    static let sources = ["watch", "Watch", "phone's", "app"]
    static let cutoffs = [0, 270, 45, 240, 1080, 1439]
    static let buckets: [Bucket] = [.day, .week, .month, .none]
    static let offsets = [-36_000, 0, 3600, 7200, 19_800, 50_400]

    @Test(arguments: StoreBackend.available) func swiftSumsMatchSQLiteGrouping(on backend: StoreBackend) async throws {
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int.max).array(of: 0...60), Gen.int(in: 0...Int.max)) {
            codes, settings in
            var rest = settings
            func take(_ n: Int) -> Int {
                defer { rest /= n }
                return rest % n
            }
            let cutoff = Self.cutoffs[take(Self.cutoffs.count)]
            let bucket = Self.buckets[take(Self.buckets.count)]
            let range: TimeRange = [.days(10), .weeks(3), .months(2), .all][take(4)]
            let asOf = LocalDate(year: 2026, month: 3, day: 20).adding(days: take(20))
            var samples: [Sample] = []
            for code in codes {
                var c = code
                func part(_ n: Int) -> Int {
                    defer { c /= n }
                    return c % n
                }
                // Half the samples within half an hour of the day cutoff, local time, where an
                // hour may be split between two days.
                let offset = Self.offsets[part(Self.offsets.count)]
                let local = part(2) == 0 ? cutoff * 60 - 1800 + part(3600) : part(86_400)
                let start = Date(
                    // March 2026
                    timeIntervalSince1970: TimeInterval(1_772_323_200 + part(30) * 86_400 + local - offset))
                let value = part(4) == 0 ? 0 : Double(part(1000)) / 8
                samples.append(
                    Sample(
                        seriesID: "steps", start: start, utcOffsetSeconds: offset,
                        value: value, source: Self.sources[part(Self.sources.count)]))
            }
            let store = try StoreFixtures.caseStore(on: backend)
            try store.insert(samples)
            var series = StoreFixtures.steps
            series.overlappingSources = .hourlyMax
            let query = try MetricQuery(
                binding: MetricBinding(
                    seriesID: "steps", aggregate: .sum, bucket: bucket, range: range,
                    dayCutoffMinutes: cutoff),
                series: series, asOf: asOf)
            guard let periods = try query.readPeriods(in: store), !periods.isEmpty else { return }
            let swift = try query.hourlyMaxSums(in: store, periods: periods)
            var sqlite = [Double?](repeating: nil, count: periods.count)
            try store.inSnapshot { db in
                for row in try db.fetchAll(query.bucketSQL(periods, bucket)) {
                    sqlite[row["k"] as Int] = row["v"]
                }
            }
            #expect(swift.count == sqlite.count)
            for (index, (a, b)) in zip(swift, sqlite).enumerated() {
                #expect(
                    MetricQueryPropertyTests.close(a, b),
                    "period \(index) \(periods[index].start): \(String(describing: a)) vs \(String(describing: b))")
            }
        }
    }
}
