import VitalsKit

/// A weight gain judged against the recommended band at its week of pregnancy, and the
/// sentence that says so: "Week 23: +6.1 kg, within the recommended range (4.5–7.1 kg)."
public struct PregnancyVerdict: Sendable, Hashable {
    public enum Position: String, Sendable { case below, within, above }

    /// Weeks of pregnancy (fractional) of the weighing.
    public var week: Double
    /// The gain since before the pregnancy, in the display unit.
    public var gain: Double
    public var lower: Double, upper: Double

    public init(week: Double, gain: Double, lower: Double, upper: Double) {
        self.week = week
        self.gain = gain
        self.lower = lower
        self.upper = upper
    }

    /// Judged at the precision the sentence shows (0.1), so "+7.1 kg" is never "above" a
    /// range written "4.5–7.1 kg".
    public var position: Position {
        func tenths(_ value: Double) -> Double { (value * 10).rounded(.toNearestOrAwayFromZero) }
        return tenths(gain) < tenths(lower) ? .below : tenths(gain) > tenths(upper) ? .above : .within
    }

    /// "Week 23: +6.1 kg, within the recommended range (4.5–7.1 kg)." — "above" / "below"
    /// the range otherwise.
    public func sentence(unit: String, numbers: NumberStyle, glyphs: Glyphs) -> String {
        let words: String
        switch position {
        case .below: words = "below"
        case .within: words = "within"
        case .above: words = "above"
        }
        let range = numbers.format(lower) + glyphs.rangeDash + numbers.format(upper, unit: unit)
        // formatDelta writes "±0.0 kg" for no change; the glyphs say how (+/- in ASCII).
        var change = numbers.formatDelta(gain, unit: unit)
        if change.hasPrefix("±") { change = glyphs.plusMinus + change.dropFirst() }
        return "Week \(Int(week.rounded(.down))): \(change), \(words) the recommended range (\(range))."
    }
}
