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
        self.week = week; self.gain = gain; self.lower = lower; self.upper = upper
    }

    public var position: Position { gain < lower ? .below : gain > upper ? .above : .within }

    /// "Week 23: +6.1 kg, within the recommended range (4.5–7.1 kg)." — "above" / "below"
    /// the range otherwise.
    public func sentence(unit: String, numbers: NumberStyle, rangeDash: String) -> String {
        let words: String
        switch position {
        case .below: words = "below"
        case .within: words = "within"
        case .above: words = "above"
        }
        let range = numbers.format(lower) + rangeDash + numbers.format(upper, unit: unit)
        return "Week \(Int(week.rounded(.down))): \(numbers.formatDelta(gain, unit: unit)), \(words) the recommended range (\(range))."
    }
}
