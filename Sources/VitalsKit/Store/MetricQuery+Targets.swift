import Foundation

extension MetricQuery {
    /// How many days back target streaks are evaluated (best streak looks no further).
    public static let targetHistoryDays = 730

    /// The binding's target in the display unit: written in the binding's `unit` (else the
    /// series' base unit), converted when the person chose other units (110 g → 3.9 oz).
    public var displayTarget: Target? {
        guard let target = binding.target else { return nil }
        let base = KnownUnit.named(series.unit.rawValue)!
        let declared = binding.unit.flatMap(KnownUnit.named) ?? base
        guard aggregate != .count, declared != displayUnit,
              let factor = declared.convert(1, to: displayUnit) else { return target }
        func value(_ v: Double) -> Double { declared.convert(v, to: displayUnit) ?? v * factor }
        switch target {
        case .exact(let goal, let tolerance): return .exact(value: value(goal), tolerance: tolerance * factor)
        case .atLeast(let goal): return .atLeast(value(goal))
        case .atMost(let limit): return .atMost(value(limit))
        case .range(let low, let high): return .range(min: value(low), max: value(high))
        }
    }

    /// The metric's target judged per day: current and best streak, % of days on target over
    /// 7/30/90 days, today's value and what remains; nil when the binding has no target.
    ///
    /// Days use the metric's aggregate, cutoff, unit and `divide_by`. A day with nothing
    /// logged counts as 0 for `sum` and `count` (nothing eaten is zero portions) and as
    /// "no value, not met" for the other aggregates. `target` overrides the binding's (which is
    /// converted to the display unit).
    public func fetchTargetSummary(from store: SampleStore, target: Target? = nil) throws -> TargetSummary? {
        guard let target = target ?? displayTarget else { return nil }
        let earliest = try earliestDay(in: store) ?? asOf
        let first = max(earliest, asOf.adding(days: -(MetricQuery.targetHistoryDays - 1)))
        var periods = try aggregate(in: store, periods: BucketCalendar.buckets(from: min(first, asOf), through: asOf, .day))
        if let divisor { periods = try divide(periods, by: divisor, in: store) }
        let zeroWhenEmpty = aggregate == .sum || aggregate == .count
        let days = periods.map { period -> TargetDay in
            let value = period.value ?? (zeroWhenEmpty && !period.hasData ? 0 : nil)
            return TargetDay(date: period.start, value: value, isMet: value.map(target.isMet(by:)) ?? false)
        }
        return TargetSummary.evaluate(days: days, target: target, asOf: asOf, unit: unitSymbol)
    }
}

extension TargetSummary {
    /// Streaks and percentages from per-day results ending with the as-of day (pure logic).
    public static func evaluate(days: [TargetDay], target: Target, asOf: LocalDate, unit: String) -> TargetSummary {
        let metByDay = Dictionary(days.map { ($0.date, $0.isMet) }, uniquingKeysWith: { $1 })
        let today = days.last { $0.date == asOf }
        // An unfinished (not yet met) today neither counts nor breaks anything.
        let lastCounted = (today?.isMet ?? false) ? asOf : asOf.adding(days: -1)

        var current = 0
        var cursor = lastCounted
        while metByDay[cursor] == true { current += 1; cursor = cursor.adding(days: -1) }

        var best = 0, run = 0
        for day in days where day.date <= lastCounted {
            run = day.isMet ? run + 1 : 0
            best = max(best, run)
        }

        // Days before the first evaluated day (no history yet) do not count against the target.
        let firstDay = days.first?.date ?? asOf
        func percent(_ window: Int) -> Double {
            let counted = (0..<window).map { lastCounted.adding(days: -$0) }.filter { $0 >= firstDay }
            guard !counted.isEmpty else { return 0 }
            return Double(counted.filter { metByDay[$0] == true }.count) * 100 / Double(counted.count)
        }

        var remaining: Double?
        let value = today?.value ?? 0
        switch target {
        case .atLeast(let goal): remaining = max(0, goal - value)
        case .exact(let goal, _): remaining = max(0, goal - value)
        case .range(let low, _): remaining = max(0, low - value)
        case .atMost(let limit): remaining = limit - value
        }
        if today?.value == nil && today != nil { remaining = nil }

        return TargetSummary(target: target, currentStreak: current, bestStreak: best,
                             percentOnTarget7: percent(7), percentOnTarget30: percent(30),
                             percentOnTarget90: percent(90), today: today?.value,
                             todayRemaining: remaining, days: days, unit: unit)
    }
}
