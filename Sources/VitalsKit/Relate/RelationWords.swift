import Foundation

/// A relation's finding in words that never claim more than the data hold.
///
/// A relation is named (weak, moderate, strong; positive or negative, by Cohen's 0.3 and 0.5
/// on r) only when `RelationFinding.isClear`; otherwise it is "no clear relation" with the
/// numbers, so a reader sees how wide the uncertainty is. A difference between days with and
/// without an event is named only when its interval excludes zero. Nothing is called a cause.
package struct RelationWords: Sendable {
    package var numbers: NumberStyle
    /// Whether a minus sign (−) and an en dash may be written, or ASCII only.
    package var unicode: Bool
    /// What one pair is: "day", "week".
    package var noun: String

    package init(numbers: NumberStyle = .standard, unicode: Bool = true, noun: String = "day") {
        self.numbers = numbers; self.unicode = unicode; self.noun = noun
    }

    /// "23 days", "1 day".
    package func count(_ n: Int) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// The finding as one sentence, starting with the number of pairs.
    package func sentence(_ finding: RelationFinding, _ series: RelationSeries) -> String {
        let n = count(finding.count)
        switch finding {
        case .tooFewPairs(_, let needed):
            return "\(n) with both values: too few to say (a relation needs \(needed))"
        case .noVariation(_, let side):
            return "\(n): \(Sanitize.inline(side)) is the same every \(noun); nothing to relate"
        case .correlation(_, let pearson, let spearman, _, _):
            let numbers = "r = \(coefficient(pearson.value)), \(interval(pearson.interval, coefficient)); "
                + "\(unicode ? "ρ" : "rho") = \(coefficient(spearman.value)), \(interval(spearman.interval, coefficient))"
            guard finding.isClear else { return "\(n): no clear relation (\(numbers))" }
            let size = abs(pearson.value)
            let strength = size < 0.3 ? "weak" : size < 0.5 ? "moderate" : "strong"
            let direction = pearson.value > 0 ? "positive" : "negative"
            return "\(n): \(strength) \(direction) relation (\(numbers))"
        case .groups(_, let comparison):
            var (event, other) = sides(series)
            // With a lag, the other side is read days after (or before) the event's day.
            if series.lagDays > 0 {
                let days = "\(series.lagDays) \(noun)\(series.lagDays == 1 ? "" : "s")"
                other.name += series.x.isEvent ? " \(days) later" : " \(days) before"
            }
            let unit = other.unit
            let difference = comparison.difference
            let withText = "with \(event.name) (\(comparison.daysWith))"
            let withoutText = "without (\(comparison.daysWithout))"
            let range = interval(difference.interval) { quantity($0, unit: unit, signed: false) }
            guard finding.isClear else {
                return "\(n): no clear difference in \(other.name) between \(noun)s \(withText) and \(withoutText) "
                    + "(\(quantity(difference.value, unit: unit, signed: true)), \(range))"
            }
            let word = difference.value > 0 ? "higher" : "lower"
            return "\(n): on \(noun)s \(withText), \(other.name) was \(quantity(abs(difference.value), unit: unit, signed: false)) "
                + "\(word) than \(withoutText) (difference \(range))"
        case .tooFewInGroup(_, let with, let without, let needed):
            let (event, _) = sides(series)
            return "\(n): too few \(noun)s with and without \(event.name) to compare (\(with) with, \(without) without; "
                + "each needs \(needed))"
        }
    }

    /// The event side (x when both are) and the side compared.
    func sides(_ series: RelationSeries) -> (event: RelationSide, other: RelationSide) {
        let event = series.x.isEvent ? series.x : series.y
        let other = series.x.isEvent ? series.y : series.x
        return (RelationSide(name: Self.inSentence(event.name), unit: event.unit, isEvent: true),
                RelationSide(name: Self.inSentence(other.name), unit: other.unit, isEvent: other.isEvent))
    }

    /// A name inside a sentence: "Body mass" → "body mass"; "HRV" and "REM sleep" keep theirs.
    static func inSentence(_ name: String) -> String {
        let clean = Sanitize.inline(name)
        guard let first = clean.first, first.isUppercase, clean.dropFirst().first?.isLowercase ?? false else { return clean }
        return first.lowercased() + clean.dropFirst()
    }

    /// "0.12", "−0.30".
    package func coefficient(_ value: Double) -> String { signed(numbers.format(value, fractionDigits: 2)) }

    /// "−0.30 to 0.50".
    func interval(_ interval: ConfidenceInterval, _ format: (Double) -> String) -> String {
        "\(format(interval.low)) to \(format(interval.high))"
    }

    /// "0.4 kg", "+0.4 kg" (signed), "−120 kcal"; two significant decimals for small values.
    package func quantity(_ value: Double, unit: String?, signed showPlus: Bool) -> String {
        let magnitude = abs(value)
        let digits = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 1 : 2
        var text = signed(numbers.format(value, fractionDigits: digits))
        if showPlus, value > 0 { text = "+" + text }
        return unit.map { "\(text) \(Sanitize.inline($0))" } ?? text
    }

    /// A formatted number with a typographic minus in Unicode.
    func signed(_ text: String) -> String {
        unicode && text.hasPrefix("-") ? "−" + text.dropFirst() : text
    }
}
