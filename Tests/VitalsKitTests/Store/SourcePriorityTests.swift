import Foundation
import PropertyBased
import Testing

@testable import VitalsKit

/// `overlapping_sources: priority`: per real hour the best-ranked source that wrote in it counts
/// (the YAML's `source_priority`, else the stored ranking, unranked sources after, among them
/// the largest total), in buckets, splits, single samples, the latest value and the SQL form
/// alike; without a ranking the numbers are `hourly_max`'s; other aggregates see every source.
@Suite struct SourcePriorityTests {
    typealias F = StoreFixtures

    static func steps(_ rule: Series.OverlapRule? = .priority, yaml: [String]? = nil) -> Series {
        var series = F.steps
        series.overlappingSources = rule
        series.sourcePriority = yaml
        return series
    }

    static func step(_ text: String, _ value: Double, _ source: String) -> Sample {
        var sample = F.sample("steps", text, value)
        sample.source = source
        return sample
    }

    /// One day of four sources: 10:00 watch 300 and phone 900; 11:00 phone 400 alone; 12:00
    /// ring 50 and phone 70; 13:00 ring 20 and band 30.
    static let day = [
        step("2026-06-10T10:05:00+02:00", 300, "watch"), step("2026-06-10T10:10:00+02:00", 900, "phone"),
        step("2026-06-10T11:15:00+02:00", 400, "phone"),
        step("2026-06-10T12:15:00+02:00", 50, "ring"), step("2026-06-10T12:20:00+02:00", 70, "phone"),
        step("2026-06-10T13:20:00+02:00", 20, "ring"), step("2026-06-10T13:25:00+02:00", 30, "band"),
    ]

    /// Every way a day's sum is read: buckets, the split, the points, the SQL form.
    static func sums(_ query: MetricQuery, _ store: SampleStore) throws -> [Double] {
        let periods = try #require(try query.readPeriods(in: store))
        let sql = try store.inSnapshot { db in
            try db.fetchAll(query.bucketSQL(periods, .day)).compactMap { $0["v"] as Double? }
        }
        return [
            try query.fetchBuckets(from: store).buckets.compactMap(\.value).reduce(0, +),
            try query.fetchSplit(from: store, by: .tag).buckets.compactMap(\.total).reduce(0, +),
            try query.fetchPoints(from: store).map(\.value).reduce(0, +),
            sql.reduce(0, +),
        ]
    }

    @Test(arguments: StoreBackend.available)
    func theStoredRankingPicksEachHoursSource(on backend: StoreBackend) throws {
        let store = try F.emptyStore(on: backend)
        try store.insert(Self.day)
        try store.inTransaction { db in
            try db.replaceSourceRanking(subject: "me", series: "steps", sources: ["watch", "phone"])
        }
        #expect(try store.sourceRanking(subject: "me", series: "steps") == ["watch", "phone"])
        let query = try F.query(Self.steps(), range: .days(1), asOf: "2026-06-10")
        // 10:00 watch 300 (ranked first, though smaller), 11:00 phone 400, 12:00 phone 70
        // (ranked beats unranked ring), 13:00 band 30 (both unranked: the larger).
        #expect(try Self.sums(query, store) == [800, 800, 800, 800])
        // The latest sample is of the 13:00 hour's counted source.
        #expect(try query.fetchLatest(from: store)?.value == 30)
    }

    @Test(arguments: StoreBackend.available)
    func theYAMLOverridesTheStoredRanking(on backend: StoreBackend) throws {
        let store = try F.emptyStore(on: backend)
        try store.insert(Self.day)
        try store.inTransaction { db in
            try db.replaceSourceRanking(subject: "me", series: "steps", sources: ["watch", "phone"])
        }
        let query = try F.query(Self.steps(yaml: ["ring", "phone"]), range: .days(1), asOf: "2026-06-10")
        // 10:00 phone 900 (watch is unranked now), 11:00 phone 400, 12:00 ring 50, 13:00 ring 20.
        #expect(try Self.sums(query, store) == [1370, 1370, 1370, 1370])
    }

    @Test(arguments: StoreBackend.available)
    func withoutARankingItIsHourlyMax(on backend: StoreBackend) throws {
        let store = try F.emptyStore(on: backend)
        try store.insert(Self.day)
        let priority = try F.query(Self.steps(), range: .days(1), asOf: "2026-06-10")
        let hourlyMax = try F.query(Self.steps(.hourlyMax), range: .days(1), asOf: "2026-06-10")
        // 900 + 400 + 70 + 30.
        #expect(try Self.sums(priority, store) == [1400, 1400, 1400, 1400])
        #expect(try Self.sums(hourlyMax, store) == [1400, 1400, 1400, 1400])
        // A stored ranking does not change hourly_max.
        try store.inTransaction { db in
            try db.replaceSourceRanking(subject: "me", series: "steps", sources: ["watch"])
        }
        #expect(try Self.sums(hourlyMax, store) == [1400, 1400, 1400, 1400])
        // Another subject's ranking does not apply.
        try store.inTransaction { db in
            try db.replaceSourceRanking(subject: "me", series: "steps", sources: [])
            try db.replaceSourceRanking(subject: "ollie", series: "steps", sources: ["watch"])
        }
        #expect(try Self.sums(priority, store) == [1400, 1400, 1400, 1400])
    }

