import VitalsKit

/// What a summary says of one screen over a period, and the pure functions that judge it from
/// what the store holds (`SummaryReader` reads it): the primary metric's value against the
/// period before, the targets met, the streaks, the weight trend and the relations.
package enum SummaryCheck {
    /// The period's value of a metric from its days' values (nil: no data that day), by the
    /// metric's aggregate: a `sum` or `count` adds the days up; `min` and `max` take the
    /// lowest and highest day; `mean`, `first` and `last` (a day's pick, as a weigh-in) give the
    /// mean of the days with data. nil when no day has data.
    package static func periodValue(_ days: [Double?], aggregate: Aggregate) -> Double? {
        let values = days.compactMap { $0 }
        guard !values.isEmpty else { return nil }
        switch aggregate {
        case .sum, .count: return values.reduce(0, +)
        case .min: return values.min()
        case .max: return values.max()
        case .mean, .first, .last: return values.reduce(0, +) / Double(values.count)
        }
    }

    /// The periods (days, or weeks for a weekly target) of `window` judged against a target:
    /// on target among those with data, the streaks over all of `periods` (`TargetTally`).
    ///
    /// `periods` runs oldest first through the as-of period (`MetricQuery.fetchTargetPeriods`);
    /// `withData` holds the starts of the periods with a sample. While the as-of period is not
    /// met it is unfinished (pending) and not counted, unless `lastFinished`, as every screen counts.
    package static func targetRecord(
        _ periods: [TargetDay], withData: Set<LocalDate>, window: SummaryWindow,
        lastFinished: Bool = false
    ) -> TargetRecord {
        let whole = TargetTally(periods, lastFinished: lastFinished)
        var judged = periods.filter { window.contains($0.date) }
        var pending = false
        if whole.pending, let last = judged.last, last.date == periods.last?.date {
            judged.removeLast()
            pending = true
        }
        let counted = judged.filter { withData.contains($0.date) }
        return TargetRecord(
            met: counted.filter(\.isMet).count, withData: counted.count, pending: pending,
            currentStreak: whole.currentStreak, bestStreak: whole.bestStreak)
    }

    /// The trend on the day before `window` (where the period started from) and on its last
    /// day; the start is nil when the trend began inside the period.
    package static func trendChange(_ trend: WeightTrend, window: SummaryWindow) -> (start: Double?, now: Double?) {
        let before = window.first.adding(days: -1)
        return (trend.days.first { $0.date == before }?.trend, trend.days.last { $0.date <= window.last }?.trend)
    }
}

/// The primary metric's value over the period and the period before.
package struct PeriodChange: Sendable, Hashable {
    package var metricName: String
    package var aggregate: Aggregate
    /// How a value is written ("78.4 kg", "12 st 4 lb"); nil for a plain count.
    package var unit: DisplayUnit?
    package var current: Double?
    package var previous: Double?
    /// Days with data in the period and in the period before.
    package var daysWithData: Int
    package var previousDaysWithData: Int
    /// A sum's or count's mean a day over the period (`SummaryReader.change`); nil otherwise.
    package var perDay: Double?
    /// What `perDay` is a mean of: "day" (unlogged days as 0), "night", "day with data".
    package var perDayNoun = "day"

    /// current − previous; nil when either is missing.
    package var difference: Double? {
        guard let current, let previous else { return nil }
        return current - previous
    }
}

/// A target over the period: periods on target among those with data, and the streaks.
package struct TargetRecord: Sendable, Hashable {
    package var met: Int
    package var withData: Int
    /// The as-of period has data, is not met yet and is not over: not counted.
    package var pending: Bool
    package var currentStreak: Int
    package var bestStreak: Int
}

/// One metric's target record with what it is called and judged by.
package struct SummaryTarget: Sendable, Hashable {
    package var metricName: String
    package var target: Target
    /// The unit symbol of the target's amounts (nil: a count).
    package var unit: String?
    /// "day", "week", "month".
    package var noun: String
    package var record: TargetRecord
}

/// The weight goal over the period: the trend where the period started and now, the weekly
/// rate and where it leads (`GoalSummary`).
package struct SummaryGoal: Sendable {
    package var summary: GoalSummary
    package var trendAtStart: Double?
}

/// The relations a screen's scatter metrics show, read over the period or the chart's own
/// range when longer.
package struct SummaryRelation: Sendable, Hashable {
    package var metricName: String
    package var series: RelationSeries
    package var range: TimeRange
}

/// Whole DragonHealth days over the period: on target, the streaks, each category.
package struct SummaryPortions: Sendable, Hashable {
    package struct Category: Sendable, Hashable {
        package var name: String
        package var met: Int
        package var days: Int
    }
    package var met: Int
    package var counted: Int
    package var currentStreak: Int
    package var bestStreak: Int
    package var categories: [Category]
}

/// One screen of the summary.
package struct SummaryScreen: Sendable {
    package var screenID: String
    package var name: String
    package var icon: String?
    package var pillarName: String?
    package var color: String?
    /// The screen's language (`language: nl`): its block is written in it; nil is English.
    package var language: String? = nil
    /// Later screens whose primary metric reads the same data (Today and History read the
    /// vegetables Vegetables reads): named here instead of repeated.
    package var alsoOn: [String] = []
    package var change: PeriodChange
    package var targets: [SummaryTarget] = []
    package var goal: SummaryGoal?
    package var relations: [SummaryRelation] = []
}

/// A summary: the screens with data in the period, the whole days, and how many were skipped.
package struct Summary: Sendable {
    package var window: SummaryWindow
    /// What the period is called: "Weekly summary", "Monthly summary", "Summary of 10 days".
    package var title: String
    package var subjectName: String
    package var screens: [SummaryScreen]
    package var portions: SummaryPortions?
    /// Screens of the subject without data in the period (not shown).
    package var skipped: Int
}
