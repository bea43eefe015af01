/// How one category did on one day.
public struct CategoryResult: Sendable, Hashable {
    public enum Verdict: String, Sendable { case met, under, over }

    public var categoryID: String
    public var total: Double
    public var verdict: Verdict
    /// How far from the rule: positive when over its upper end, negative when under its lower
    /// end, 0 when met.
    public var distance: Double

    public var isMet: Bool { verdict == .met }

    /// Judges `total` against `target` (an exact rule allows its tolerance, ± 0.25 by default).
    public init(categoryID: String, total: Double, target: Target) {
        self.categoryID = categoryID
        self.total = total
        let (low, high): (Double, Double) = {
            switch target {
            case .exact(let value, let tolerance): return (value - tolerance, value + tolerance)
            case .atLeast(let value): return (value, .infinity)
            case .atMost(let value): return (-.infinity, value)
            case .range(let low, let high): return (low, high)
            }
        }()
        if target.isMet(by: total) {
            verdict = .met
            distance = 0
        } else if total < low {
            verdict = .under
            distance = total - low
        } else {
            verdict = .over
            distance = total - high
        }
    }
}

/// A whole DragonHealth day judged: on target only if every enabled category met its rule.
public struct JudgedDay: Sendable, Hashable {
    public var date: LocalDate
    public var results: [CategoryResult]
    public var hasEntries: Bool

    public var isOnTarget: Bool { results.allSatisfy(\.isMet) }
    public var missed: [CategoryResult] { results.filter { !$0.isMet } }
    /// Categories met on this day.
    public var wins: [CategoryResult] { results.filter(\.isMet) }
}

/// Whole-day adherence over consecutive days: the one place Today and History judge days.
///
/// Counting is the store's `TargetTally`: days are
/// consecutive, oldest first, the last one the as-of day; while the as-of day is not on target
/// it is unfinished, neither counted nor breaking a streak. Days before the first entry are not
/// judged (the caller starts there).
public struct DayAdherence: Sendable, Hashable {
    public var days: [JudgedDay]

    public init(days: [PortionDay], categories: [PortionCategory]) {
        self.days = days.map { day in
            JudgedDay(
                date: day.date,
                results: categories.map {
                    CategoryResult(categoryID: $0.id, total: day.total($0.id), target: $0.target)
                },
                hasEntries: day.hasEntries)
        }
    }

    /// The days as the store's target periods: value = categories met, met = whole day on target.
    public var targetDays: [TargetDay] {
        days.map { TargetDay(date: $0.date, value: Double($0.wins.count), isMet: $0.isOnTarget) }
    }

    /// The days that count: all but an unfinished (not yet on target) as-of day.
    public var counted: ArraySlice<JudgedDay> {
        guard let last = days.last, !last.isOnTarget else { return days[...] }
        return days.dropLast()
    }

    /// Consecutive whole days on target ending with the last counted day.
    public var currentStreak: Int { TargetTally(targetDays).currentStreak }

    /// The longest run of whole days on target.
    public var bestStreak: Int { TargetTally(targetDays).bestStreak }

    /// Days on target and days counted among the last `window` days: the `window` days ending
    /// on the as-of day, today counted once on target (while it is not, the window holds
    /// `window − 1` counted days: "0/6" for 7 days), as Protein, Vegetables and every chart
    /// count them (`TargetSummary.daysOnTarget(last:)`).
    public func onTarget(last window: Int) -> (met: Int, counted: Int) {
        let judged = targetDays
        guard let newest = judged.last, window > 0 else { return (0, 0) }
        let tally = TargetTally(judged.filter { $0.date > newest.date.adding(days: -window) })
        return (tally.met, tally.counted)
    }

    /// The counted days among the last `window` days ending on the as-of day (the days of
    /// `onTarget(last:)`).
    public func countedDays(last window: Int) -> ArraySlice<JudgedDay> {
        guard let newest = days.last, window > 0 else { return [] }
        let first = newest.date.adding(days: -(window - 1))
        return counted.drop { $0.date < first }
    }

    /// Percent (0–100) of the last `window` counted days on target; 0 when none counted.
    public func percentOnTarget(last window: Int) -> Double {
        let (met, counted) = onTarget(last: window)
        return TargetTally.percent(met: met, counted: counted)
    }

    /// On target and counted per period (week from Monday, month, year), oldest first.
    public func summaries(by period: SummaryPeriod) -> [PeriodSummary] {
        var out: [PeriodSummary] = []
        for day in counted {
            let start = period.start(of: day.date)
            if out.last?.start != start { out.append(PeriodSummary(start: start, met: 0, counted: 0)) }
            out[out.count - 1].counted += 1
            if day.isOnTarget { out[out.count - 1].met += 1 }
        }
        return out
    }

    /// Per category over the counted days of the last `window` days (ending on the as-of day,
    /// today counted once on target): days met, under and over, and on days missed overall,
    /// how often the category was still met (its wins).
    public func categoryDetail(last window: Int) -> [CategoryDetail] {
        let slice = countedDays(last: window)
        guard let first = days.first else { return [] }
        return first.results.indices.map { index in
            var detail = CategoryDetail(categoryID: first.results[index].categoryID)
            for day in slice {
                let result = day.results[index]
                switch result.verdict {
                case .met: detail.met += 1
                case .under: detail.under += 1
                case .over: detail.over += 1
                }
                detail.total += result.total
                if !day.isOnTarget {
                    detail.missedDays += 1
                    if result.isMet { detail.winsOnMissedDays += 1 }
                }
            }
            detail.days = slice.count
            return detail
        }
    }
}

/// A week (from Monday), a month or a year.
public enum SummaryPeriod: String, Sendable, CaseIterable {
    case week, month, year

    public func start(of date: LocalDate) -> LocalDate {
        switch self {
        case .week: return date.startOfWeek
        case .month: return date.startOfMonth
        case .year: return LocalDate(year: date.year, month: 1, day: 1)
        }
    }
}

/// Whole days on target in one week, month or year.
public struct PeriodSummary: Sendable, Hashable {
    public var start: LocalDate
    public var met: Int
    public var counted: Int
}

/// One category's record over a window of days.
public struct CategoryDetail: Sendable, Hashable {
    public var categoryID: String
    public var days = 0
    public var met = 0
    public var under = 0
    public var over = 0
    public var total = 0.0
    /// Days in the window missed overall, and how many of them this category still met.
    public var missedDays = 0
    public var winsOnMissedDays = 0

    /// The mean a day over the counted days; nil when none is counted yet (the first day,
    /// unfinished: not "0 a day" with portions logged).
    public var average: Double? { days == 0 ? nil : total / Double(days) }
}
