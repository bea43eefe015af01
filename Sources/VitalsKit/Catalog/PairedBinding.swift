/// The second series of a metric that relates two (a `scatter`): the metric's own binding is
/// x, this is y (the YAML's `y:` mapping), read with the same bucket and range.
public struct PairedBinding: Sendable, Hashable {
    public var seriesID: String
    /// How y's samples in a bucket combine (default: the series' usual, as for x: sum).
    public var aggregate: Aggregate?
    /// Display unit symbol of y; nil for the series' base unit.
    public var unit: String?
    /// For a category series: only these categories count.
    public var categories: [String]?
    /// How many days after x's day y is read (0–30): alcohol in the evening against sleep that
    /// night is `lag_days: 1`.
    public var lagDays: Int
    /// What y is called; nil: the series' id in words.
    public var name: String?
    /// The most days y may lag x.
    public static let maximumLag = 30

    public init(
        seriesID: String, aggregate: Aggregate? = nil, unit: String? = nil, categories: [String]? = nil,
        lagDays: Int = 0, name: String? = nil
    ) {
        self.seriesID = seriesID
        self.aggregate = aggregate
        self.unit = unit
        self.categories = categories
        self.lagDays = lagDays
        self.name = name
    }

    /// y as a binding of its own: its series, aggregate, unit and categories with the metric's
    /// bucket and range. Its day starts as its series' does (a night at 18:00, the rest at
    /// midnight, or the `day_cutoff` setting), not at x's `day_cutoff`: drinks counted from
    /// 04:00 are related to the nights that follow them through `lag_days`.
    public func binding(sharing metric: MetricBinding) -> MetricBinding {
        MetricBinding(
            seriesID: seriesID, aggregate: aggregate, bucket: metric.bucket, range: metric.range,
            unit: unit, categories: categories)
    }
}
