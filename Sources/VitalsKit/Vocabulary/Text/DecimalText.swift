import Foundation

/// Numbers written as C's `printf` writes them for the few patterns a screen needs, without
/// Foundation's varargs formatter (`String(format:)` costs tens of thousands of instructions a
/// call, most of them the runtime's first-use protocol lookups; a screen writes dozens).
/// `DecimalTextTests` compare every function with `String(format:)` on random values.
public enum DecimalText {
    /// `n` as `%0<width>d` writes it: zero-padded to `width` characters, the minus sign counted.
    public static func zeroPadded(_ n: Int, width: Int) -> String {
        let digits = n < 0 ? String(n.magnitude) : String(n)
        let sign = n < 0 ? "-" : ""
        let padding = max(0, width - sign.count - digits.count)
        return sign + String(repeating: "0", count: padding) + digits
    }

    /// `value` as `%.<digits>f` writes it, when `value` is already a multiple of 10^-digits
    /// (as far as a Double holds one) whose scaled magnitude is below 2^53; otherwise nil.
    /// The decimal digits then come from the integer `|value| × 10^digits` exactly.
    public static func fixed(ofRounded value: Double, digits: Int) -> String? {
        guard value.isFinite, (0...15).contains(digits) else { return nil }
        let scale = pow(10, Double(digits))
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9_007_199_254_740_992, abs(abs(value) * scale - scaled) < 1e-3 else { return nil }
        let units = UInt64(scaled)
        let power = UInt64(scale)
        var text = value.sign == .minus ? "-" : ""
        text += String(units / power)
        if digits > 0 {
            let fraction = String(units % power)
            text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
        }
        return text
    }
}
