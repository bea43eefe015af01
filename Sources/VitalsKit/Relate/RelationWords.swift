import Foundation

/// A relation's finding in words that never claim more than the data hold.
///
/// A relation is named (weak, moderate, strong; positive or negative, by Cohen's 0.3 and 0.5
/// on r) only when `RelationFinding.isClear`; otherwise it is "no clear relation" with the
/// numbers, so a reader sees how wide the uncertainty is. A difference between days with and
/// without an event is named only when its interval excludes zero. Nothing is called a cause.
public struct RelationWords: Sendable {
    public var numbers: NumberStyle
    /// Whether a minus sign (−) and an en dash may be written, or ASCII only.
    public var unicode: Bool
    /// What one pair is: "day", "week".
    public var noun: String

    public init(numbers: NumberStyle = .standard, unicode: Bool = true, noun: String = "day") {
        self.numbers = numbers
        self.unicode = unicode
        self.noun = noun
    }

    /// "23 days", "1 day" (in the current language).
    public func count(_ n: Int) -> String {
        noun == "week"
            ? Words.count(n, one: "count.week_one", other: "count.weeks")
            : Words.count(n, one: "count.day_one", other: "count.days")
    }

    /// The pair's noun alone: "day" or "days", "week" or "weeks".
    public func nounWord(plural: Bool) -> String {
        Words.text("relation.\(noun == "week" ? "week" : "day")\(plural ? "s" : "")")
    }

    /// The finding as one sentence, starting with the number of pairs, in the current language
    /// (`Words`: the `relation.*` keys).
    public func sentence(_ finding: RelationFinding, _ series: RelationSeries) -> String {
        let n = count(finding.count)
        switch finding {
        case .tooFewPairs(_, let needed):
            return Words.text("relation.too_few_pairs", ["n": n, "needed": String(needed)])
        case .noVariation(_, let side):
            return Words.text(
                "relation.no_variation", ["n": n, "side": Sanitize.inline(side), "noun": nounWord(plural: false)])
        case .correlation(_, let pearson, let spearman, _, _):
            let numbers =
                "r = \(coefficient(pearson.value)), \(interval(pearson.interval, coefficient)); "
                + "\(unicode ? "ρ" : "rho") = \(coefficient(spearman.value)), \(interval(spearman.interval, coefficient))"
            guard finding.isClear else { return Words.text("relation.unclear", ["n": n, "numbers": numbers]) }
            let size = abs(pearson.value)
            let strength = size < 0.3 ? "weak" : size < 0.5 ? "moderate" : "strong"
            let direction = pearson.value > 0 ? "positive" : "negative"
            return Words.text(
                "relation.clear",
                [
                    "n": n, "strength": Words.text("relation.\(strength)"),
                    "direction": Words.text("relation.\(direction)"), "numbers": numbers,
                ])
        case .groups(_, let comparison):
            var (event, other) = sides(series)
            // With a lag, the other side is read days after (or before) the event's day.
            if series.lagDays > 0 {
                other.name = Words.text(
                    series.x.isEvent ? "relation.later" : "relation.earlier",
                    ["name": other.name, "days": count(series.lagDays)])
            }
            let unit = other.unit
            let difference = comparison.difference
            let withText = Words.text("relation.with", ["event": event.name, "count": String(comparison.daysWith)])
            let withoutText = Words.text("relation.without", ["count": String(comparison.daysWithout)])
            let range = interval(difference.interval) { quantity($0, unit: unit, signed: false) }
            var values = [
                "n": n, "nouns": nounWord(plural: true), "with": withText, "without": withoutText, "other": other.name,
                "range": range,
            ]
            guard finding.isClear else {
                values["difference"] = quantity(difference.value, unit: unit, signed: true)
                return Words.text("relation.no_clear_difference", values)
            }
            values["amount"] = quantity(abs(difference.value), unit: unit, signed: false)
            values["word"] = Words.text(difference.value > 0 ? "relation.higher" : "relation.lower")
            return Words.text("relation.difference", values)
        case .tooFewInGroup(_, let with, let without, let needed):
            let (event, _) = sides(series)
            return Words.text(
                "relation.too_few_in_group",
                [
                    "n": n, "nouns": nounWord(plural: true), "event": event.name,
                    "with": String(with), "without": String(without),
                    "needed": String(needed),
                ])
        }
    }

    /// The event side (x when both are) and the side compared.
    public func sides(_ series: RelationSeries) -> (event: RelationSide, other: RelationSide) {
        let event = series.x.isEvent ? series.x : series.y
        let other = series.x.isEvent ? series.y : series.x
        return (
            RelationSide(name: Self.inSentence(event.name), unit: event.unit, isEvent: true),
            RelationSide(name: Self.inSentence(other.name), unit: other.unit, isEvent: other.isEvent)
        )
    }

    /// A name inside a sentence: "Body mass" → "body mass"; "HRV" and "REM sleep" keep theirs.
    public static func inSentence(_ name: String) -> String {
        let clean = Sanitize.inline(name)
        guard let first = clean.first, first.isUppercase, clean.dropFirst().first?.isLowercase ?? false else {
            return clean
        }
        return first.lowercased() + clean.dropFirst()
    }

    /// "0.12", "−0.30".
    public func coefficient(_ value: Double) -> String { signed(numbers.format(value, fractionDigits: 2)) }

    /// "−0.30 to 0.50".
    public func interval(_ interval: ConfidenceInterval, _ format: (Double) -> String) -> String {
        Words.text("relation.interval", ["low": format(interval.low), "high": format(interval.high)])
    }

    /// "0.4 kg", "+0.4 kg" (signed), "−120 kcal"; two significant decimals for small values.
    public func quantity(_ value: Double, unit: String?, signed showPlus: Bool) -> String {
        let magnitude = abs(value)
        let digits = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 1 : 2
        var text = signed(numbers.format(value, fractionDigits: digits))
        if showPlus, value > 0 { text = "+" + text }
        return unit.map { "\(text) \(Sanitize.inline($0))" } ?? text
    }

    /// A formatted number with a typographic minus in Unicode.
    public func signed(_ text: String) -> String {
        unicode && text.hasPrefix("-") ? "−" + text.dropFirst() : text
    }
}
