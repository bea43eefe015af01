import Foundation
import PropertyBased
import Testing

@testable import VitalsKit

/// `MetricQuery` against `NaiveMetric` on random samples: three time zones (Amsterdam and New
/// York change clocks in March and October/November, Kolkata never does), several samples per
/// day, meal tags and sources, morning and evening day cutoffs, every aggregate, day, week and
/// month buckets, ranges from a week to all time, rolling windows, splits, regrouping and the
/// target summary with its streaks.
@Suite struct MetricQueryPropertyTests {
    static let zones = ["Europe/Amsterdam", "America/New_York", "Asia/Kolkata"].map { TimeZone(identifier: $0)! }
    static let windows = [DateComponents(year: 2026, month: 3, day: 1), DateComponents(year: 2026, month: 10, day: 10)]
    static let tags = ["breakfast", "lunch", "dinner", "snack", ""]
    static let aggregates: [Aggregate] = [.sum, .mean, .min, .max, .count, .first, .last]
    static let cutoffs = [0, 240, 1080, 180]
    static let buckets: [Bucket] = [.day, .week, .month]
    static let ranges: [TimeRange] = [.days(7), .days(30), .weeks(4), .months(2), .all]
    static let rollings: [Int?] = [nil, 3, 7]

    /// One generated case: the samples (as entries), the store holding them and the query.
    struct Case {
        var naive: NaiveMetric
        var query: MetricQuery
        var store: SampleStore
        var limit: Int
    }

    /// Decodes a sample from a random number: its zone, window, day, clock time, value, tag and
    /// source. The local clock time is turned into an instant the way a phone in that zone
    /// would (a time skipped by the spring change moves on by an hour) and the offset recorded
    /// is the zone's at that instant.
    static func entry(_ code: Int, window: Int) -> (NaiveMetric.Entry, String) {
        var rest = code
        func take(_ n: Int) -> Int {
            defer { rest /= n }
            return rest % n
        }
        let zone = zones[take(zones.count)]
        let day = take(60)
        let second = take(86_400)
        let value = Double(take(1200) + 1) / 4
        let tag = tags[take(tags.count)]
        let source = ["watch", "phone", "app"][take(3)]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var components = windows[window]
        components.day! += day
        components.hour = second / 3600
        components.minute = second / 60 % 60
        components.second = second % 60
        let start = calendar.date(from: components)!
        return (
            NaiveMetric.Entry(start: start, offset: zone.secondsFromGMT(for: start), value: value, tag: tag), source
        )
    }

    static func makeCase(codes: [Int], settings: Int, on backend: StoreBackend) throws -> Case {
        var rest = settings
        func take(_ n: Int) -> Int {
            defer { rest /= n }
            return rest % n
        }
        let window = take(2)
        let aggregate = aggregates[take(aggregates.count)]
        let cutoff = cutoffs[take(cutoffs.count)]
        let bucket = buckets[take(buckets.count)]
        let range = ranges[take(ranges.count)]
        var rolling = rollings[take(rollings.count)]
        if aggregate != .sum, aggregate != .mean { rolling = nil }
        let asOfDay = take(75)
        let limit = take(20) + 1
        // Half the cases: a series summed once per hour over several sources, each sample
        // also recorded by another source over the same minutes with another value.
        let hourlyMax = take(2) == 1

        // One sample per local second (samples of different zones may share an instant: "first"
        // and "last" order by instant, ties broken by value, tag and source).
        var seen = Set<Int>()
        var entries: [NaiveMetric.Entry] = []
        var samples: [Sample] = []
        for code in codes {
            var (entry, source) = entry(code, window: window)
            entry.source = source
            var recorded = [entry]
            if hourlyMax {
                var copy = entry
                copy.start += 30
                copy.source = source == "watch" ? "phone" : "watch"
                copy.value = Double((code / 7) % 1200 + 1) / 4
                recorded.append(copy)
            }
            for entry in recorded {
                guard seen.insert(entry.wallClock).inserted else { continue }
                entries.append(entry)
                samples.append(
                    Sample(
                        seriesID: "protein", start: entry.start, utcOffsetSeconds: entry.offset,
                        value: entry.value, tag: entry.tag.isEmpty ? nil : entry.tag, source: entry.source))
            }
        }
        let store = try StoreFixtures.caseStore(on: backend)
        try store.insert(samples)

        var asOf = windows[window]
        asOf.day! += asOfDay
        asOf = NaiveMetric.components(NaiveMetric.midnight(asOf))
        let binding = MetricBinding(
            seriesID: "protein", aggregate: aggregate, bucket: bucket, range: range,
            rolling: rolling, target: .atLeast(60), dayCutoffMinutes: cutoff)
        var series = StoreFixtures.protein
        series.overlappingSources = hourlyMax ? .hourlyMax : nil
        let query = try MetricQuery(
            binding: binding, series: series,
            asOf: LocalDate(year: asOf.year!, month: asOf.month!, day: asOf.day!))
        let naive = NaiveMetric(
            entries: entries, aggregate: aggregate, bucket: bucket, range: range,
            cutoffMinutes: cutoff, rolling: rolling, asOf: asOf, hourlyMax: hourlyMax)
        return Case(naive: naive, query: query, store: store, limit: limit)
    }

