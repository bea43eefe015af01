import Foundation
import PropertyBased
import Testing

@testable import VitalsKit

/// Steps from several devices on a fall-back night (`overlapping_sources: hourly_max`): the
/// wall-clock hour the clocks repeat is two hours of real time, each counted once from its
/// largest source, in buckets, splits, single samples and the SQL form alike; and against a
/// naive recomputation on random samples around both clock changes of two time zones.
@Suite struct FallBackHourTests {
    typealias F = StoreFixtures

    static var steps: Series {
        var series = F.steps
        series.overlappingSources = .hourlyMax
        return series
    }

    /// 25 Oct 2026 in Amsterdam: 02:00–03:00 happens at +02:00 (00:00–01:00 UTC), then again at
    /// +01:00 (01:00–02:00 UTC). First pass: watch 1,000, phone 500; second: watch 300, phone
    /// 1,300. Each real hour's largest: 1,000 + 1,300 = 2,300 (one wall-clock hour: 1,800).
    static let night = [
        step("2026-10-25T02:10:00+02:00", 1000, "watch"), step("2026-10-25T02:20:00+02:00", 500, "phone"),
        step("2026-10-25T02:10:00+01:00", 300, "watch"), step("2026-10-25T02:20:00+01:00", 1300, "phone"),
    ]

    static func step(_ text: String, _ value: Double, _ source: String) -> Sample {
        var sample = F.sample("steps", text, value)
        sample.source = source
        return sample
    }

    @Test(arguments: StoreBackend.available)
    func theRepeatedHourCountsTwice(on backend: StoreBackend) throws {
        let store = try F.emptyStore(on: backend)
        try store.insert(Self.night)
        let query = try F.query(Self.steps, range: .days(1), asOf: "2026-10-25")
        #expect(try query.fetchBuckets(from: store).buckets.map(\.value) == [2300])
        #expect(try query.fetchSplit(from: store, by: .tag).buckets.map(\.total) == [2300])
        #expect(try query.fetchPoints(from: store).map(\.value).reduce(0, +) == 2300)
        // The SQL form (`inlineSQL`, splits) gives the same sum.
        let periods = try #require(try query.readPeriods(in: store))
        let sql = try store.inSnapshot { db in
            try db.fetchAll(query.bucketSQL(periods, .day)).map { $0["v"] as Double? }
        }
        #expect(sql == [2300])
    }

    /// A scale writing UTC and a phone local time for the same minutes: one stretch of time.
    @Test(arguments: StoreBackend.available)
    func twoOffsetsForTheSameMinutesCountOnce(on backend: StoreBackend) throws {
        let store = try F.emptyStore(on: backend)
        try store.insert([
            Self.step("2026-11-20T09:10:00+01:00", 700, "phone"), Self.step("2026-11-20T08:15:00Z", 900, "watch"),
        ])
        let query = try F.query(Self.steps, range: .days(1), asOf: "2026-11-20")
        #expect(try query.fetchBuckets(from: store).buckets.map(\.value) == [900])
    }

    static let zones = ["Europe/Amsterdam", "America/New_York"].map { TimeZone(identifier: $0)! }
    static let sources = ["watch", "phone", "ring"]

    /// Random samples from up to three sources in the 48 hours around the fall-back night of a
    /// zone (each written at that zone's offset then, or in UTC by one device): the day sums
    /// against a naive recomputation of the rule from its words.
    @Test func daySumsMatchANaiveRecomputation() async {
        await propertyCheck(count: 80, input: Gen.int(in: 0...Int.max).array(of: 1...40), Gen.int(in: 0...Int.max)) {
            codes, settings in
            let zone = Self.zones[settings % 2]
            let backend = StoreBackend.available[(settings / 2) % StoreBackend.available.count]
            // The fall-back instants: Amsterdam 25 Oct 01:00 UTC, New York 1 Nov 06:00 UTC.
            let change: Int64 = settings % 2 == 0 ? 1_792_890_000 : 1_793_512_800
            var samples: [Sample] = []
            for code in codes {
                var c = code
                func take(_ n: Int) -> Int {
                    defer { c /= n }
                    return c % n
                }
                let start = change - 86_400 + Int64(take(48 * 12)) * 300
                let source = Self.sources[take(Self.sources.count)]
                let date = Date(timeIntervalSince1970: TimeInterval(start))
                let offset = source == "ring" && take(2) == 0 ? 0 : zone.secondsFromGMT(for: date)
                samples.append(
                    Sample(
                        seriesID: "steps", start: date, utcOffsetSeconds: offset,
                        value: Double(take(2000)), source: source))
            }
            var seen = Set<String>()
            samples = samples.filter { seen.insert("\($0.start) \($0.value) \($0.source)").inserted }
            // Naive: a sample's day is the date of its wall clock; per day and real hour, each
            // source's total, the largest counts.
            var perDay: [Int: [Int64: [String: Double]]] = [:]
            for sample in samples {
                let seconds = Int64(sample.start.timeIntervalSince1970)
                let day = Int((Double(seconds + Int64(sample.utcOffsetSeconds)) / 86_400).rounded(.down))
                perDay[day, default: [:]][seconds / 3600, default: [:]][sample.source, default: 0] += sample.value
            }
            let expected = perDay.mapValues { hours in hours.values.map { $0.values.max()! }.reduce(0, +) }
            do {
                let store = try F.emptyStore(on: backend)
                try store.insert(samples)
                let asOf = LocalDate(dayNumber: Int(change / 86_400) + 2)
                let query = try MetricQuery(
                    binding: MetricBinding(seriesID: "steps", aggregate: .sum, bucket: .day, range: .days(6)),
                    series: Self.steps, asOf: asOf)
                for bucket in try query.fetchBuckets(from: store).buckets {
                    #expect(bucket.value == expected[bucket.start.dayNumber], "\(bucket.start) on \(backend)")
                }
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
