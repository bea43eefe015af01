import Foundation

extension MetricQuery {
    /// The binding's target in the display unit: written in the binding's `unit` (else the
    /// series' base unit), converted when the person chose other units (110 g → 3.9 oz).
    public var displayTarget: Target? {
        guard let target = binding.target else { return nil }
        let declared = binding.unit.flatMap(KnownUnit.named) ?? series.unit.known
        guard aggregate != .count, declared != displayUnit,
            let factor = declared.scale(to: displayUnit)
        else { return target }
        func value(_ v: Double) -> Double { declared.convert(v, to: displayUnit) ?? v * factor }
        switch target {
        case .exact(let goal, let tolerance): return .exact(value: value(goal), tolerance: tolerance * factor)
        case .atLeast(let goal): return .atLeast(value(goal))
        case .atMost(let limit): return .atMost(value(limit))
        case .range(let low, let high): return .range(min: value(low), max: value(high))
        }
    }

    /// The metric's target judged per day over all its history: current and best streak
    /// (the best one ever), % of days on target over 7/30/90 days, today's value and what
    /// remains; nil when the binding has no target.
    ///
    /// Days use the metric's aggregate, cutoff, unit and `divide_by`. A day with nothing
    /// logged counts as 0 for `sum` and `count` (nothing eaten is zero portions) and as
    /// "no value, not met" for the other aggregates. `target` overrides the binding's (which is
    /// converted to the display unit). Days before the first sample are not evaluated.
    public func fetchTargetSummary(from store: SampleStore, target: Target? = nil) throws -> TargetSummary? {
        guard let target = target ?? displayTarget else { return nil }
        var daily = self
        daily.binding.bucket = .day
        daily.binding.range = .all
        daily.binding.rolling = nil
        let days = try daily.fetchTargetPeriods(from: store, target: target) ?? []
        // A night recorded on the as-of day is over (it ended that morning): judged either way.
        let finished = isSleep && days.last.map { $0.date == asOf && $0.value != nil } == true
        return TargetSummary.evaluate(
            days: days, target: target, asOf: asOf, unit: unitSymbol,
            lastDayFinished: finished)
    }

    /// The metric's own buckets over its range judged against the target, oldest first, the
    /// last one holding the as-of day (a weekly target judges weeks); nil without a target.
    ///
    /// The same rules as `fetchTargetSummary` (which is this with day buckets over all
    /// history): nothing logged is 0 for `sum` and `count` (but a sleep night without a record
    /// has no value), else no value and not met; buckets
    /// before the one holding the first sample are left out (none at all without a sample on
    /// or before the as-of day); no rolling mean.
    public func fetchTargetPeriods(from store: SampleStore, target: Target? = nil) throws -> [TargetDay]? {
        guard let target = target ?? displayTarget else { return nil }
        // Nothing recorded on or before the as-of day: nothing to judge (not "1 of 1 days on
        // target" from a zero that was never logged).
        guard let earliestDay = try earliestDay(in: store), earliestDay <= asOf else { return [] }
        let asOfBucket = BucketCalendar.start(of: asOf, bucket)
        var first = min(BucketCalendar.start(of: earliestDay, bucket), asOfBucket)
        if let rangeStart = BucketCalendar.rangeStart(range, asOf: asOf) {
            let rangeFirst = bucket == .none ? rangeStart : BucketCalendar.firstBucket(onOrAfter: rangeStart, bucket)
            first = max(first, min(rangeFirst, asOfBucket))
        }
        var periods = try aggregate(in: store, periods: BucketCalendar.buckets(from: first, through: asOf, bucket))
        if let divisor { periods = try divide(periods, by: divisor, in: store) }
        // A night without a record has no value (not met, as on the Sleep screen), so an as-of
        // night not recorded yet is pending rather than a zero judged as missed.
        let zeroWhenEmpty = (aggregate == .sum || aggregate == .count) && !isSleep
        return periods.map { period in
            let value = period.value ?? (zeroWhenEmpty && !period.hasData ? 0 : nil)
            return TargetDay(date: period.start, value: value, isMet: value.map { target.isMet(by: $0) } ?? false)
        }
    }
}

extension TargetSummary {
    /// Streaks and percentages from per-day results ending with the as-of day (pure logic).
    public static func evaluate(
        days: [TargetDay], target: Target, asOf: LocalDate, unit: String,
        lastDayFinished: Bool = false
    ) -> TargetSummary {
        let today = days.last { $0.date == asOf }
        let whole = TargetTally(days, lastFinished: lastDayFinished)
        var summary = TargetSummary(
            target: target, currentStreak: whole.currentStreak, bestStreak: whole.bestStreak,
            percentOnTarget7: 0, percentOnTarget30: 0, percentOnTarget90: 0,
            today: today?.value, todayRemaining: nil, days: days, unit: unit,
            lastDayFinished: lastDayFinished)
        func percent(_ window: Int) -> Double {
            let (met, counted) = summary.daysOnTarget(last: window)
            return TargetTally.percent(met: met, counted: counted)
        }
        summary.percentOnTarget7 = percent(7)
        summary.percentOnTarget30 = percent(30)
        summary.percentOnTarget90 = percent(90)

        var remaining: Double?
        let value = today?.value ?? 0
        switch target {
        case .atLeast(let goal): remaining = max(0, goal - value)
        case .exact(let goal, _): remaining = max(0, goal - value)
        case .range(let low, _): remaining = max(0, low - value)
        case .atMost(let limit): remaining = limit - value
        }
        if today?.value == nil && today != nil { remaining = nil }

        summary.todayRemaining = remaining
        return summary
    }
}
