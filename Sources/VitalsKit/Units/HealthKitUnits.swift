/// HealthKit's unit strings (as an export writes them) and how they convert to base units.
///
/// Most HealthKit units are names `KnownUnit` already reads (`kg`, `lb`, `mL`, `hr`,
/// `count/min`); this adds the HealthKit-only spellings (`mcg`, `fl_oz_us`, `cup_us`, `ft`, `d`)
/// exact factors where Foundation's are rounded (`lb`, `oz`, `fl_oz_us`), and the one semantic quirk: HealthKit writes `%` values as fractions (0.215 for 21.5 %).
public enum HealthKitUnit {
    /// `value` written in HealthKit `unit`, converted to `base`; nil when they do not convert.
    ///
    /// A missing unit is accepted for count-like bases (`count`, `portion`).
    public static func convert(_ value: Double, from unit: String?, to base: BaseUnit) -> Double? {
        guard let unit, !unit.isEmpty else {
            return base == .count || base == .portion ? value : nil
        }
        guard let (known, scale) = resolve(unit), let target = KnownUnit.named(base.rawValue) else { return nil }
        return known.convert(value * scale, to: target)
    }

    /// The known unit a HealthKit unit string means, and the factor to apply to values first.
    public static func resolve(_ unit: String) -> (unit: KnownUnit, scale: Double)? {
        if let alias = aliases[unit], let known = KnownUnit.named(alias.name) { return (known, alias.scale) }
        if let known = KnownUnit.named(unit) { return (known, 1) }
        return nil
    }

    private static let aliases: [String: (name: String, scale: Double)] = [
        "%": ("percent", 100),
        // Exact definitions: Foundation on Linux rounds the pound to 0.453592 kg.
        "lb": ("g", 453.59237),
        "oz": ("g", 28.349523125),
        "mcg": ("mg", 0.001),
        "µg": ("mg", 0.001),
        "fl_oz_us": ("mL", 29.5735295625),
        "fl_oz_imp": ("mL", 28.4130625),
        "cup_us": ("mL", 236.5882365),
        "cup_imp": ("mL", 284.130625),
        "pt_us": ("mL", 473.176473),
        "dL": ("mL", 100),
        "cL": ("mL", 10),
        "ft": ("in", 12),
        "yd": ("in", 36),
        "d": ("min", 1440),
        "hr": ("h", 1),
        "count/min": ("bpm", 1),
        "kcal": ("kcal", 1),
        "Cal": ("kcal", 1),
    ]
}
