import Foundation

/// What a unit measures; two units convert into each other only within one dimension.
public enum UnitDimension: String, Sendable {
    case mass, volume, duration, length, energy, count, portion, percent, heartRate, pressure, interval
}

/// A base unit a series stores its values in.
public enum BaseUnit: String, Sendable, CaseIterable {
    case kg, g, L, min, h, count, portion, percent, cm, kcal, bpm, mmHg, ms

    public var dimension: UnitDimension { KnownUnit.named(rawValue)!.dimension }
}

/// A unit that Vitals can read at input or show at display, with how it converts.
///
/// Conversion goes through Foundation `Measurement` for the physical dimensions; counts,
/// portions, percent, heart rate and pressure only convert to themselves.
public struct KnownUnit: Sendable, Hashable {
    public var symbol: String
    public var dimension: UnitDimension
    /// How many of the dimension's canonical unit one of this unit is (kg, L, min, cm, kcal …).
    fileprivate var factor: Double

    /// All units by the names people type, case-sensitive first, then case-insensitive.
    public static func named(_ name: String) -> KnownUnit? {
        if let unit = table[name] { return unit }
        let lowered = name.lowercased()
        return table.first { $0.key.lowercased() == lowered }?.value
    }

    /// Every unit symbol Vitals knows, for messages and the JSON Schema.
    public static var allSymbols: [String] { table.keys.sorted() }

    /// Units of a dimension, canonical first.
    public static func units(of dimension: UnitDimension) -> [KnownUnit] {
        Set(table.values.filter { $0.dimension == dimension }).sorted { $0.factor < $1.factor }
    }

    /// Converts `value` from this unit into `other`; nil when the dimensions differ.
    public func convert(_ value: Double, to other: KnownUnit) -> Double? {
        guard dimension == other.dimension else { return nil }
        if self == other { return value }
        return value * factor / other.factor
    }

    private static func foundation<U: Dimension>(_ unit: U, canonical: U) -> Double {
        Measurement(value: 1, unit: unit).converted(to: canonical).value
    }

    private static let table: [String: KnownUnit] = {
        var table: [String: KnownUnit] = [:]
        func add(_ names: [String], _ dimension: UnitDimension, _ factor: Double) {
            let unit = KnownUnit(symbol: names[0], dimension: dimension, factor: factor)
            for name in names { table[name] = unit }
        }
        let kg = UnitMass.kilograms
        add(["kg", "kilogram", "kilograms"], .mass, 1)
        add(["g", "gram", "grams"], .mass, foundation(UnitMass.grams, canonical: kg))
        add(["mg", "milligram", "milligrams"], .mass, foundation(UnitMass.milligrams, canonical: kg))
        // Exact definitions: Foundation on Linux rounds these (1 lb → 0.453592 kg).
        add(["lb", "lbs", "pound", "pounds"], .mass, 0.45359237)
        add(["oz", "ounce", "ounces"], .mass, 0.028349523125)
        // swift-corelibs-foundation has the stone's coefficient inverted (1 st → 0.157 kg), so
        // the exact definition is used instead: 1 st = 14 lb = 6.35029318 kg.
        add(["st", "stone"], .mass, 6.35029318)
        let liter = UnitVolume.liters
        add(["L", "l", "liter", "litre", "liters", "litres"], .volume, 1)
        add(["mL", "ml", "milliliter", "millilitre"], .volume, foundation(UnitVolume.milliliters, canonical: liter))
        add(["fl_oz", "fl oz", "fl_oz_us", "floz"], .volume, 0.0295735295625)
        add(["cup"], .volume, foundation(UnitVolume.cups, canonical: liter))
        let minute = UnitDuration.minutes
        add(["min", "minute", "minutes"], .duration, 1)
        add(["h", "hr", "hour", "hours"], .duration, foundation(UnitDuration.hours, canonical: minute))
        add(["s", "sec", "second", "seconds"], .duration, foundation(UnitDuration.seconds, canonical: minute))
        let cm = UnitLength.centimeters
        add(["cm", "centimeter", "centimetre"], .length, 1)
        add(["m", "meter", "metre"], .length, foundation(UnitLength.meters, canonical: cm))
        add(["mm"], .length, foundation(UnitLength.millimeters, canonical: cm))
        add(["in", "inch", "inches"], .length, foundation(UnitLength.inches, canonical: cm))
        add(["km"], .length, foundation(UnitLength.kilometers, canonical: cm))
        add(["mi", "mile", "miles"], .length, foundation(UnitLength.miles, canonical: cm))
        let kcal = UnitEnergy.kilocalories
        add(["kcal", "Cal", "kilocalorie", "kilocalories"], .energy, 1)
        add(["kJ", "kj", "kilojoule", "kilojoules"], .energy, foundation(UnitEnergy.kilojoules, canonical: kcal))
        add(["count", "x", "times"], .count, 1)
        add(["portion", "portions", "serving", "servings"], .portion, 1)
        add(["percent", "%", "pct"], .percent, 1)
        add(["bpm", "count/min"], .heartRate, 1)
        add(["mmHg"], .pressure, 1)
        add(["ms"], .interval, 1)
        return table
    }()
}

/// Which unit system display prefers: metric, or imperial for mass, volume and length.
public enum UnitSystem: String, Sendable, CaseIterable {
    case metric, imperial

    /// The display unit for a base unit in this system (`kg` → `lb` in imperial).
    public func displayUnit(for base: BaseUnit) -> KnownUnit {
        let baseUnit = KnownUnit.named(base.rawValue)!
        guard self == .imperial else { return baseUnit }
        switch base {
        case .kg: return KnownUnit.named("lb")!
        case .g: return KnownUnit.named("oz")!
        case .L: return KnownUnit.named("fl_oz")!
        case .cm: return KnownUnit.named("in")!
        default: return baseUnit
        }
    }
}
