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
public struct ProteinConfig: DeclaredConfig, Hashable {
    /// The keys of the block, declared once: decoder, diagnostics, schema and `vitals modules`.
    public struct Keys: ConfigDeclaration {
        /// Grams per kg worth taking seriously: 0.8 is the basic adult need, 1.6 suits people
        /// who train, and intakes far above 3 g/kg are not advised anywhere.
        public var perKg = ConfigKey.number(
            "per_kg", unit: "g/kg", in: 0.5...3.5, above: 0, plausible: true,
            hint: "0.8 is the basic adult need, 1.6 suits strength training",
            doc: "Daily target per kg of the latest body weight (body_mass).")
        /// A fixed daily target in grams that is not a typo.
        public var targetGrams = ConfigKey.number(
            "target_grams", unit: "g", in: 10...400, above: 0, plausible: true,
            hint: "a daily target in grams",
            doc: "A fixed daily target; without either key the metric's own target applies.")
        public init() {}

        public static func check(_ values: ConfigValues<Keys>, problems: inout ConfigProblems) {
            if values.has(\.perKg), values.has(\.targetGrams) {
                problems.error("use either per_kg or target_grams, not both", at: values.node(\.targetGrams))
            }
        }
    }

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

    /// The series the per-kg target reads the body weight from.
    public static let weightSeriesID = "body_mass"

    /// The rule the keys name, after checking the catalog has what it needs.
    public init?(
        _ values: ConfigValues<Keys>, of screen: DisplayScreen, in catalog: Catalog,
        problems: inout ConfigProblems
    ) {
        let before = problems.errorCount
        if values.has(\.perKg), catalog.series(Self.weightSeriesID) == nil {
            problems.error(
                "per_kg needs the \(Self.weightSeriesID) series for the body weight, and the catalog declares none",
                at: values.node(\.perKg))
        }
        if values.has(\.perKg) || values.has(\.targetGrams),
            let primary = catalog.primary(of: screen.id),
            let series = primary.binding.seriesID.flatMap(catalog.series),
            series.unit.dimension != BaseUnit.g.dimension
        {
            problems.error(
                "per_kg and target_grams set a target in grams, but \(primary.id) shows \(series.id) in \(series.unit.rawValue)",
                at: values.node(\.perKg) ?? values.node(\.targetGrams))
        }
        guard problems.errorCount == before else { return nil }
        if let perKg = values.perKg {
            targetRule = .perKilogram(perKg)
        } else if let grams = values.targetGrams {
            targetRule = .fixed(grams: grams)
        } else {
            targetRule = .metric
        }
    }
}
