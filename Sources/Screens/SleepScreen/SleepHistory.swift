import Foundation
import VitalsKit

/// The merged nights (`SleepNight`, in VitalsKit) of a span of days up to the as-of day.
struct SleepHistory {
    /// One entry per night, oldest first; nil where nothing was recorded.
    var nights: [(date: LocalDate, night: SleepNight?)]

    /// The `count` nights ending on `query`'s as-of day, merged from every source.
    static func load(_ query: MetricQuery, count: Int, from store: SampleStore) throws -> SleepHistory {
        let last = query.asOf
        return SleepHistory(
            nights: try query.fetchSleepNights(
                from: store, first: last.adding(days: -(max(1, count) - 1)),
                last: last))
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
