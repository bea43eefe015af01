/// A kind of value whose unit depends on the unit system (body weight, fluids …), known by the
/// base unit its series is stored in.
public enum Quantity: String, Sendable, CaseIterable {
    case bodyWeight, food, energy, fluid, length, distance, temperature

    /// The series stored in `base` are this quantity; nil for the base units shown the same
    /// way in every system (minutes, hours, counts, portions, %, bpm, mmHg, ms, blood glucose).
    public init?(base: BaseUnit) {
        switch base {
        case .kg: self = .bodyWeight
        case .g: self = .food
        case .kcal: self = .energy
        case .L: self = .fluid
        case .cm: self = .length
        case .km: self = .distance
        case .degC: self = .temperature
        case .min, .h, .count, .portion, .percent, .bpm, .mmHg, .ms, .mmolPerL, .mgPerdL: return nil
        }
    }

    /// The row's name in the README table.
    public var title: String {
        switch self {
        case .bodyWeight: return "Body weight (stored in kg)"
        case .food: return "Protein, fibre, caffeine (g)"
        case .energy: return "Food and active energy (kcal)"
        case .fluid: return "Water and other fluids (L)"
        case .length: return "Height, waist (cm)"
        case .distance: return "Distance (km)"
        case .temperature: return "Temperature (°C)"
        }
    }
}

/// Which unit each quantity takes in each unit system: the one table the code reads, also
/// printed in README ("Units") and kept equal to it by a test.
///
/// Nutrition labels give grams and kcal everywhere, so food stays in grams and energy in kcal
/// in all three systems. British people weigh themselves in stones and pounds: the UK body
/// weight is plotted in pounds (decimal stones read wrongly: 12.3 st is 12 st 4 lb) and a
/// single value is written "12 st 4 lb". Drinks in the UK are sold in ml and litres but a
/// day's water is talked of in pints: values in ml, from one pint up written in pints. A
/// height from four feet up reads "5 ft 10 in"; a waist stays in inches.
public enum UnitTable {
    public struct Row: Sendable {
        public var quantity: Quantity
        public var metric: DisplayUnit
        public var us: DisplayUnit
        public var uk: DisplayUnit

        public func display(in system: UnitSystem) -> DisplayUnit {
            switch system {
            case .metric: return metric
            case .us: return us
            case .uk: return uk
            }
        }
    }

    public static let rows: [Row] = [
        Row(
            quantity: .bodyWeight, metric: DisplayUnit(.kilogram), us: DisplayUnit(.pound),
            uk: DisplayUnit(.pound, spoken: .compound(major: .stone, from: 1))),
        Row(quantity: .food, metric: DisplayUnit(.gram), us: DisplayUnit(.gram), uk: DisplayUnit(.gram)),
        Row(
            quantity: .energy, metric: DisplayUnit(.kilocalorie), us: DisplayUnit(.kilocalorie),
            uk: DisplayUnit(.kilocalorie)),
        Row(
            quantity: .fluid, metric: DisplayUnit(.liter), us: DisplayUnit(.fluidOunce),
            uk: DisplayUnit(.milliliter, spoken: .larger(.pint, from: 1))),
        Row(
            quantity: .length, metric: DisplayUnit(.centimeter),
            us: DisplayUnit(.inch, spoken: .compound(major: .foot, from: 4)),
            uk: DisplayUnit(.inch, spoken: .compound(major: .foot, from: 4))),
        Row(quantity: .distance, metric: DisplayUnit(.kilometer), us: DisplayUnit(.mile), uk: DisplayUnit(.mile)),
        Row(
            quantity: .temperature, metric: DisplayUnit(.celsius), us: DisplayUnit(.fahrenheit),
            uk: DisplayUnit(.celsius)),
    ]

    /// The display of `quantity` in `system`.
    public static func display(_ quantity: Quantity, in system: UnitSystem) -> DisplayUnit {
        // Every quantity has a row (a test checks it); metric's base unit otherwise.
        rows.first { $0.quantity == quantity }?.display(in: system) ?? DisplayUnit(.kilogram)
    }

    /// Metric units: with `--units metric`, a metric's own unit stays when it is one of
    /// these (water bound in `ml` stays in ml); any other unit becomes the table's.
    public static let metricUnits: Set<KnownUnit> = [
        .kilogram, .gram, .milligram, .liter, .milliliter, .centimeter, .millimeter, .meter,
        .kilometer, .kilocalorie, .kilojoule, .celsius,
    ]

    /// A cell of the README table: `kg`; `lb, said st lb`; `ml, said pt from 1 pt`.
    public static func cell(_ display: DisplayUnit) -> String {
        let unit = display.unit.symbol
        switch display.spoken {
        case .plain:
            return unit
        case .compound(let major, let from):
            let threshold = from == 1 ? "" : " from \(NumberStyle.point.compact(from)) \(major.symbol)"
            return "\(unit), said \(major.symbol) \(unit)\(threshold)"
        case .larger(let larger, let from):
            return "\(unit), said \(larger.symbol) from \(NumberStyle.point.compact(from)) \(larger.symbol)"
        }
    }

    /// The table as Markdown, as README shows it.
    public static var markdown: String {
        var lines = ["| Quantity | metric | us | uk |", "|---|---|---|---|"]
        for row in rows {
            lines.append("| \(row.quantity.title) | \(cell(row.metric)) | \(cell(row.us)) | \(cell(row.uk)) |")
        }
        return lines.joined(separator: "\n")
    }
}
