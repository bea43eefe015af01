import VitalsKit

/// The days a summary covers and the days it is compared with: `days` days ending on `last`,
/// and as many days right before them.
package struct SummaryWindow: Sendable, Hashable {
    package var first: LocalDate
    package var last: LocalDate

    /// The `days` days ending on `last` (at least one).
    package init(last: LocalDate, days: Int) {
        self.last = last
        first = last.adding(days: -(max(1, days) - 1))
    }

    /// The days `range` reaches back from `last` (as a chart's range: `1m` ends on `last` and
    /// starts the day after the same date a month before); nil for `all`, which has no length.
    package init?(last: LocalDate, range: TimeRange) {
        guard let start = BucketCalendar.rangeStart(range, asOf: last) else { return nil }
        self.last = last
        first = start
    }

    /// How many days it spans.
    package var days: Int { first.days(to: last) + 1 }

    /// The period of the same length right before this one.
    package var previous: SummaryWindow { SummaryWindow(last: first.adding(days: -1), days: days) }

    package func contains(_ day: LocalDate) -> Bool { day >= first && day <= last }

    /// Every day, oldest first.
    package var dates: [LocalDate] { (0..<days).map { first.adding(days: $0) } }

    /// "2026-11-20 – 2026-11-26".
    package var text: String { "\(first) – \(last)" }
}
