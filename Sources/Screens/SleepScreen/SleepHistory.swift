import Foundation
import VitalsKit

/// The merged nights of the last `count` days up to the as-of day, read from the store.
struct SleepHistory {
    /// One entry per night, oldest first; nil where nothing was recorded.
    var nights: [(date: LocalDate, night: SleepNight?)]

    /// Reads the samples of `query`'s series and subject whose night (the day they count
    /// for, after the series' day cutoff) is one of the `count` nights ending on the as-of
    /// day, and merges each night.
    static func load(_ query: MetricQuery, count: Int, from store: SampleStore) throws -> SleepHistory {
        let last = query.asOf
        let first = last.adding(days: -(count - 1))
        // A night's samples start at most a day before its date, at any UTC offset.
        let samples = try store.samples(series: query.series.id, subject: query.subjectID,
                                        from: first.adding(days: -2).midnight(utcOffsetSeconds: 0),
                                        to: last.adding(days: 2).midnight(utcOffsetSeconds: 0))
        var byDate: [LocalDate: [SleepNight.Interval]] = [:]
        for sample in samples {
            let date = query.day(of: sample)
            guard date >= first, date <= last, let category = sample.category else { continue }
            byDate[date, default: []].append(SleepNight.Interval(
                start: Int64(sample.start.timeIntervalSince1970), end: Int64(sample.end.timeIntervalSince1970),
                utcOffsetSeconds: sample.utcOffsetSeconds, category: category, source: sample.source))
        }
        return SleepHistory(nights: (0..<count).map { index in
            let date = first.adding(days: index)
            let night = byDate[date].map { SleepNight(date: date, intervals: $0) }
            return (date, night.flatMap { $0.pieces.isEmpty ? nil : $0 })
        })
    }

    /// The nights that have data.
    var recorded: [SleepNight] { nights.compactMap(\.night) }
}

/// The mean and spread of a few numbers (clock minutes, durations).
public struct SleepSpread: Sendable, Hashable {
    public var count: Int
    public var mean: Double
    /// The population standard deviation.
    public var standardDeviation: Double
    public var minimum: Int
    public var maximum: Int

    /// nil for no values.
    public init?(_ values: [Int]) {
        guard let minimum = values.min(), let maximum = values.max() else { return nil }
        count = values.count
        let mean = Double(values.reduce(0, +)) / Double(values.count)
        self.mean = mean
        let squares = values.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) }
        standardDeviation = (squares / Double(values.count)).squareRoot()
        self.minimum = minimum
        self.maximum = maximum
    }
}
