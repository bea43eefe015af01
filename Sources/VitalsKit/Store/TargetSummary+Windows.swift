/// Periods judged against a target, counted the one way every screen, chart and module uses:
/// how many were on target, how many counted, the current streak and the best streak.
///
/// The periods are consecutive (days, or weeks for a weekly target), oldest first, the last
/// one the as-of period. While the as-of period is not met it is unfinished (`pending`): it
/// neither counts nor breaks a streak, unless the caller knows it is over (a night recorded
/// on the as-of day: sleep ends in the morning). A period without a value is counted and not
/// met (a day with nothing logged is judged by the caller: zero for sums and counts, no
/// value otherwise).
public struct TargetTally: Sendable, Hashable {
    /// Periods on target.
    public var met: Int
    /// Periods judged (the unfinished as-of period left out).
    public var counted: Int
    /// Consecutive periods on target ending with the last counted one.
    public var currentStreak: Int
    /// The longest run of periods on target among those counted.
    public var bestStreak: Int
    /// Whether the as-of period was left out as unfinished (not met yet): "today pending".
    public var pending: Bool = false

    public init(met: Int, counted: Int, currentStreak: Int, bestStreak: Int) {
        self.met = met
        self.counted = counted
        self.currentStreak = currentStreak
        self.bestStreak = bestStreak
    }

    /// Counts `periods` (oldest first, consecutive, the last one the as-of period); with
    /// `lastFinished` the as-of period is judged like the others even when not met.
    public init(_ periods: [TargetDay], lastFinished: Bool = false) {
        var judged = periods[...]
        var pending = false
        if !lastFinished, let last = judged.last, !last.isMet {
            judged = judged.dropLast()
            pending = true
        }
        var met = 0
        var run = 0
        var best = 0
        for period in judged {
            if period.isMet {
                met += 1
                run += 1
                best = max(best, run)
            } else {
                run = 0
            }
        }
        self.init(met: met, counted: judged.count, currentStreak: run, bestStreak: best)
        self.pending = pending
    }

    /// "today pending", "this week pending" for a tally whose as-of period was left out; nil
    /// otherwise. `noun` is what one period is ("day", "night", "week", "month").
    public func pendingWords(_ noun: String) -> String? {
        guard pending else { return nil }
        switch noun {
        case "day": return "today pending"
        case "night": return "last night pending"
        default: return "this \(noun) pending"
        }
    }

    /// Percent (0–100) of the counted periods on target; 0 when none counted.
    public var percent: Double { Self.percent(met: met, counted: counted) }

    /// Percent (0–100) of `counted` periods that `met` are; 0 when none counted: the one
    /// formula behind every percent on target a screen, a chart or `--format json` shows.
    public static func percent(met: Int, counted: Int) -> Double {
        counted == 0 ? 0 : Double(met) * 100 / Double(counted)
    }
}

extension TargetSummary {
    /// The tally over the evaluated days from `first` on (the last `n` days: `first` is
    /// `asOf − (n − 1)`); the whole history when nil. Days before the metric's first sample
    /// were never evaluated and are not counted.
    public func tally(from first: LocalDate? = nil) -> TargetTally {
        guard let first else { return TargetTally(days, lastFinished: lastDayFinished) }
        return TargetTally(days.filter { $0.date >= first }, lastFinished: lastDayFinished)
    }

    /// How many of the last `window` days were on target and how many were counted: the
    /// `window` days ending on the as-of day, the days a chart of that range shows, counted
    /// like every chart counts them (`TargetTally`: today only once met; days before the
    /// first evaluated day left out). The same days `percentOnTarget7/30/90` use. "5/6" on a
    /// summary line next to a chart of the last 7 days saying "5/6 days on target".
    public func daysOnTarget(last window: Int) -> (met: Int, counted: Int) {
        guard let newest = days.last, window > 0 else { return (0, 0) }
        let tally = TargetTally(
            days.filter { $0.date > newest.date.adding(days: -window) }, lastFinished: lastDayFinished)
        return (tally.met, tally.counted)
    }
}
