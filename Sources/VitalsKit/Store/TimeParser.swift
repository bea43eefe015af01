import Foundation

/// Reads the times people type (`--at`, CSV dates) into an instant and the UTC offset of the
/// wall clock it was written in.
///
/// Accepted: `now`; `HH:MM` (today); `yesterday` or `yesterday HH:MM`; `YYYY-MM-DD` (12:00,
/// so a date alone never falls before a day cutoff); `YYYY-MM-DDTHH:MM[:SS]` (or a space
/// instead of `T`), optionally followed by `Z`, `±HH:MM` or `±HHMM`. Times without an offset
/// are read in `timeZone` with the offset in force at that moment (DST-aware).
public struct TimeParser: Sendable {
    public var timeZone: TimeZone
    public var now: Date

    public init(timeZone: TimeZone = .current, now: Date = Date()) {
        self.timeZone = timeZone
        self.now = now
    }

    /// A parsed time: the instant and the offset (seconds east of UTC) it was written at.
    public struct Parsed: Sendable, Hashable {
        public var date: Date
        public var utcOffsetSeconds: Int
    }

    /// Parses `text`; throws `EntryError.unreadableTime`, whose hint names the accepted forms.
    public func parse(_ text: String) throws -> Parsed {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let parsed = attempt(trimmed) else {
            throw EntryError.unreadableTime(text)
        }
        return parsed
    }

    /// Parses a corrected time for an entry (`vitals edit ID VALUE --at 12:30`): a clock time
    /// alone (`HH:MM[:SS]`) moves the entry within its own day, the day it counts for with a
    /// day cutoff of `cutoffMinutes` (as `vitals entries --day` lists it): 12:30 on an entry of
    /// 20 Nov is 20 Nov 12:30, and with a 04:00 cutoff 01:30 is the night after, 21 Nov 01:30.
    /// The clock is read in `timeZone` (with the offset in force then, DST-aware) when the entry
    /// was written in it, else at the entry's own offset (a weigh-in made while travelling, a
    /// scale writing UTC). Every other form reads as `parse` reads it.
    public func parse(_ text: String, withinDayOf start: Date, utcOffsetSeconds offset: Int, cutoffMinutes: Int) throws
        -> Parsed
    {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let seconds = clock(trimmed) else { return try parse(text) }
        let shift = cutoffMinutes >= 720 ? (1440 - cutoffMinutes) * 60 : -cutoffMinutes * 60
        let day = LocalDate(start, utcOffsetSeconds: offset + shift)
        let cutoff = cutoffMinutes * 60
        let date: LocalDate
        if cutoffMinutes < 720 {
            date = seconds < cutoff ? day.adding(days: 1) : day
        } else {
            date = seconds >= cutoff ? day.adding(days: -1) : day
        }
        if timeZone.secondsFromGMT(for: start) == offset { return local(date, seconds: seconds) }
        return Parsed(
            date: Date(timeIntervalSince1970: TimeInterval(date.dayNumber * 86_400 + seconds - offset)),
            utcOffsetSeconds: offset)
    }

    /// The offset in `timeZone` at `date`.
    public func offset(at date: Date) -> Int { timeZone.secondsFromGMT(for: date) }

    /// The current time with its local offset.
    public var current: Parsed { Parsed(date: now, utcOffsetSeconds: offset(at: now)) }

    /// Today's date in `timeZone`.
    public var today: LocalDate { LocalDate(now, utcOffsetSeconds: offset(at: now)) }

    private func attempt(_ text: String) -> Parsed? {
        let lower = text.lowercased()
        if lower == "now" { return current }
        if lower == "yesterday" { return local(today.adding(days: -1), seconds: 12 * 3600) }
        if lower.hasPrefix("yesterday ") {
            guard let seconds = clock(String(lower.dropFirst("yesterday ".count))) else { return nil }
            return local(today.adding(days: -1), seconds: seconds)
        }
        if let seconds = clock(lower) { return local(today, seconds: seconds) }
        if let date = LocalDate(iso: text) { return local(date, seconds: 12 * 3600) }

        // YYYY-MM-DD[T ]HH:MM[:SS][zone]
        guard text.count >= 16 else { return nil }
        let chars = Array(text)
        guard let date = LocalDate(iso: String(chars[0..<10])), chars[10] == "T" || chars[10] == " " || chars[10] == "t"
        else { return nil }
        var rest = String(chars[11...])
        var zoneSeconds: Int?
        if rest.hasSuffix("Z") || rest.hasSuffix("z") {
            zoneSeconds = 0
            rest.removeLast()
        } else if let signIndex = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let zone = String(rest[signIndex...])
            guard let seconds = Self.zoneOffset(zone) else { return nil }
            zoneSeconds = seconds
            rest = String(rest[..<signIndex])
        }
        if let dot = rest.firstIndex(of: ".") { rest = String(rest[..<dot]) }  // fractional seconds
        guard let seconds = clock(rest) else { return nil }
        if let zoneSeconds {
            let instant = Date(timeIntervalSince1970: TimeInterval(date.dayNumber * 86_400 + seconds - zoneSeconds))
            return Parsed(date: instant, utcOffsetSeconds: zoneSeconds)
        }
        return local(date, seconds: seconds)
    }

    /// `HH:MM` or `HH:MM:SS` as seconds after midnight.
    private func clock(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0.count == 2 }),
            let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m)
        else { return nil }
        let s = parts.count == 3 ? Int(parts[2]) : 0
        guard let s, (0...59).contains(s) else { return nil }
        return h * 3600 + m * 60 + s
    }

    /// `+01:00`, `-0530`, `+02` as seconds.
    static func zoneOffset(_ text: String) -> Int? {
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let digits = text.dropFirst().replacingOccurrences(of: ":", with: "")
        guard digits.count == 2 || digits.count == 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let hours = Int(digits.prefix(2)),
            let minutes = Int(digits.dropFirst(2).isEmpty ? "0" : String(digits.dropFirst(2))),
            minutes < 60, hours * 3600 + minutes * 60 <= 64_800
        else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// A wall-clock time on `date` in `timeZone`, with the offset in force then.
    private func local(_ date: LocalDate, seconds: Int) -> Parsed {
        let wall = date.dayNumber * 86_400 + seconds
        var offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall)))
        offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall - offset)))
        return Parsed(date: Date(timeIntervalSince1970: TimeInterval(wall - offset)), utcOffsetSeconds: offset)
    }

    /// `2026-11-20T08:30:00+01:00`: an instant written at its offset (for export).
    public static func format(_ date: Date, utcOffsetSeconds: Int) -> String {
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + utcOffsetSeconds
        let day = LocalDate(dayNumber: Int((Double(local) / 86_400).rounded(.down)))
        let secondOfDay = local - day.dayNumber * 86_400
        let sign = utcOffsetSeconds < 0 ? "-" : "+"
        let offset = abs(utcOffsetSeconds)
        return String(
            format: "%@T%02d:%02d:%02d%@%02d:%02d", day.description, secondOfDay / 3600,
            secondOfDay % 3600 / 60, secondOfDay % 60, sign, offset / 3600, offset % 3600 / 60)
    }
}
