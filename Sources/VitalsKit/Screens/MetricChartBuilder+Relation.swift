extension MetricChartBuilder {
    /// The metric's series (x) against its `y:` series, read with the screen's settings; nil
    /// when the metric binds no `y:` (validation reports that).
    func relation(for metric: DisplayMetric, x: MetricQuery) throws -> RelationSeries? {
        guard let paired = metric.binding.versus else { return nil }
        var yMetric = metric
        yMetric.id = metric.id + "#y"
        yMetric.binding = paired.binding(sharing: metric.binding)
        let y = try context.query(for: yMetric)
        return try RelationReader.read(x: x, y: y, lagDays: paired.lagDays, yName: paired.name, from: context.store)
    }
}
