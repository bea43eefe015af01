/// HealthKit's unit strings (as an export writes them) and how they convert to base units.
///
/// Most HealthKit units are names `KnownUnit` already reads (`kg`, `lb`, `mL`, `hr`,
/// `count/min`, `degC`); this adds the HealthKit-only spellings (`mcg`, `fl_oz_us`, `cup_us`,
/// `d`, the molar `mmol<180.15588…>/L` of blood glucose) and the one semantic quirk: HealthKit
/// writes `%` values as fractions (0.215 for 21.5 %).
public enum HealthKitUnit {
    /// `value` written in HealthKit `unit`, converted to `base`; nil when they do not convert.
    ///
    /// A missing unit is accepted for count-like bases (`count`, `portion`).
    public static func convert(_ value: Double, from unit: String?, to base: BaseUnit) -> Double? {
        guard let unit, !unit.isEmpty else {
            return base == .count || base == .portion ? value : nil
        }
        guard let (known, scale) = resolve(unit) else { return nil }
        return known.convert(value * scale, to: base.known)
    }

    /// The known unit a HealthKit unit string means, and the factor to apply to values first.
    public static func resolve(_ unit: String) -> (unit: KnownUnit, scale: Double)? {
        if let alias = aliases[unit] { return alias }
        if let known = KnownUnit.named(unit) { return (known, 1) }
        if let molar = molarGlucose(unit) { return (molar, 1) }
        return nil
    }

    /// `mmol<180.1558800000541>/L`: HealthKit writes a molar unit with the molar mass of what
    /// it counts. Glucose (within 0.1 % of `KnownUnit.glucoseMolarMass`) is mmol/L as it is;
    /// millimoles of anything else are not blood glucose and do not convert.
    static func molarGlucose(_ unit: String) -> KnownUnit? {
        guard unit.hasPrefix("mmol<"), unit.hasSuffix(">/L"),
            let mass = Double(unit.dropFirst(5).dropLast(3)), mass.isFinite,
            abs(mass - KnownUnit.glucoseMolarMass) <= KnownUnit.glucoseMolarMass * 0.001
        else { return nil }
        return .glucoseMillimolesPerLiter
    }

    private static let aliases: [String: (unit: KnownUnit, scale: Double)] = [
        "%": (.percent, 100),
        "mcg": (.milligram, 0.001),
        "µg": (.milligram, 0.001),
        "fl_oz_us": (.fluidOunce, 1),
        "fl_oz_imp": (.milliliter, 28.4130625),
        "cup_us": (.cup, 1),
        "cup_imp": (.milliliter, 284.130625),
        "pt_us": (.milliliter, 473.176473),
        "pt_imp": (.pint, 1),
        "dL": (.milliliter, 100),
        "cL": (.milliliter, 10),
        "yd": (.inch, 36),
        "d": (.minute, 1440),
    ]
}
