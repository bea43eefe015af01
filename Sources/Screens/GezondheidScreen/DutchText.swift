import VitalsKit

/// Dutch wording for the Gezondheid screen: dates ("13 jun 2026"), weights ("12,4 kg"),
/// changes ("+0,3 kg") and day counts ("1 dag", "5 dagen").
enum DutchText {
    static let numbers = NumberStyle.dutch

    static let monthAbbreviations = ["jan", "feb", "mrt", "apr", "mei", "jun",
                                     "jul", "aug", "sep", "okt", "nov", "dec"]

    /// "13 jun 2026".
    static func date(_ date: LocalDate) -> String {
        DateWords.shifted(date) ?? "\(date.day) \(monthAbbreviations[date.month - 1]) \(date.year)"
    }

    static let weekdayAbbreviations = ["ma", "di", "wo", "do", "vr", "za", "zo"]

    /// "za 13 jun 2026".
    static func dayAndDate(_ date: LocalDate) -> String {
        DateWords.shifted(date) ?? weekdayAbbreviations[date.isoWeekday - 1] + " " + self.date(date)
    }

    /// "13 jun" (the year left out).
    static func shortDate(_ date: LocalDate) -> String {
        DateWords.shifted(date) ?? "\(date.day) \(monthAbbreviations[date.month - 1])"
    }

    /// "12,4 kg".
    static func kg(_ value: Double) -> String { numbers.format(value, unit: "kg", fractionDigits: 1) }

    /// "+0,3 kg", "-1,2 kg", "±0,0 kg".
    static func kgDelta(_ value: Double) -> String { numbers.formatDelta(value, unit: "kg", fractionDigits: 1) }

    /// "2,4" (at most one decimal).
    static func number(_ value: Double) -> String { numbers.format(value, maxFractionDigits: 1) }

    /// "1 dag", "5 dagen".
    static func days(_ count: Int) -> String { count == 1 ? "1 dag" : "\(count) dagen" }

    /// "1 week", "25 weken".
    static func weeks(_ count: Int) -> String { count == 1 ? "1 week" : "\(count) weken" }
}
