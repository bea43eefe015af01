/// The Hacker's Diet trend of a body weight: an exponentially smoothed moving average that sees
/// through a day's water swings, its weekly rate of change, and how far that rate carries.
///
/// - The trend starts at the first weigh-in; each later day with a weigh-in moves it a tenth of
///   the way to that day's weight: trend_t = trend_{t−1} + 0.1·(x_t − trend_{t−1}). A day
///   without a weigh-in keeps the trend where it was (no invented values), so a week away moves
///   nothing, and the first weigh-in after it counts as one day's step.
/// - A day's weigh-in is the one the `weigh_in` setting picks (first by default), as every
///   weight on the screens.
/// - The weekly rate is the least-squares slope of the last 14 days' trend values (ending on
///   the as-of day, days before the first weigh-in left out) times 7; it needs at least 2
///   weigh-ins in those days and 7 days of trend, else it is not given.
package struct WeightTrend: Sendable, Hashable {
    /// One day of the trend.
    package struct Day: Sendable, Hashable {
        package var date: LocalDate
        /// That day's weigh-in, nil for none.
        package var weight: Double?
        package var trend: Double
    }

    /// The smoothing factor (The Hacker's Diet's 10 %).
    package static let smoothing = 0.1
    /// Days the weekly rate is fitted over.
    package static let rateWindow = 14

    /// Every day from the first weigh-in through the as-of day.
    package var days: [Day]

    /// The trend of `weighIns` (one per day: `date` → weight) from the first through `asOf`;
    /// weigh-ins after `asOf` are ignored.
    package init(weighIns: [LocalDate: Double], through asOf: LocalDate) {
        let dates = weighIns.keys.filter { $0 <= asOf }.sorted()
        guard let first = dates.first, let start = weighIns[first] else {
            days = []
            return
        }
        var trend = start
        var result: [Day] = []
        var day = first
        while day <= asOf {
            let weight = weighIns[day]
            if let weight, day != first { trend += Self.smoothing * (weight - trend) }
            result.append(Day(date: day, weight: weight, trend: trend))
            day = day.adding(days: 1)
        }
        days = result
    }

    /// The trend on the as-of day.
    package var latest: Double? { days.last?.trend }

    /// Trend change per week over the last `rateWindow` days (see the type), nil when the
    /// data are too thin to say.
    package var weeklyRate: Double? {
        let window = days.suffix(Self.rateWindow)
        guard window.count >= 7, window.filter({ $0.weight != nil }).count >= 2 else { return nil }
        let xs = window.map { Double($0.date.dayNumber) }
        let ys = window.map(\.trend)
        guard let line = Correlation.fit(Array(xs), Array(ys)) else { return nil }
        return line.slope * 7
    }
}
