import Foundation
import VitalsKit

/// The store benchmark (`bench/store.sh`): a synthetic multi-year database and the queries
/// behind three typical charts, timed inside the process.
package enum StoreBenchmark {
    /// Series used by the synthetic data (all quantity series, base units as in the shipped catalog).
    package static let catalogSeries: [Series] = [
        Series(
            id: "steps", kind: .quantity, unit: .count, categories: [], min: 0, max: 100_000, rangeByKind: [:],
            healthKit: [], location: .init(file: "<bench>", line: 1, column: 1)),
        Series(
            id: "heart_rate", kind: .quantity, unit: .bpm, categories: [], min: 25, max: 250, rangeByKind: [:],
            healthKit: [], location: .init(file: "<bench>", line: 1, column: 1)),
        Series(
            id: "body_mass", kind: .quantity, unit: .kg, categories: [], min: 20, max: 200, rangeByKind: [:],
            healthKit: [], location: .init(file: "<bench>", line: 1, column: 1)),
        Series(
            id: "protein", kind: .quantity, unit: .g, categories: [], min: 0, max: 300, rangeByKind: [:], healthKit: [],
            location: .init(file: "<bench>", line: 1, column: 1)),
        Series(
            id: "sleep_analysis", kind: .category, unit: .min, categories: ["awake", "core", "deep", "rem"], min: 0,
            max: 1440, rangeByKind: [:], healthKit: [], location: .init(file: "<bench>", line: 1, column: 1)),
    ]

    /// Fills `store` with `years` of data ending at `asOf`: steps every 15 minutes, heart
    /// rate every 70 seconds, a hypnogram per night, a daily weight and four meals a day
    /// (protein, vegetables, fruits). About 500 000 samples a year. Returns the count.
    package static func generate(
        into store: SampleStore, years: Int, asOf: LocalDate,
        progress: (String) -> Void = { _ in }
    ) throws -> Int {
        let days = years * 365
        let first = asOf.adding(days: -(days - 1))
        var rng = DemoRandom(seed: 7, stream: "bench")
        var total = 0
        var batch: [Sample] = []
        func flush() throws {
            total += try store.insert(batch)
            batch.removeAll(keepingCapacity: true)
        }
        for index in 0..<days {
            let day = first.adding(days: index)
            let midnight = DemoClock.at(day, minutes: 0)
            let base = midnight.date.timeIntervalSince1970
            func add(
                _ series: String, _ second: Int, _ value: Double, duration: Int = 0, category: String? = nil,
                tag: String? = nil
            ) {
                let start = Date(timeIntervalSince1970: base + TimeInterval(second))
                batch.append(
                    Sample(
                        seriesID: series, start: start, end: start.addingTimeInterval(TimeInterval(duration)),
                        utcOffsetSeconds: midnight.offset, value: value, category: category, tag: tag, source: "bench"))
            }
            for quarter in 0..<96 {
                add("steps", quarter * 900, quarter < 28 ? 0 : Double(rng.int(0...900)), duration: 900)
            }
            var second = rng.int(0...69)
            while second < 86_400 {
                add("heart_rate", second, Double(rng.int(55...110)))
                second += 70
            }
            add("body_mass", 7 * 3600 + rng.int(0...1800), 80 + rng.gaussian(0.5))
            for (slot, hour) in [("breakfast", 7), ("lunch", 12), ("dinner", 18), ("snack", 15)] {
                add("protein", hour * 3600 + rng.int(0...1800), Double(rng.int(5...50)), tag: slot)
                add("vegetables", hour * 3600 + rng.int(0...1800), Double(rng.int(0...8)) * 0.25, tag: slot)
                add("fruits", hour * 3600 + rng.int(0...1800), Double(rng.int(0...4)) * 0.25, tag: slot)
            }
            var clock = 23 * 3600 + rng.int(0...2400)
            let stages = ["awake", "core", "deep", "core", "rem"]
            while clock < 24 * 3600 + 7 * 3600 {
                for stage in stages {
                    let length = rng.int(5...35) * 60
                    add("sleep_analysis", clock, Double(length / 60), duration: length, category: stage)
                    clock += length
                }
            }
            if batch.count > 200_000 {
                try flush()
                progress("\(day): \(total) samples")
            }
        }
        try flush()
        return total
    }

    /// The timed chart queries: a 30-day daily steps chart, a 1-year weekly steps chart, a
    /// 7-day rolling mean of body weight over 30 days, and (heavier) a 1-year weekly heart rate mean.
    package static func queries(asOf: LocalDate) throws -> [(name: String, query: MetricQuery)] {
        let steps = catalogSeries[0]
        let heart = catalogSeries[1]
        let mass = catalogSeries[2]
        return [
            (
                "30-day daily steps (sum)",
                try MetricQuery(
                    binding: MetricBinding(seriesID: "steps", aggregate: .sum, bucket: .day, range: .days(30)),
                    series: steps, asOf: asOf)
            ),
            (
                "1-year weekly steps (sum)",
                try MetricQuery(
                    binding: MetricBinding(seriesID: "steps", aggregate: .sum, bucket: .week, range: .years(1)),
                    series: steps, asOf: asOf)
            ),
            (
                "7-day rolling weight (30 days)",
                try MetricQuery(
                    binding: MetricBinding(
                        seriesID: "body_mass", aggregate: .mean, bucket: .day, range: .days(30), rolling: 7),
                    series: mass, asOf: asOf)
            ),
            (
                "1-year weekly heart rate (mean)",
                try MetricQuery(
                    binding: MetricBinding(seriesID: "heart_rate", aggregate: .mean, bucket: .week, range: .years(1)),
                    series: heart, asOf: asOf)
            ),
        ]
    }

    /// Runs `query` `runs` times after one warm-up; returns the times in milliseconds, sorted.
    package static func time(_ query: MetricQuery, in store: SampleStore, runs: Int) throws -> [Double] {
        _ = try query.fetchBuckets(from: store)
        var times: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try query.fetchBuckets(from: store)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return times.sorted()
    }
}
