import Foundation

/// What a unit measures; two units convert into each other only within one dimension.
public enum UnitDimension: String, Sendable {
    case mass, volume, duration, length, energy, count, portion, percent, heartRate, pressure, interval, temperature
    /// Blood glucose, as an amount (mmol/L) or a mass (mg/dL) per volume.
    case glucose
}

/// A base unit a series stores its values in (the catalog's `unit:` words).
public enum BaseUnit: String, Sendable, CaseIterable {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The cases are the unit symbols the catalog's YAML spells (`L`, `mmHg`), not Swift names.
    case kg, g, L, min, h, count, portion, percent, cm, kcal, bpm, mmHg, ms, km, degC
    case mmolPerL = "mmol/L"
    case mgPerdL = "mg/dL"

    /// The unit itself, with its symbol and conversion: every base unit is a known unit.
    public var known: KnownUnit {
        switch self {
        case .kg: return .kilogram
        case .g: return .gram
        case .L: return .liter
        case .min: return .minute
        case .h: return .hour
        case .count: return .count
        case .portion: return .portion
        case .percent: return .percent
        case .cm: return .centimeter
        case .kcal: return .kilocalorie
        case .bpm: return .beatsPerMinute
        case .mmHg: return .millimeterOfMercury
        case .ms: return .millisecond
        case .km: return .kilometer
        case .degC: return .celsius
        case .mmolPerL: return .glucoseMillimolesPerLiter
        case .mgPerdL: return .glucoseMilligramsPerDeciliter
        }
    }

    public var dimension: UnitDimension { known.dimension }
}

/// A unit that Vitals can read at input or show at display, with how it converts.
///
/// A value `v` in this unit is `v × factor + offset` in the dimension's canonical unit (kg, L,
/// min, cm, kcal, °C …); only temperatures have an offset. Counts, portions, percent, heart
/// rate and pressure only convert to themselves.
public struct KnownUnit: Sendable, Hashable, CustomStringConvertible {
    public let symbol: String
    public let dimension: UnitDimension
    /// How many of the dimension's canonical unit one of this unit is.
    let factor: Double
    /// What 0 of this unit is in the canonical unit (°F: −17.8 °C); 0 except for temperatures.
    let offset: Double

    init(_ symbol: String, _ dimension: UnitDimension, _ factor: Double, offset: Double = 0) {
        self.symbol = symbol
        self.dimension = dimension
        self.factor = factor
        self.offset = offset
    }

    public var description: String { symbol }

    /// All units by the names people type, case-sensitive first, then case-insensitive.
    public static func named(_ name: String) -> KnownUnit? {
        if let unit = table[name] { return unit }
        let lowered = name.lowercased()
        return lowercasedTable[lowered]
    }

    /// Every unit name Vitals knows, for messages and the JSON Schema.
    public static var allSymbols: [String] { table.keys.sorted() }

    /// Units of a dimension, smallest first.
    public static func units(of dimension: UnitDimension) -> [KnownUnit] {
        Set(table.values.filter { $0.dimension == dimension }).sorted {
            ($0.factor, $0.symbol) < ($1.factor, $1.symbol)
        }
    }

    /// Converts `value` from this unit into `other`; nil when the dimensions differ.
    public func convert(_ value: Double, to other: KnownUnit) -> Double? {
        guard dimension == other.dimension else { return nil }
        if self == other { return value }
        return (value * factor + offset - other.offset) / other.factor
    }

    /// How many of `other` one step of this unit is, for differences and tolerances (1 °C is
    /// a change of 1.8 °F); nil when the dimensions differ.
    public func scale(to other: KnownUnit) -> Double? {
        guard dimension == other.dimension else { return nil }
        return factor / other.factor
    }

    // MARK: The units

