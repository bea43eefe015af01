import VitalsKit

/// The daily protein target that applies on the as-of day, and where it came from.
public struct ProteinTarget: Sendable, Hashable {
    /// Where the target came from, with what a reader needs to check it.
    public enum Source: Sendable, Hashable {
        /// The primary metric's own `target`.
        case metric
        /// `target_grams` in the screen config.
        case fixed
        /// `per_kg` × the latest body weight (kg) on or before the as-of day.
        case perKilogram(gramsPerKg: Double, weightKg: Double, weighedOn: LocalDate)
        /// `per_kg` is set but no body weight is logged yet: the metric's target applies.
        case noWeight(gramsPerKg: Double)
    }

    /// The target in the primary metric's display unit; nil when nothing sets one.
    public var target: Target?
    /// The target's goal in grams (for `at_least`/`exact`, the value; for a range, its low end).
    public var grams: Double?
    public var source: Source

    /// The per-kg target in grams: `gramsPerKg` × `weightKg`, to the nearest gram (1.6 g/kg ×
    /// 73.4 kg = 117 g; nobody weighs protein to a tenth of a gram).
    public static func grams(perKg gramsPerKg: Double, weightKg: Double) -> Double {
        (gramsPerKg * weightKg).rounded()
    }

    /// The target for `config` on the context's as-of day, in `query`'s display unit.
    static func resolve(_ config: ProteinConfig, query: MetricQuery, context: ScreenContext) throws -> ProteinTarget {
        let metricTarget = query.displayTarget
        let metricGrams = metricTarget.flatMap { goal(of: $0) }.flatMap {
            query.displayUnit.convert($0, to: .gram)
        }
        switch config.targetRule {
        case .metric:
            return ProteinTarget(target: metricTarget, grams: metricGrams, source: .metric)
        case .fixed(let grams):
            return ProteinTarget(target: .atLeast(display(grams, query)), grams: grams, source: .fixed)
        case .perKilogram(let perKg):
            guard let weight = try latestWeight(context) else {
                return ProteinTarget(target: metricTarget, grams: metricGrams, source: .noWeight(gramsPerKg: perKg))
            }
            let grams = Self.grams(perKg: perKg, weightKg: weight.value)
            return ProteinTarget(
                target: .atLeast(display(grams, query)), grams: grams,
                source: .perKilogram(gramsPerKg: perKg, weightKg: weight.value, weighedOn: weight.date))
        }
    }

    /// The body weight in kg of the latest day weighed on or before the as-of day, for the
    /// screen's subject: that day's weigh-in the `weigh_in` policy picks (the first — the
    /// morning weight — by default), as the weight screens and the grams-per-kg chart use it.
    static func latestWeight(_ context: ScreenContext) throws -> LatestValue? {
        guard let series = context.catalog.series(ProteinConfig.weightSeriesID) else { return nil }
        let policy = context.request.weighIn ?? .standard
        var query = try MetricQuery(
            binding: MetricBinding(seriesID: series.id, aggregate: policy.aggregate, unit: "kg"),
            series: series, subjectID: context.screen.subjectID, asOf: context.asOf)
        query.defaultDayCutoffMinutes = context.request.dayCutoffMinutes
        return try query.fetchLatest(from: context.store)
    }

    /// `grams` in the query's display unit (grams in every unit system; another mass unit only
    /// when the metric's YAML binds one).
    private static func display(_ grams: Double, _ query: MetricQuery) -> Double {
        KnownUnit.gram.convert(grams, to: query.displayUnit) ?? grams
    }

    /// The number a target is read as ("120" of "≥ 120 g").
    static func goal(of target: Target) -> Double? {
        switch target {
        case .atLeast(let value), .atMost(let value), .exact(let value, _): return value
        case .range(let low, _): return low
        }
    }
}