    static let samples = Gen.int(in: 0...Int.max).array(of: 0...40)
    static let settings = Gen.int(in: 0...Int.max)

    static func close(_ a: Double?, _ b: Double?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let x?, let y?): return abs(x - y) <= 1e-9 * max(1, abs(x), abs(y))
        default: return false
        }
    }

    @Test(arguments: StoreBackend.available) func bucketsAndRollingMeansMatchTheDefinitions(on backend: StoreBackend)
        async throws
    {
        await propertyCheck(count: 150, input: Self.samples, Self.settings) { codes, settings in
            let c = try Self.makeCase(codes: codes, settings: settings, on: backend)
            let series = try c.query.fetchBuckets(from: c.store)
            let expected = c.naive.buckets
            #expect(series.buckets.map(\.start) == expected.map { NaiveMetric.local($0.start) })
            for (bucket, naive) in zip(series.buckets, expected) {
                #expect(
                    Self.close(bucket.raw, naive.raw),
                    "raw \(bucket.start): \(String(describing: bucket.raw)) vs \(String(describing: naive.raw))")
                #expect(
                    Self.close(bucket.value, naive.value),
                    "value \(bucket.start): \(String(describing: bucket.value)) vs \(String(describing: naive.value))")
            }
        }
    }

    @Test(arguments: StoreBackend.available) func regroupedBucketsAreMeansOfTheBucketsInThem(on backend: StoreBackend)
        async throws
    {
        await propertyCheck(count: 100, input: Self.samples, Self.settings) { codes, settings in
            let c = try Self.makeCase(codes: codes, settings: settings, on: backend)
            let series = try c.query.fetchBuckets(from: c.store)
            let fitted = series.fitting(c.limit)
            let expected = c.naive.buckets
            guard expected.count > c.limit else {
                #expect(fitted == series)
                return
            }
            // The finest of week, month, quarter, year that fits (a bucket goes by its first day).
            func periodStart(_ date: Date, _ period: RegroupedPeriod) -> Date {
                let c = NaiveMetric.components(date)
                switch period {
                case .week: return NaiveMetric.iso.dateInterval(of: .weekOfYear, for: date)!.start
                case .month: return NaiveMetric.utc.date(from: DateComponents(year: c.year, month: c.month, day: 1))!
                case .quarter:
                    return NaiveMetric.utc.date(
                        from: DateComponents(year: c.year, month: (c.month! - 1) / 3 * 3 + 1, day: 1))!
                case .year: return NaiveMetric.utc.date(from: DateComponents(year: c.year, month: 1, day: 1))!
                }
            }
            let candidates = RegroupedPeriod.allCases.filter { period in
                switch c.naive.bucket {
                case .day: return true
                case .week: return period != .week
                case .month, .none: return period == .quarter || period == .year
                }
            }
            let period =
                candidates.first { p in Set(expected.map { periodStart($0.start, p) }).count <= c.limit } ?? candidates
                .last!
            #expect(fitted.regrouped == period)
            let groups = Dictionary(grouping: expected) { periodStart($0.start, period) }
            let starts = groups.keys.sorted()
            #expect(fitted.buckets.map(\.start) == starts.map(NaiveMetric.local))
            for (bucket, start) in zip(fitted.buckets, starts) {
                let present = groups[start]!.compactMap(\.raw)
                let mean = present.isEmpty ? nil : present.reduce(0, +) / Double(present.count)
                #expect(Self.close(bucket.value, mean))
            }
        }
    }

    @Test(arguments: StoreBackend.available) func splitsByTagMatchTheDefinitions(on backend: StoreBackend) async throws
    {
        await propertyCheck(count: 100, input: Self.samples, Self.settings) { codes, settings in
            let c = try Self.makeCase(codes: codes, settings: settings, on: backend)
            let split = try c.query.fetchSplit(from: c.store, by: .tag)
            let expected = c.naive.split
            #expect(split.buckets.map(\.start) == expected.map { NaiveMetric.local($0.start) })
            #expect(Set(split.keys) == Set(expected.flatMap(\.values.keys)))
            for (bucket, naive) in zip(split.buckets, expected) {
                for (index, key) in split.keys.enumerated() {
                    #expect(Self.close(bucket.values[index], naive.values[key]), "\(bucket.start) \(key)")
                }
            }
            // Regrouped to fit: each key's total over the buckets with any data in the period,
            // divided by how many such buckets there are (the stack's total is their mean total).
            let (fitted, period) = split.fitting(c.limit, bucket: c.naive.bucket)
            guard let period else {
                #expect(expected.count <= c.limit)
                return
            }
            var groups: [LocalDate: [(start: Date, values: [String: Double])]] = [:]
            for bucket in expected {
                groups[period.start(of: NaiveMetric.local(bucket.start)), default: []].append(bucket)
            }
            #expect(fitted.buckets.map(\.start) == groups.keys.sorted())
            for bucket in fitted.buckets {
                let logged = groups[bucket.start]!.filter { !$0.values.isEmpty }
                for (index, key) in fitted.keys.enumerated() {
                    let values = logged.compactMap { $0.values[key] }
                    let expectedValue = values.isEmpty ? nil : values.reduce(0, +) / Double(logged.count)
                    #expect(Self.close(bucket.values[index], expectedValue), "\(bucket.start) \(key)")
                }
            }
        }
    }

    @Test(arguments: StoreBackend.available) func targetSummaryAndStreaksMatchTheDefinitions(on backend: StoreBackend)
        async throws
    {
        await propertyCheck(count: 150, input: Self.samples, Self.settings) { codes, settings in
            let c = try Self.makeCase(codes: codes, settings: settings, on: backend)
            let target = Target.atLeast(60)
            let summary = try #require(try c.query.fetchTargetSummary(from: c.store))
            let expected = c.naive.streaks(target)
            let days = c.naive.judgedDays(target)
            #expect(summary.days.map(\.date) == days.map { NaiveMetric.local($0.day) })
            #expect(zip(summary.days, days).allSatisfy { Self.close($0.value, $1.value) && $0.isMet == $1.met })
            #expect(summary.currentStreak == expected.current)
            #expect(summary.bestStreak == expected.best)
            for (window, (met, counted)) in zip([7, 30, 90], expected.windows) {
                #expect(summary.daysOnTarget(last: window) == (met, counted) as (Int, Int), "window \(window)")
            }
            #expect(
                Self.close(
                    summary.percentOnTarget7,
                    expected.windows[0].1 == 0
                        ? 0
                        : Double(expected.windows[0].0) * 100 / Double(expected.windows[0].1)))
            #expect(Self.close(summary.today, days.last?.value))
        }
    }

    @Test(arguments: StoreBackend.available) func targetPeriodsOfAChartCountLikeTheSummary(on backend: StoreBackend)
        async throws
    {
        await propertyCheck(count: 100, input: Self.samples, Self.settings) { codes, settings in
            let c = try Self.makeCase(codes: codes, settings: settings, on: backend)
            var daily = c.query
            daily.binding.bucket = .day
            daily.binding.rolling = nil
            let periods = try #require(try daily.fetchTargetPeriods(from: c.store))
            let summary = try #require(try daily.fetchTargetSummary(from: c.store))
            // The chart's days are the summary's days inside the range.
            let first = BucketCalendar.rangeStart(daily.range, asOf: daily.asOf)
            #expect(periods == summary.days.filter { day in first.map { day.date >= $0 } ?? true })
            let tally = TargetTally(periods)
            #expect(tally == summary.tally(from: first))
        }
    }

    @Test(arguments: StoreBackend.available) func latestAndPointsMatchTheDefinitions(on backend: StoreBackend)
        async throws
    {
        await propertyCheck(count: 100, input: Self.samples, Self.settings) { codes, settings in
            let c = try Self.makeCase(codes: codes, settings: settings, on: backend)
            let latest = try c.query.fetchLatest(from: c.store)
            if [.first, .last, .mean].contains(c.query.aggregate) {
                // A day stands for its picked value: the latest day's and the one before it.
                let days = Set(c.naive.entries.map(c.naive.day).filter { $0 <= c.naive.asOfDate }).sorted(by: >)
                let value = { (day: Date) in c.naive.value(of: c.naive.entries.filter { c.naive.day($0) == day }) }
                #expect(Self.close(latest?.value, days.first.flatMap(value)))
                #expect(latest?.date == days.first.map(NaiveMetric.local))
                #expect(Self.close(latest?.previous, days.count > 1 ? value(days[1]) : nil))
                #expect(latest?.previousDate == (days.count > 1 ? NaiveMetric.local(days[1]) : nil))
            } else {
                let upTo = c.naive.countedEntries.filter { c.naive.day($0) <= c.naive.asOfDate }.sorted {
                    $0.wallClock > $1.wallClock
                }
                #expect(latest?.value == upTo.first?.value)
                #expect(latest?.date == upTo.first.map { NaiveMetric.local(c.naive.day($0)) })
                #expect(latest?.previous == (upTo.count > 1 ? upTo[1].value : nil))
            }
            let newest = c.naive.entries.max { $0.wallClock < $1.wallClock }
            #expect(try c.query.fetchNewestDay(from: c.store) == newest.map { NaiveMetric.local(c.naive.day($0)) })
            // The points: every sample whose day lies in the range's buckets, in local time order.
            let points = try c.query.fetchPoints(from: c.store)
            let inRange =
                c.naive.bucketStarts.first.map { first in
                    c.naive.countedEntries.filter { c.naive.day($0) >= first && c.naive.day($0) <= c.naive.asOfDate }
                        .sorted { $0.wallClock < $1.wallClock }
                } ?? []
            #expect(points.map(\.value) == inRange.map(\.value))
            #expect(points.map(\.date) == inRange.map { NaiveMetric.local(c.naive.day($0)) })
        }
    }
}
