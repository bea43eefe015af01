import Foundation
import VitalsKit

/// An instant from an export, with the UTC offset it was written with
/// (`2019-08-12 07:41:22 -0700`).
///
/// The offset is kept because a sample's day is its local date at its own offset: two samples
/// either side of a daylight-saving change carry different offsets in one file.
package struct HealthDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    package var utcSeconds: Int64
    /// Seconds east of UTC (`-0700` is -25200).
    package var offsetSeconds: Int32

    package init(utcSeconds: Int64, offsetSeconds: Int32) {
        self.utcSeconds = utcSeconds
        self.offsetSeconds = offsetSeconds
    }

    /// Parses `YYYY-MM-DD HH:MM:SS ±HHMM` (also `T` between date and time, `Z`, `±HH:MM`); nil for
    /// anything else, an offset beyond ±18:00 included.
    package init?(_ text: String) {
        var text = text
        guard let date = text.withUTF8({ HealthDate.parse($0.baseAddress!, count: $0.count) }) else { return nil }
        self = date
    }

    package var date: Date { Date(timeIntervalSince1970: TimeInterval(utcSeconds)) }

    package static func < (lhs: HealthDate, rhs: HealthDate) -> Bool { lhs.utcSeconds < rhs.utcSeconds }

    /// The date written back in the export's own format, at its own offset.
    package var description: String {
        let local = utcSeconds + Int64(offsetSeconds)
        let (days, secondOfDay) = local.quotientAndRemainder(dividingBy: 86_400)
        let (dayNumber, seconds) = secondOfDay < 0 ? (days - 1, secondOfDay + 86_400) : (days, secondOfDay)
        let (year, month, day) = LocalDate(dayNumber: Int(dayNumber)).components
        let sign = offsetSeconds < 0 ? "-" : "+"
        let offset = abs(Int(offsetSeconds)) / 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(Int(seconds) / 3600)):\(two(Int(seconds) / 60 % 60)):"
            + "\(two(Int(seconds) % 60)) \(sign)\(two(offset / 60))\(two(offset % 60))"
    }

    /// The largest UTC offset a date may have (±18:00, as the store's schema checks).
    package static let maximumOffsetSeconds = 64_800

    /// Parses the export's date format straight from bytes (no Foundation formatter).
    static func parse(_ bytes: UnsafePointer<UInt8>, count: Int) -> HealthDate? {
        guard count >= 19 else { return nil }
        func number(_ start: Int, _ length: Int) -> Int? {
            var value = 0
            for index in start..<(start + length) {
                let digit = Int(bytes[index]) - 48
                guard digit >= 0 && digit <= 9 else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x20 || bytes[10] == 0x54,
            bytes[13] == 0x3A, bytes[16] == 0x3A,
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        if index < count, bytes[index] == 0x2E {  // fractional seconds: ignored
            index += 1
            while index < count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
        }
        while index < count, bytes[index] == 0x20 { index += 1 }
        var offset = 0
        if index < count {
            let sign = bytes[index]
            if sign == 0x5A {  // Z
                index += 1
            } else {
                guard sign == 0x2B || sign == 0x2D, count - index >= 5, let hours = number(index + 1, 2) else {
                    return nil
                }
                let minutesStart = bytes[index + 3] == 0x3A ? index + 4 : index + 3
                // UTC offsets run from -12:00 to +14:00; ±18:00 is what the store accepts.
                guard minutesStart + 2 <= count, let minutes = number(minutesStart, 2), minutes < 60,
                    hours * 3600 + minutes * 60 <= HealthDate.maximumOffsetSeconds
                else { return nil }
                offset = (hours * 3600 + minutes * 60) * (sign == 0x2D ? -1 : 1)
                index = minutesStart + 2
            }
            guard index == count else { return nil }
        }
        let days = LocalDate(year: year, month: month, day: day).dayNumber
        let local = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return HealthDate(utcSeconds: local - Int64(offset), offsetSeconds: Int32(offset))
    }
}
