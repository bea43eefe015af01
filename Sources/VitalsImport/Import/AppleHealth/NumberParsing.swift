import Foundation
import VitalsKit

extension XMLBytes {
    /// The bytes read as a decimal number (`72`, `-0.215`, `1.5e3`); nil when they are not one.
    ///
    /// Plain decimals with up to 15 significant digits take an exact fast path; anything else
    /// goes through the standard library's parser.
    var number: Double? {
        guard count > 0, count < 40 else { return nil }
        var index = 0
        var negative = false
        if base[0] == 0x2D || base[0] == 0x2B {
            negative = base[0] == 0x2D
            index = 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fraction = 0
        var sawPoint = false
        while index < count {
            let byte = base[index]
            if byte >= 0x30 && byte <= 0x39 {
                mantissa = mantissa &* 10 &+ UInt64(byte - 0x30)
                digits += 1
                if sawPoint { fraction += 1 }
            } else if byte == 0x2E && !sawPoint {
                sawPoint = true
            } else {
                return slowNumber
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        guard digits <= 15 else { return slowNumber }
        let magnitude = Double(mantissa) / XMLBytes.powersOfTen[fraction]
        return negative ? -magnitude : magnitude
    }

    private var slowNumber: Double? {
        // Only what can start a number is worth the standard parser (category names cannot).
        let first = base[0]
        guard (first >= 0x30 && first <= 0x39) || first == 0x2D || first == 0x2B || first == 0x2E || first == 0x20
        else { return nil }
        let text = string.trimmingCharacters(in: .whitespaces)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    private static let powersOfTen: [Double] = (0...15).map { pow(10, Double($0)) }
}