    public static let kilogram = KnownUnit("kg", .mass, 1)
    public static let gram = KnownUnit("g", .mass, 0.001)
    public static let milligram = KnownUnit("mg", .mass, 0.000_001)
    // Exact definitions: Foundation on Linux rounds the pound (1 lb → 0.453592 kg) and has the
    // stone's coefficient inverted (1 st → 0.157 kg).
    public static let pound = KnownUnit("lb", .mass, 0.45359237)
    public static let ounce = KnownUnit("oz", .mass, 0.028349523125)
    public static let stone = KnownUnit("st", .mass, 6.35029318)
    public static let liter = KnownUnit("L", .volume, 1)
    public static let milliliter = KnownUnit("ml", .volume, 0.001)
    /// The US fluid ounce (29.57 ml).
    public static let fluidOunce = KnownUnit("fl oz", .volume, 0.0295735295625)
    /// The US cup (236.6 ml).
    public static let cup = KnownUnit("cup", .volume, 0.2365882365)
    /// The imperial (UK) pint: 568.26125 ml.
    public static let pint = KnownUnit("pt", .volume, 0.56826125)
    public static let minute = KnownUnit("min", .duration, 1)
    public static let hour = KnownUnit("h", .duration, 60)
    public static let second = KnownUnit("s", .duration, 1.0 / 60)
    public static let centimeter = KnownUnit("cm", .length, 1)
    public static let millimeter = KnownUnit("mm", .length, 0.1)
    public static let meter = KnownUnit("m", .length, 100)
    public static let kilometer = KnownUnit("km", .length, 100_000)
    public static let inch = KnownUnit("in", .length, 2.54)
    public static let foot = KnownUnit("ft", .length, 30.48)
    public static let mile = KnownUnit("mi", .length, 160_934.4)
    public static let kilocalorie = KnownUnit("kcal", .energy, 1)
    public static let kilojoule = KnownUnit("kJ", .energy, 1 / 4.184)
    public static let celsius = KnownUnit("°C", .temperature, 1)
    public static let fahrenheit = KnownUnit("°F", .temperature, 5.0 / 9, offset: -32 * 5.0 / 9)
    public static let count = KnownUnit("count", .count, 1)
    public static let portion = KnownUnit("portion", .portion, 1)
    public static let percent = KnownUnit("percent", .percent, 1)
    public static let beatsPerMinute = KnownUnit("bpm", .heartRate, 1)
    public static let millimeterOfMercury = KnownUnit("mmHg", .pressure, 1)
    public static let millisecond = KnownUnit("ms", .interval, 1)
    /// Blood glucose in millimoles per litre, the canonical glucose unit.
    public static let glucoseMillimolesPerLiter = KnownUnit("mmol/L", .glucose, 1)
    /// Blood glucose in milligrams per decilitre: 1 mg/dL is 10 mg/L, and a millimole of
    /// glucose weighs `glucoseMolarMass` mg, so 1 mg/dL = 10 / 180.156 mmol/L (1 mmol/L = 18.0156 mg/dL).
    public static let glucoseMilligramsPerDeciliter = KnownUnit("mg/dL", .glucose, 10 / glucoseMolarMass)
    /// The molar mass of glucose (C6H12O6) in g/mol, for converting between mmol/L and mg/dL.
    public static let glucoseMolarMass = 180.156

    /// Each unit and the names it is typed as (its symbol first).
    private static let names: [(KnownUnit, [String])] = [
        (kilogram, ["kg", "kilogram", "kilograms"]),
        (gram, ["g", "gram", "grams"]),
        (milligram, ["mg", "milligram", "milligrams"]),
        (pound, ["lb", "lbs", "pound", "pounds"]),
        (ounce, ["oz", "ounce", "ounces"]),
        (stone, ["st", "stone", "stones"]),
        (liter, ["L", "l", "liter", "litre", "liters", "litres"]),
        (milliliter, ["ml", "mL", "milliliter", "millilitre", "milliliters", "millilitres"]),
        (fluidOunce, ["fl oz", "fl_oz", "fl_oz_us", "floz"]),
        (cup, ["cup", "cups"]),
        (pint, ["pt", "pint", "pints"]),
        (minute, ["min", "minute", "minutes"]),
        (hour, ["h", "hr", "hour", "hours"]),
        (second, ["s", "sec", "second", "seconds"]),
        (centimeter, ["cm", "centimeter", "centimetre"]),
        (meter, ["m", "meter", "metre"]),
        (millimeter, ["mm"]),
        (kilometer, ["km", "kilometer", "kilometre", "kilometers", "kilometres"]),
        (inch, ["in", "inch", "inches"]),
        (foot, ["ft", "foot", "feet"]),
        (mile, ["mi", "mile", "miles"]),
        (kilocalorie, ["kcal", "Cal", "kilocalorie", "kilocalories"]),
        (kilojoule, ["kJ", "kj", "kilojoule", "kilojoules"]),
        (celsius, ["°C", "degC", "celsius"]),
        (fahrenheit, ["°F", "degF", "fahrenheit"]),
        (count, ["count", "x", "times"]),
        (portion, ["portion", "portions", "serving", "servings"]),
        (percent, ["percent", "%", "pct"]),
        (beatsPerMinute, ["bpm", "count/min"]),
        (millimeterOfMercury, ["mmHg"]),
        (millisecond, ["ms"]),
        (glucoseMillimolesPerLiter, ["mmol/L", "mmol/l"]),
        (glucoseMilligramsPerDeciliter, ["mg/dL", "mg/dl"]),
    ]

    private static let table: [String: KnownUnit] = {
        var table: [String: KnownUnit] = [:]
        for (unit, names) in names { for name in names { table[name] = unit } }
        return table
    }()

    /// Case-insensitive names; the first spelling listed wins (`Cal` and `cal` → kcal).
    private static let lowercasedTable: [String: KnownUnit] = {
        var table: [String: KnownUnit] = [:]
        for (unit, names) in names {
            for name in names where table[name.lowercased()] == nil { table[name.lowercased()] = unit }
        }
        return table
    }()
}
