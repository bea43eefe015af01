/// Periods judged against a target, counted the one way every screen, chart and module uses:
/// how many were on target, how many counted, the current streak and the best streak.
///
/// The periods are consecutive (days, or weeks for a weekly target), oldest first, the last
/// one the as-of period. While the as-of period is not met it is unfinished: it neither
/// counts nor breaks a streak. A period without a value is counted and not met (a day with
/// nothing logged is judged by the caller: zero for sums and counts, no value otherwise).
public struct TargetTally: Sendable, Hashable {
    /// Periods on target.
    public var met: Int
    /// Periods judged (the unfinished as-of period left out).
    public var counted: Int
    /// Consecutive periods on target ending with the last counted one.
    public var currentStreak: Int
    /// The longest run of periods on target among those counted.
    public var bestStreak: Int

    public init(met: Int, counted: Int, currentStreak: Int, bestStreak: Int) {
        self.met = met; self.counted = counted; self.currentStreak = currentStreak; self.bestStreak = bestStreak
    }

    /// Counts `periods` (oldest first, consecutive, the last one the as-of period).
    public init(_ periods: [TargetDay]) {
        var judged = periods[...]
        if let last = judged.last, !last.isMet { judged = judged.dropLast() }
        var met = 0, run = 0, best = 0
        for period in judged {
            if period.isMet { met += 1; run += 1; best = max(best, run) } else { run = 0 }
        }
        self.init(met: met, counted: judged.count, currentStreak: run, bestStreak: best)
    }

    /// Percent (0–100) of the counted periods on target; 0 when none counted.
    public var percent: Double { counted == 0 ? 0 : Double(met) * 100 / Double(counted) }
}

extension TargetSummary {
    /// The tally over the evaluated days from `first` on (the last `n` days: `first` is
    /// `asOf − (n − 1)`); the whole history when nil. Days before the metric's first sample
    /// were never evaluated and are not counted.
    public func tally(from first: LocalDate? = nil) -> TargetTally {
        guard let first else { return TargetTally(days) }
        return TargetTally(days.filter { $0.date >= first })
    }

    /// How many of the last `window` days were on target and how many were counted: the same
    /// days `percentOnTarget7/30/90` use (ending today once today is met, else yesterday;
    /// days before the first evaluated day are left out). "5 of 7 days" on a summary line.
    public func daysOnTarget(last window: Int) -> (met: Int, counted: Int) {
        guard let newest = days.last, window > 0 else { return (0, 0) }
        // The window ends with the last counted day: today once met, else yesterday.
        let lastCounted = newest.isMet ? newest.date : newest.date.adding(days: -1)
        let tally = TargetTally(days.filter { $0.date > lastCounted.adding(days: -window) })
        return (tally.met, tally.counted)
    }
}
