import Foundation

/// Where a budget stands on a day: the period holding it, what was used, and what is left of
/// the period in all and per remaining day (banking: a day under its share leaves more for the
/// days after it, a day over leaves less).
public struct BudgetStatus: Sendable, Hashable {
    package var budget: String
    package var first: LocalDate
    package var last: LocalDate
    package var asOf: LocalDate
    /// Amount over the whole period.
    package var amount: Double
    /// Per day of the period, from `first` through `asOf`, in the series' unit.
    package var used: [Double]
    /// The first day anything was logged (a day before it saved nothing: it was not kept);
    /// nil when nothing was logged through the as-of day.
    package var trackedFrom: LocalDate?

    package var usedTotal: Double { used.reduce(0, +) }
    /// What is left of the period's amount (negative when overspent).
    package var left: Double { amount - usedTotal }
    /// Days of the period still to come, the as-of day included.
    package var remainingDays: Int { asOf.days(to: last) + 1 }
    /// What is left spread over the remaining days (the as-of day included); 0 when overspent.
    package var perRemainingDay: Double { max(0, left) / Double(remainingDays) }
    package var periodDays: Int { first.days(to: last) + 1 }
    /// The even share of one day.
    package var dailyShare: Double { amount / Double(periodDays) }
    /// The days of the period before the as-of day from the first day anything was logged on.
    package var bankedDays: Int {
        guard let trackedFrom else { return 0 }
        return max(0, max(first, trackedFrom).days(to: asOf))
    }
    /// What the days before the as-of day saved against their even share (negative:
    /// overspent), from the first day anything was logged on: days before it banked nothing.
    package var banked: Double {
        dailyShare * Double(bankedDays) - used.dropLast().suffix(bankedDays).reduce(0, +)
    }
    package var isOverspent: Bool { left < -1e-9 }
}

/// Budget periods and banking (pure logic), and reading a budget's use from the store.
package enum BudgetLedger {
    /// The period of `period` that holds `date`: its first and last day.
    package static func period(_ period: Budget.Period, holding date: LocalDate) -> (first: LocalDate, last: LocalDate)
    {
        switch period {
        case .day:
            return (date, date)
        case .week(let weekStart):
            let back = (date.isoWeekday - weekStart + 7) % 7
            let first = date.adding(days: -back)
            return (first, first.adding(days: 6))
        case .month:
            let first = date.startOfMonth
            return (first, first.adding(months: 1).adding(days: -1))
        case .days(let count, let anchor):
            let offset = anchor.days(to: date)
            let index = Int((Double(offset) / Double(count)).rounded(.down))
            let first = anchor.adding(days: index * count)
            return (first, first.adding(days: count - 1))
        }
    }

    /// The status of `budget` on `asOf` from per-day use (`usedByDay`, any days; missing is 0).
    /// `trackedFrom`: the first day anything was logged (nil: nothing through `asOf`).
    package static func status(
        of budget: Budget, asOf: LocalDate, usedByDay: [LocalDate: Double],
        trackedFrom: LocalDate?
    ) -> BudgetStatus {
        let (first, last) = period(budget.period, holding: asOf)
        let used = (first.dayNumber...asOf.dayNumber).map { usedByDay[LocalDate(dayNumber: $0)] ?? 0 }
        return BudgetStatus(
            budget: budget.id, first: first, last: last, asOf: asOf, amount: budget.amount, used: used,
            trackedFrom: trackedFrom.flatMap { $0 <= asOf ? $0 : nil })
    }

    /// Reads the budget's series per day (after the day cutoff) and returns its status on `asOf`;
    /// with `loggedBy` (seconds since 1970 UTC), as it stood at that moment.
    package static func status(
        of budget: Budget, asOf: LocalDate, book: PortionBook, subjectID: String,
        store: SampleStore, loggedBy: Int64? = nil
    ) throws -> BudgetStatus {
        let (first, _) = period(budget.period, holding: asOf)
        let ledger = DayLedger(book: book, subjectID: subjectID)
        let entries = try DayLedger.entries(
            series: [budget.seriesID], subject: subjectID, from: first, through: asOf,
            cutoffMinutes: book.dayCutoffMinutes, loggedBy: loggedBy, in: store)
        var byDay: [LocalDate: Double] = [:]
        for entry in entries { byDay[ledger.day(ofLocalStart: entry.localStart), default: 0] += entry.value }
        let tracked = try ledger.firstDay(in: store, including: [budget.seriesID], loggedBy: loggedBy)
        return status(of: budget, asOf: asOf, usedByDay: byDay, trackedFrom: tracked)
    }
}
