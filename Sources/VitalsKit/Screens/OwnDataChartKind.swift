/// A chart kind of its own data shape (`ChartData.own`), which reads its data itself: a kind
/// from outside Vitals draws a shape none of the built-in ones is, touching no file of Vitals.
public protocol OwnDataChartKind: ChartKind {
    /// The chart's data for `metric`, read from the context's store with `query` (the metric's
    /// series, unit, range, bucket, subject and as-of day), which `MetricChartBuilder` puts in
    /// `ChartInput.payload` for `draw`.
    static func readData(for metric: DisplayMetric, query: MetricQuery, in context: ScreenContext) throws -> (
        any ChartPayload
    )?
}
