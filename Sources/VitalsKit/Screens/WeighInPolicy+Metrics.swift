/// How a weigh-in policy applies to a metric: which metrics are weigh-ins, which aggregate a
/// policy means, and which of a day's values it picks.
extension WeighInPolicy {
    /// The policy an aggregate already is (`first`, `last`, `mean`); nil for the others.
    public init?(aggregate: Aggregate?) {
        switch aggregate {
        case .first: self = .first
        case .last: self = .last
        case .mean: self = .mean
        default: return nil
        }
    }

    /// The aggregate that picks a day's value under this policy.
    public var aggregate: Aggregate {
        switch self {
        case .first: return .first
        case .last: return .last
        case .mean: return .mean
        }
    }

    /// The value standing for a day of `values` (in `SampleOrder`, by real instant); nil for none.
    public func pick(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        switch self {
        case .first: return values.first
        case .last: return values.last
        case .mean: return values.reduce(0, +) / Double(values.count)
        }
    }

    /// What the screen says under a day's list of weigh-ins.
    public var usedSentence: String {
        switch self {
        case .first: return "Morning weight is used for tracking"
        case .last: return "Latest weight is used for tracking"
        case .mean: return "Mean of the day's weigh-ins is used for tracking"
        }
    }

    /// Whether `metric` reads weigh-ins: a series measured in mass whose days are picked by
    /// `first`, `last` or `mean` (a body weight), not a sum of masses (grams of protein).
    public static func applies(to metric: DisplayMetric, in catalog: Catalog) -> Bool {
        guard WeighInPolicy(aggregate: metric.binding.aggregate) != nil, metric.binding.divideBy == nil,
            let series = metric.binding.seriesID.flatMap(catalog.series), series.kind == .quantity
        else { return false }
        return series.unit.dimension == .mass
    }
}

extension ScreenContext {
    /// The policy that picks `metric`'s daily value: the person's setting (`weigh_in`) for a
    /// weigh-in metric, else the metric's own aggregate; nil when it is not a weigh-in metric.
    public func weighInPolicy(for metric: DisplayMetric) -> WeighInPolicy? {
        guard WeighInPolicy.applies(to: metric, in: catalog) else { return nil }
        return request.weighIn ?? WeighInPolicy(aggregate: metric.binding.aggregate)
    }
}
