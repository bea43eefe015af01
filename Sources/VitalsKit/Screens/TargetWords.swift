/// How a screen says a target and today's standing against it in words, with the module's own
/// way of writing numbers and amounts ("126 g", "1.25 portions").
public struct TargetWords: Sendable {
    public let glyphs: Glyphs
    /// A bare number ("126", "1.25").
    public let number: @Sendable (Double) -> String
    /// A number with its unit ("126 g", "3 portions").
    public let amount: @Sendable (Double) -> String

    public init(
        glyphs: Glyphs, number: @escaping @Sendable (Double) -> String,
        amount: @escaping @Sendable (Double) -> String
    ) {
        self.glyphs = glyphs
        self.number = number
        self.amount = amount
    }

    /// "≥ 120 g", "≤ 2 drinks", "3 portions ± 0.25 portions", "100–140 g".
    public func describe(_ target: Target) -> String {
        switch target {
        case .atLeast(let value): return "\(glyphs.atLeast) \(amount(value))"
        case .atMost(let value): return "\(glyphs.atMost) \(amount(value))"
        case .exact(let value, let tolerance): return "\(number(value)) \(glyphs.plusMinus) \(amount(tolerance))"
        case .range(let low, let high): return "\(number(low))\(glyphs.rangeDash)\(amount(high))"
        }
    }

    /// " of 120 g" for an at-least target, else " (target 100–140 g)".
    public func goalPhrase(_ target: Target) -> String {
        if case .atLeast(let value) = target { return " of \(amount(value))" }
        return " (target \(describe(target)))"
    }

    /// Today's standing: for a limit, what is left or how far over it; otherwise `met` once
    /// met, what is still to go, or "above the target" past an exact goal or a range.
    public func todayStatus(_ target: Target?, remaining: Double?, isMet: Bool, met: String) -> String {
        let left = remaining ?? 0
        if case .atMost? = target {
            return left >= 0 ? "\(amount(left)) left" : "\(amount(-left)) over"
        }
        if isMet { return "\(glyphs.check) \(met)" }
        return left > 0 ? "\(amount(left)) to go" : "above the target"
    }

    /// `met` of `counted` as a whole percentage (0 when nothing is counted).
    public static func percent(_ met: Int, _ counted: Int) -> Int {
        Int(TargetTally.percent(met: met, counted: counted).rounded())
    }
}
