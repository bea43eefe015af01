import VitalsKit

/// The Gezondheid screen's words in its language (`Words.current`, Dutch as the catalog
/// declares it): dates ("13 jun 2026"), weights ("12,4 kg"), changes ("+0,3 kg") and day and
/// week counts ("1 dag", "5 dagen"), from the language table.
enum GezondheidWords {
    /// The language's number style (a decimal comma in Dutch).
    static var numbers: NumberStyle { Words.current.numbers }

    /// "13 jun 2026".
    static func date(_ date: LocalDate) -> String { DateWords.dayMonthYear(date) }

    /// "za 13 jun 2026".
    static func dayAndDate(_ date: LocalDate) -> String { DateWords.weekdayDayMonthYear(date) }

    /// "13 jun" (the year left out).
    static func shortDate(_ date: LocalDate) -> String { DateWords.dayMonth(date) }

    /// "12,4 kg".
    static func kg(_ value: Double) -> String { numbers.format(value, unit: "kg", fractionDigits: 1) }

    /// "+0,3 kg", "-1,2 kg", "±0,0 kg".
    static func kgDelta(_ value: Double) -> String { numbers.formatDelta(value, unit: "kg", fractionDigits: 1) }

    /// "2,4" (at most one decimal).
    static func number(_ value: Double) -> String { numbers.format(value, maxFractionDigits: 1) }

    /// "1 dag", "5 dagen"; "5 d" when `short`.
    static func days(_ count: Int, short: Bool = false) -> String {
        short
            ? Words.text("count.days_short", ["n": String(count)])
            : Words.count(count, one: "count.day_one", other: "count.days")
    }

    /// "1 week", "25 weken".
    static func weeks(_ count: Int) -> String { Words.count(count, one: "count.week_one", other: "count.weeks") }
}
