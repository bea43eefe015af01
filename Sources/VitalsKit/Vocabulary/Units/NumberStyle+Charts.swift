/// The number styles charts use: no thousands grouping (axis labels stay short), and the
/// separator picked from the user's locale.
extension NumberStyle {
    /// `1234.5`.
    public static let point = NumberStyle(groupsThousands: false)
    /// `1234,5` (Dutch, German, French …).
    public static let comma = NumberStyle(decimalSeparator: ",", groupingSeparator: ".", groupsThousands: false)

    /// The style of `LC_ALL`, else `LC_NUMERIC`, else `LANG`: a decimal comma for languages
    /// that write one (`nl`, `de`, `fr`, …), a point otherwise.
    public static func detect(environment: [String: String]) -> NumberStyle {
        let language = language(of: LocaleEnvironment.locale("LC_NUMERIC", in: environment))
        return commaLanguages.contains(language) ? .comma : .point
    }

    /// `value` with exactly `decimals` fraction digits, rounded half away from zero.
    public func format(_ value: Double, decimals: Int) -> String {
        format(value, fractionDigits: decimals)
    }

    /// `value` with as few decimals as reads well: none from 100, one from 10 (dropped when
    /// zero), otherwise up to two with trailing zeros dropped.
    public func compact(_ value: Double) -> String {
        let magnitude = abs(value)
        let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2
        var text = format(value, decimals: decimals)
        if decimals > 0 && text.contains(decimalSeparator) && !text.contains("e") {
            while text.last == "0" { text.removeLast() }
            if text.hasSuffix(decimalSeparator) { text.removeLast(decimalSeparator.count) }
        }
        return text == "-0" ? "0" : text
    }
}
