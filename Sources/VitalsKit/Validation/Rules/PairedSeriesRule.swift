/// A relating chart and its second series: a `scatter` needs `y:`, `y:` needs a relating chart,
/// y's unit fits its series, and a lag is whole days within `PairedBinding.maximumLag` on a
/// daily bucket. (An unknown y series is `unknown-reference`'s.)
public struct PairedSeriesRule: ValidationRule {
    public init() {}
    public static let description = RuleDescription(
        id: "paired-series",
        summary: "A scatter metric binds a y: series whose unit fits it; lag_days is 0–30 on bucket: day.",
        triggering: [
            RuleExamples.metrics(
                RuleExamples.primary.replacingOccurrences(of: "chart_type_id: line", with: "chart_type_id: scatter")),
            RuleExamples.metrics(
                RuleExamples.primary.replacingOccurrences(of: "chart_type_id: line", with: "chart_type_id: scatter")
                    + ", y: {series: body_mass, unit: min}"),
            RuleExamples.metrics(
                RuleExamples.primary.replacingOccurrences(of: "chart_type_id: line", with: "chart_type_id: scatter")
                    + ", y: {series: body_mass, lag_days: 45}"),
            RuleExamples.metrics(RuleExamples.primary + ", y: {series: body_mass}"),
        ],
        nonTriggering: [
            RuleExamples.metrics(
                RuleExamples.primary.replacingOccurrences(of: "chart_type_id: line", with: "chart_type_id: scatter")
                    + ", y: {series: body_mass, unit: lb, lag_days: 1}")
        ])

    public func check(_ loaded: LoadedCatalog, in context: ValidationContext) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for metric in loaded.catalog.metrics {
            let data = context.chartKinds.type(for: metric.chartTypeID)?.data
            let relates = data == .pairs
            guard let y = metric.binding.versus else {
                if relates {
                    found.append(
                        diagnostic(
                            "'\(metric.id)' draws a \(metric.chartTypeID) chart, which relates two series; add `y: {series: …}`",
                            at: metric.location(of: "chart_type_id")))
                }
                continue
            }
            // A kind of its own shape may read y: too (a range from two series).
            if !relates, data != .own, data != nil {
                found.append(
                    diagnostic(
                        "only a relating chart (\(Self.relatingKinds(context.chartKinds))) reads y:; '\(metric.id)' draws \(metric.chartTypeID)",
                        at: metric.location(of: "y")))
            }
            if y.lagDays > PairedBinding.maximumLag {
                found.append(
                    diagnostic(
                        "lag_days \(y.lagDays) is more than \(PairedBinding.maximumLag) days",
                        at: metric.location(of: "y.lag_days")))
            } else if y.lagDays > 0, let bucket = metric.binding.bucket, bucket != .day {
                found.append(
                    diagnostic(
                        "lag_days needs bucket: day; this metric's bucket is \(bucket.rawValue)",
                        at: metric.location(of: "y.lag_days")))
            }
            guard let series = loaded.catalog.series(y.seriesID) else { continue }
            if let unit = y.unit {
                if let known = KnownUnit.named(unit) {
                    if known.dimension != series.unit.dimension {
                        let options = KnownUnit.units(of: series.unit.dimension).map(\.symbol)
                        found.append(
                            diagnostic(
                                "y unit '\(unit)' measures \(known.dimension.rawValue), but series '\(series.id)' is in \(series.unit.rawValue); use one of \(options.joined(separator: ", "))",
                                at: metric.location(of: "y.unit"), related: [series.location]))
                    }
                } else {
                    found.append(
                        diagnostic("unknown unit '\(Sanitize.inline(unit))'", at: metric.location(of: "y.unit")))
                }
            }
            for category in y.categories ?? [] where !series.categories.contains(category) {
                found.append(
                    diagnostic(
                        "category '\(Sanitize.inline(category))' is not one of series '\(series.id)': \(series.categories.joined(separator: ", "))",
                        at: metric.location(of: "y.categories")))
            }
        }
        return found
    }

    static func relatingKinds(_ chartKinds: ChartKindFactory) -> String {
        chartKinds.kinds.filter { $0.data == .pairs }.map { $0.id }.joined(separator: ", ")
    }
}