    /// Other aggregates see every source's samples, ranked or not.
    @Test(arguments: StoreBackend.available)
    func otherAggregatesAreUnchanged(on backend: StoreBackend) throws {
        let store = try F.emptyStore(on: backend)
        try store.insert(Self.day)
        try store.inTransaction { db in
            try db.replaceSourceRanking(subject: "me", series: "steps", sources: ["watch", "phone"])
        }
        let values = Self.day.map(\.value)
        for (aggregate, expected) in [
            (Aggregate.mean, values.reduce(0, +) / Double(values.count)), (.max, values.max()!),
            (.min, values.min()!), (.count, Double(values.count)),
        ] {
            let query = try F.query(Self.steps(), aggregate: aggregate, range: .days(1), asOf: "2026-06-10")
            #expect(try query.fetchBuckets(from: store).buckets.map(\.value) == [expected], "\(aggregate)")
        }
    }

    /// A re-stated ranking replaces the earlier one; a repeated source keeps its first place.
    @Test(arguments: StoreBackend.available)
    func aRankingIsReplaced(on backend: StoreBackend) throws {
        let store = try F.emptyStore(on: backend)
        try store.inTransaction { db in
            try db.replaceSourceRanking(subject: "me", series: "steps", sources: ["a", "b", "c"])
        }
        try store.inTransaction { db in
            try db.replaceSourceRanking(subject: "me", series: "steps", sources: ["c", "a", "c"])
        }
        #expect(try store.sourceRanking(subject: "me", series: "steps") == ["c", "a"])
    }

    static let zones = ["Europe/Amsterdam", "America/New_York"].map { TimeZone(identifier: $0)! }
    static let sources = ["watch", "phone", "ring", "band"]

    /// Random samples from up to four sources in the days around the spring-forward night of a
    /// zone (a day of 23 hours), some after the as-of day, ranked by a random stored or YAML
    /// ranking: each day's sum against a naive recomputation of the rule from its words.
    @Test func daySumsMatchANaiveRecomputation() async {
        await propertyCheck(count: 80, input: Gen.int(in: 0...Int.max).array(of: 1...50), Gen.int(in: 0...Int.max)) {
            codes, settings in
            var s = settings
            func pick(_ n: Int) -> Int {
                defer { s /= n }
                return s % n
            }
            let zone = Self.zones[pick(2)]
            let backend = StoreBackend.available[pick(StoreBackend.available.count)]
            let inYAML = pick(2) == 0
            // A ranking of 0 to 3 of the sources, in a random order.
            var ranking = Self.sources
            for i in ranking.indices.reversed() { ranking.swapAt(i, pick(i + 1)) }
            ranking = Array(ranking.prefix(pick(4)))
            // Spring forward: Amsterdam 29 Mar 2026 01:00 UTC, New York 8 Mar 2026 07:00 UTC.
            let change: Int64 = zone.identifier == "Europe/Amsterdam" ? 1_774_746_000 : 1_772_953_200
            var samples: [Sample] = []
            for code in codes {
                var c = code
                func take(_ n: Int) -> Int {
                    defer { c /= n }
                    return c % n
                }
                let start = change - 86_400 + Int64(take(96 * 6)) * 600
                let date = Date(timeIntervalSince1970: TimeInterval(start))
                samples.append(
                    Sample(
                        seriesID: "steps", start: date, utcOffsetSeconds: zone.secondsFromGMT(for: date),
                        value: Double(take(2000)), source: Self.sources[take(Self.sources.count)]))
            }
            var seen = Set<String>()
            samples = samples.filter { seen.insert("\($0.start) \($0.value) \($0.source)").inserted }
            let asOf = LocalDate(dayNumber: Int(change / 86_400) + 1)
            // Naive: a sample's day is its wall clock's date; days after the as-of day are not
            // read. Per day and real hour, each source's total; the first source of the ranking
            // that has one counts, else the largest total.
            var perDay: [Int: [Int64: [String: Double]]] = [:]
            for sample in samples {
                let seconds = Int64(sample.start.timeIntervalSince1970)
                let day = Int((Double(seconds + Int64(sample.utcOffsetSeconds)) / 86_400).rounded(.down))
                guard day <= asOf.dayNumber else { continue }
                perDay[day, default: [:]][seconds / 3600, default: [:]][sample.source, default: 0] += sample.value
            }
            let expected = perDay.mapValues { hours in
                hours.values.map { totals in
                    ranking.first { totals[$0] != nil }.map { totals[$0]! } ?? totals.values.max()!
                }
                .reduce(0, +)
            }
            do {
                let store = try F.emptyStore(on: backend)
                try store.insert(samples)
                if !inYAML {
                    try store.inTransaction { db in
                        try db.replaceSourceRanking(subject: "me", series: "steps", sources: ranking)
                    }
                }
                let query = try MetricQuery(
                    binding: MetricBinding(seriesID: "steps", aggregate: .sum, bucket: .day, range: .days(4)),
                    series: Self.steps(yaml: inYAML ? ranking : nil), asOf: asOf)
                for bucket in try query.fetchBuckets(from: store).buckets {
                    #expect(bucket.value == expected[bucket.start.dayNumber], "\(bucket.start) on \(backend)")
                }
                let split = try query.fetchSplit(from: store, by: .tag).buckets.compactMap(\.total).reduce(0, +)
                #expect(split == expected.values.reduce(0, +), "split on \(backend)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
