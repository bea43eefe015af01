import Foundation

/// How numbers look on a screen: decimal separator, digit grouping, and how a value with its
/// unit is written (`12.4 kg`, or Gezondheid's Dutch `12,4 kg`).
///
/// Deterministic on every machine: separators come from a small table of locale languages,
/// not from the system's locale data, so golden files stay stable.
public struct NumberStyle: Sendable, Hashable {
    public var decimalSeparator: String
    public var groupingSeparator: String
    /// Group thousands (`12,345`) in numbers of five or more integer digits.
    public var groupsThousands: Bool

    public init(decimalSeparator: String = ".", groupingSeparator: String = ",", groupsThousands: Bool = true) {
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
        self.groupsThousands = groupsThousands
    }

    /// English style: `12,345.6`.
    public static let standard = NumberStyle()
    /// Dutch style: `12.345,6`.
    public static let dutch = NumberStyle(decimalSeparator: ",", groupingSeparator: ".")

    /// Languages that write a decimal comma.
    static let commaLanguages: Set<String> = [
        "nl", "de", "fr", "es", "it", "pt", "da", "sv", "nb", "nn", "no", "fi", "pl", "cs",
        "sk", "sl", "hr", "hu", "ro", "ru", "uk", "tr", "el", "id", "vi", "af", "be", "bg",
    ]
    /// Of those, the ones that group thousands with a narrow space rather than a point.
    static let spaceGroupingLanguages: Set<String> = [
        "fr", "sv", "fi", "nb", "nn", "no", "pl", "cs", "sk", "ru", "uk", "be", "bg",
    ]

    /// The language of a locale identifier (`nl_NL.UTF-8` → `nl`).
    static func language(of identifier: String) -> String {
        identifier.prefix { $0.isLetter }.lowercased()
    }

    /// The style for a locale identifier (`nl`, `nl_NL`, `de-DE`, `en_US` …); English for unknown ones.
    public init(locale identifier: String) {
        let language = Self.language(of: identifier)
        if Self.commaLanguages.contains(language) {
            self.init(
                decimalSeparator: ",",
                groupingSeparator: Self.spaceGroupingLanguages.contains(language) ? "\u{202F}" : ".")
        } else {
            self.init()
        }
    }

    /// `value` with exactly `fractionDigits` decimals (rounded half away from zero).
    public func format(_ value: Double, fractionDigits: Int = 1) -> String {
        guard value.isFinite else { return value.isNaN ? "–" : (value > 0 ? "∞" : "-∞") }
        // Beyond a thousand billion, digits stop meaning anything (and 1e308 would take 309
        // columns): two significant decimals and the exponent, `1.7e308`.
        if abs(value) >= Self.scientificFrom {
            let text = String(format: "%.1e", value).replacingOccurrences(of: "e+", with: "e")
            return text.replacingOccurrences(of: ".", with: decimalSeparator)
        }
        let digits = max(0, min(fractionDigits, 10))
        let scale = pow(10, Double(digits))
        var rounded = (abs(value) * scale).rounded(.toNearestOrAwayFromZero) / scale
        if rounded == 0 { rounded = 0 }
        let negative = value < 0 && rounded != 0
        let text = DecimalText.fixed(ofRounded: rounded, digits: digits) ?? String(format: "%.\(digits)f", rounded)
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        var integer = String(parts[0])
        if groupsThousands && integer.count > 4 {
            var grouped = ""
            for (index, character) in integer.reversed().enumerated() {
                if index > 0 && index % 3 == 0 { grouped = groupingSeparator + grouped }
                grouped = String(character) + grouped
            }
            integer = grouped
        }
        let fraction = parts.count > 1 ? decimalSeparator + parts[1] : ""
        return (negative ? "-" : "") + integer + fraction
    }

    /// Magnitudes written in scientific notation (`1.0e15`).
    static let scientificFrom = 1e15

    /// `value` with at most `maxFractionDigits` decimals, trailing zeros dropped (`12.4`, `80`).
    public func format(_ value: Double, maxFractionDigits: Int) -> String {
        var text = format(value, fractionDigits: maxFractionDigits)
        guard maxFractionDigits > 0, text.contains(decimalSeparator), !text.contains("e") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(decimalSeparator) { text.removeLast(decimalSeparator.count) }
        return text
    }

    /// `12,4 kg`: the value in `unit` with a (non-breaking-free) space before the symbol;
    /// `%` attaches directly.
    public func format(_ value: Double, unit: String, fractionDigits: Int = 1) -> String {
        let number = format(value, fractionDigits: fractionDigits)
        if unit.isEmpty { return number }
        return unit == "%" ? number + "%" : number + " " + unit
    }

    /// A signed change: `+0,3 kg`, `-1.2 kg`, `±0 kg` for zero at this precision.
    public func formatDelta(_ value: Double, unit: String, fractionDigits: Int = 1) -> String {
        let text = format(abs(value), unit: unit, fractionDigits: fractionDigits)
        let zero = format(0, fractionDigits: fractionDigits)
        if text.hasPrefix(zero + " ") || text == zero { return "±" + text }
        return (value < 0 ? "-" : "+") + text
    }
}

extension KnownUnit {
    /// Converts a value between two unit symbols; nil when unknown or of different dimensions.
    public static func convert(_ value: Double, from: String, to: String) -> Double? {
        guard let source = named(from), let target = named(to) else { return nil }
        return source.convert(value, to: target)
    }
}
