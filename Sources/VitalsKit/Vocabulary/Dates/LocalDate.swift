import Foundation

/// A calendar date with no time zone (`2026-11-20`): the day a sample counts for.
///
/// Stored as days since 1970-01-01 and computed with proleptic Gregorian arithmetic, so
/// results never depend on the machine's time zone or calendar settings.
public struct LocalDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before).
    public var dayNumber: Int

    public init(dayNumber: Int) { self.dayNumber = dayNumber }

    /// The date `year-month-day`; out-of-range days roll over (`2026-02-30` is `2026-03-02`).
    public init(year: Int, month: Int, day: Int) {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        dayNumber = era * 146_097 + doe - 719_468
    }

    /// Parses `YYYY-MM-DD`; nil for anything else or an impossible date.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
            (1...12).contains(m), d >= 1, d <= LocalDate.daysIn(month: m, year: y)
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The local date of an instant at a UTC offset in seconds.
    public init(_ instant: Date, utcOffsetSeconds: Int) {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + utcOffsetSeconds
        dayNumber = Int((Double(seconds) / 86_400).rounded(.down))
    }

    /// Year, month (1–12) and day (1–31).
    public var components: (year: Int, month: Int, day: Int) {
        // Howard Hinnant's civil_from_days.
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    public var year: Int { components.year }
    public var month: Int { components.month }
    public var day: Int { components.day }

    /// ISO weekday: 1 is Monday, 7 is Sunday.
    public var isoWeekday: Int {
        let r = (dayNumber + 3) % 7  // 1970-01-01 was a Thursday (weekday 4)
        return (r < 0 ? r + 7 : r) + 1
    }

    /// The Monday that starts this date's ISO week.
    public var startOfWeek: LocalDate { adding(days: 1 - isoWeekday) }

    /// The first day of this date's month.
    public var startOfMonth: LocalDate { LocalDate(year: year, month: month, day: 1) }

    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// The same day `months` months later (or earlier), clamped to the month's last day.
    public func adding(months: Int) -> LocalDate {
        let (y, m, d) = components
        let total = y * 12 + (m - 1) + months
        let newYear = total >= 0 ? total / 12 : (total - 11) / 12
        let newMonth = total - newYear * 12 + 1
        return LocalDate(
            year: newYear, month: newMonth,
            day: min(d, LocalDate.daysIn(month: newMonth, year: newYear)))
    }

    /// Days from `self` to `other` (positive when `other` is later).
    public func days(to other: LocalDate) -> Int { other.dayNumber - dayNumber }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (y, m, d) = components
        return DecimalText.zeroPadded(y, width: 4) + "-" + DecimalText.zeroPadded(m, width: 2) + "-"
            + DecimalText.zeroPadded(d, width: 2)
    }

    /// The local midnight of this date as an instant, at a UTC offset.
    public func midnight(utcOffsetSeconds: Int) -> Date {
        Date(timeIntervalSince1970: TimeInterval(dayNumber * 86_400 - utcOffsetSeconds))
    }

    /// Today's date on this machine (its current time zone).
    public static func today(in timeZone: TimeZone = .current, now: Date = Date()) -> LocalDate {
        LocalDate(now, utcOffsetSeconds: timeZone.secondsFromGMT(for: now))
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func < (a: LocalDate, b: LocalDate) -> Bool { a.dayNumber < b.dayNumber }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = LocalDate(iso: text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "not a YYYY-MM-DD date: \(text)"))
        }
        self = date
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
