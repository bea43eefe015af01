/// The unit a quantity is shown in, and how one value of it is written in words.
///
/// `unit` is what numbers are in: chart axes, sums and means, JSON, and a value typed without
/// a unit. `spoken` is how a single value reads in text when people say it otherwise: a UK
/// body weight is plotted in pounds but written "12 st 4 lb"; a US height of 70 in is written
/// "5 ft 10 in"; a UK day of water, measured in ml, is written "3.2 pt".
public struct DisplayUnit: Sendable, Hashable, CustomStringConvertible {
    /// How a single value is written in text.
    public enum Spoken: Sendable, Hashable {
        /// In `unit`, as numbers elsewhere are: "78.9 kg".
        case plain
        /// From `from` `major` units up, whole `major` units and the rest in whole `unit`s:
        /// "12 st 4 lb", "5 ft 10 in". Below it, plain.
        case compound(major: KnownUnit, from: Double)
        /// From `from` `larger` units up, in `larger` with one decimal: "3.2 pt". Below, plain.
        case larger(KnownUnit, from: Double)
    }

    public var unit: KnownUnit
    public var spoken: Spoken

    public init(_ unit: KnownUnit, spoken: Spoken = .plain) {
        self.unit = unit
        self.spoken = spoken
    }

    /// The table's notation: `kg`, `st lb (axis: lb)`.
    public var description: String {
        switch spoken {
        case .plain: return unit.symbol
        case .compound(let major, _): return "\(major.symbol) \(unit.symbol)"
        case .larger(let larger, _): return "\(unit.symbol), \(larger.symbol)"
        }
    }

    /// `value` (in `unit`) as one value is written in text: the spoken way when there is one
    /// ("12 st 4 lb", "4.3 pt"), else the number and the unit's symbol ("78.9 kg").
    public func written(_ value: Double, numbers: NumberStyle) -> String {
        spokenText(value, numbers: numbers) ?? numbers.format(value, unit: unit.symbol)
    }

    /// `value` (in `unit`) written the spoken way ("12 st 4 lb"); nil when it reads plain
    /// (a plain unit, or below the spoken form's threshold) and the caller's own number
    /// formatting applies. Negative values keep their sign in front ("-1 st 2 lb").
    public func spokenText(_ value: Double, numbers: NumberStyle) -> String? {
        guard value.isFinite else { return nil }
        let magnitude = abs(value)
        let sign = value < 0 ? "-" : ""
        switch spoken {
        case .plain:
            return nil
        case .compound(let major, let from):
            guard let perMajor = major.scale(to: unit), perMajor > 1, magnitude >= from * perMajor else { return nil }
            let parts = Self.split(magnitude, perMajor: perMajor)
            return "\(sign)\(parts.major) \(major.symbol) \(parts.minor) \(unit.symbol)"
        case .larger(let larger, let from):
            guard let converted = unit.convert(magnitude, to: larger), converted >= from else { return nil }
            return sign + numbers.format(converted, unit: larger.symbol, fractionDigits: 1)
        }
    }

    /// `value` (≥ 0, in minor units) as whole major units and whole minor units, the minor
    /// part rounded to the nearest unit and carried into the major (27.6 lb → 2 st 0 lb, never
    /// "1 st 14 lb").
    public static func split(_ value: Double, perMajor: Double) -> (major: Int, minor: Int) {
        let minors = value.rounded(.toNearestOrAwayFromZero)
        let whole = Int(plotting: perMajor.rounded())
        guard whole > 0, minors.isFinite, minors < 1e15 else { return (0, 0) }
        let total = Int(minors)
        return (total / whole, total % whole)
    }
}
