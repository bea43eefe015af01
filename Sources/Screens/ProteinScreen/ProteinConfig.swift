import VitalsKit

/// The Protein screen's `config` block: where the daily target comes from.
///
/// ```yaml
/// config:
///   per_kg: 1.6          # target = 1.6 g × the latest body weight in kg
/// # or
///   target_grams: 120    # a fixed daily target
/// ```
///
/// Without either key the primary metric's own `target` applies. With `per_kg` and no body
/// weight on or before the as-of day, the screen falls back to the metric's target and says so.
public struct ProteinConfig: Sendable, Hashable {
    /// Where the daily target comes from.
    public enum TargetRule: Sendable, Hashable {
        /// The primary metric's `target`.
        case metric
        /// A fixed number of grams per day.
        case fixed(grams: Double)
        /// Grams per kilogram of the latest body weight.
        case perKilogram(Double)
    }

    public var targetRule: TargetRule

    public init(targetRule: TargetRule = .metric) { self.targetRule = targetRule }

    /// The keys the block may have.
    public static let keys = ["per_kg", "target_grams"]
    /// Grams per kg worth taking seriously: 0.8 is the basic adult need, 1.6 suits people who
    /// train, and intakes far above 3 g/kg are not advised anywhere.
    public static let plausiblePerKilogram: ClosedRange<Double> = 0.5...3.5
    /// A fixed daily target in grams that is not a typo.
    public static let plausibleGrams: ClosedRange<Double> = 10...400
    /// The series the per-kg target reads the body weight from.
    public static let weightSeriesID = "body_mass"

    /// Decodes `node` (nil: no block), reporting each problem at its line; nil when the block
    /// has errors.
    static func decode(_ node: YAMLNode?, of screen: DisplayScreen, in catalog: Catalog,
                       problems: inout ConfigProblems) -> ProteinConfig? {
        guard let node else { return ProteinConfig() }
        let errorsBefore = problems.errorCount
        guard let map = problems.mapping(node, named: "config", allowed: keys) else { return nil }
        let perKg = positive("per_kg", in: map, unit: "g/kg", plausible: plausiblePerKilogram,
                             hint: "0.8 is the basic adult need, 1.6 suits strength training",
                             problems: &problems)
        let grams = positive("target_grams", in: map, unit: "g", plausible: plausibleGrams,
                             hint: "a daily target in grams", problems: &problems)
        if map["per_kg"] != nil, map["target_grams"] != nil {
            problems.error("use either per_kg or target_grams, not both", at: map["target_grams"])
        }
        if map["per_kg"] != nil, catalog.series(weightSeriesID) == nil {
            problems.error("per_kg needs the \(weightSeriesID) series for the body weight, and the catalog declares none",
                           at: map["per_kg"])
        }
        if map["per_kg"] != nil || map["target_grams"] != nil,
           let primary = catalog.primary(of: screen.id),
           let series = primary.binding.seriesID.flatMap(catalog.series),
           series.unit.dimension != BaseUnit.g.dimension {
            problems.error("per_kg and target_grams set a target in grams, but \(primary.id) shows \(series.id) in \(series.unit.rawValue)",
                           at: map["per_kg"] ?? map["target_grams"])
        }
        guard problems.errorCount == errorsBefore else { return nil }
        if let perKg { return ProteinConfig(targetRule: .perKilogram(perKg)) }
        if let grams { return ProteinConfig(targetRule: .fixed(grams: grams)) }
        return ProteinConfig()
    }

    /// The number under `key`: above zero and within `plausible`, else an error at its line.
    private static func positive(_ key: String, in map: YAMLNode, unit: String, plausible: ClosedRange<Double>,
                                 hint: String, problems: inout ConfigProblems) -> Double? {
        guard let value = problems.number(key, in: map) else { return nil }
        let text = map[key]?.scalarText ?? String(value)
        if value <= 0 {
            problems.error("\(key) must be greater than 0 \(unit), got \(text)", at: map[key])
            return nil
        }
        guard plausible.contains(value) else {
            problems.error("\(key) \(text) \(unit) is implausible: use \(format(plausible.lowerBound))…\(format(plausible.upperBound)) \(unit) (\(hint))",
                           at: map[key])
            return nil
        }
        return value
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

extension ConfigProblems {
    /// How many errors have been collected so far.
    var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
}
