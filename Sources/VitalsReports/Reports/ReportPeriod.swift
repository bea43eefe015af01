import VitalsKit

/// The days a report covers: `--from`/`--to`, or `--range` ending on the as-of day, or each
/// screen's own range; with its words for the title and the footer.
package struct ReportPeriod: Sendable, Hashable {
    /// The last day shown.
    package var asOf: LocalDate
    /// The range every screen is drawn over; nil: each metric's own.
    package var range: TimeRange?
    /// The first day, when the period was given as dates.
    package var from: LocalDate?

    /// `from`…`to` as a range of days ending on `to`.
    package init(from: LocalDate, to: LocalDate) {
        asOf = to
        self.from = from
        range = .days(from.days(to: to) + 1)
    }

    package init(asOf: LocalDate, range: TimeRange?) {
        self.asOf = asOf
        self.range = range
        from = nil
    }

    /// The first day of the period, when it has one.
    package var firstDay: LocalDate? {
        if let from { return from }
        switch range {
        case .days(let n)?: return asOf.adding(days: -(n - 1))
        case .weeks(let n)?: return asOf.adding(days: -(7 * n - 1))
        case .months(let n)?: return asOf.adding(months: -n).adding(days: 1)
        case .years(let n)?: return asOf.adding(months: -12 * n).adding(days: 1)
        case .all?, nil: return nil
        }
    }

    /// "2026-08-01 – 2026-10-31", "last 12 weeks (2026-09-01 – 2026-11-23)", "each screen's own range"
    /// in the current language (its dates as "day N" under a disclosure that shifts them).
    package var text: String {
        if let from { return "\(DateWords.iso(from)) – \(DateWords.iso(asOf))" }
        guard let range else { return Words.text("period.own_range") }
        let words: String
        switch range {
        case .days(let n): words = Words.count(n, one: "period.last_day", other: "period.last_days")
        case .weeks(let n): words = Words.count(n, one: "period.last_week", other: "period.last_weeks")
        case .months(let n): words = Words.count(n, one: "period.last_month", other: "period.last_months")
        case .years(let n): words = Words.count(n, one: "period.last_year", other: "period.last_years")
        case .all: return Words.text("period.all")
        }
        return firstDay.map { "\(words) (\(DateWords.iso($0)) – \(DateWords.iso(asOf)))" } ?? words
    }

    /// "as of 2026-10-31" in the current language.
    package var asOfText: String { Words.text("period.as_of", ["date": DateWords.iso(asOf)]) }
}
