/// The one place screens write a date in words, so a shared copy can write it as "day N"
/// (`Disclosure.current.dayOne`) where it is made — a single day, a month, a year or a span —
/// instead of searching finished text for dates.
///
/// Month and weekday names and the "day N" of a shifted date come from the language being
/// drawn (`Words.current`: "Mon 16 Nov" in English, "ma 16 nov" in Dutch).
public enum DateWords {
    /// "Jan" … "Dec" in the current language.
    public static var months: [String] { names("date.months", count: 12) }
    /// "January" … "December" in the current language.
    public static var longMonths: [String] { names("date.long_months", count: 12) }
    /// "Mon" … "Sun" in the current language.
    public static var weekdays: [String] { names("date.weekdays", count: 7) }

    /// The list `key` of the current language, English's when it has another length.
    private static func names(_ key: String, count: Int) -> [String] {
        let names = Words.list(key)
        return names.count == count ? names : (LanguageTables.english.list(key) ?? Array(repeating: "?", count: count))
    }

    /// "day 12" counted from day 1 when dates are shifted, else nil: any formatter of a date
    /// starts with `if let shifted = DateWords.shifted(date) { return shifted }`.
    public static func shifted(_ date: LocalDate) -> String? {
        Disclosure.current.dayOne.map { Words.text("date.shifted_day", ["n": String($0.days(to: date) + 1)]) }
    }

    /// The days `first` through `last` shifted ("day 1–30"), else nil.
    public static func shifted(from first: LocalDate, through last: LocalDate) -> String? {
        guard let dayOne = Disclosure.current.dayOne else { return nil }
        return Words.text(
            "date.shifted_span",
            [
                "first": String(dayOne.days(to: first) + 1),
                "last": String(dayOne.days(to: last) + 1),
            ])
    }

    /// "2026-11-16".
    public static func iso(_ date: LocalDate) -> String { shifted(date) ?? date.description }

    /// "Mon 16 Nov".
    public static func weekdayDayMonth(_ date: LocalDate) -> String {
        shifted(date) ?? "\(weekdays[date.isoWeekday - 1]) \(date.day) \(months[date.month - 1])"
    }

    /// "Mon 16 Nov 2026".
    public static func weekdayDayMonthYear(_ date: LocalDate) -> String {
        shifted(date) ?? "\(weekdayDayMonth(date)) \(date.year)"
    }

    /// "16 Nov 2026".
    public static func dayMonthYear(_ date: LocalDate) -> String {
        shifted(date) ?? "\(date.day) \(months[date.month - 1]) \(date.year)"
    }

    /// "16 Nov".
    public static func dayMonth(_ date: LocalDate) -> String {
        shifted(date) ?? "\(date.day) \(months[date.month - 1])"
    }

    /// "Nov 2026" ("November 2026" when `long`), or the month's days shifted.
    public static func monthYear(_ date: LocalDate, long: Bool = false) -> String {
        let first = date.startOfMonth
        return shifted(from: first, through: first.adding(months: 1).adding(days: -1))
            ?? "\((long ? longMonths : months)[date.month - 1]) \(date.year)"
    }

    /// "2026", or the year's days shifted.
    public static func year(_ date: LocalDate) -> String {
        let first = LocalDate(year: date.year, month: 1, day: 1)
        return shifted(from: first, through: LocalDate(year: date.year, month: 12, day: 31)) ?? String(date.year)
    }
}
