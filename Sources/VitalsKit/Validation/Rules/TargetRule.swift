/// A target whose numbers cannot be met, are always met, or lie outside what the series can hold.
package struct TargetSanityRule: ValidationRule {
    package init() {}
    package static let description = RuleDescription(
        id: "target-sanity",
        summary: "A target's numbers make sense: min ≤ max, tolerance ≥ 0, within the series' plausible range.",
        triggering: [
            RuleExamples.metrics(RuleExamples.primary + ", target: {rule: range, min: 90, max: 70}"),
            RuleExamples.metrics(RuleExamples.primary + ", target: {rule: exact, value: 70, tolerance: -1}"),
            RuleExamples.metrics(RuleExamples.primary + ", target: {rule: at_most, value: 500}"),
        ],
        nonTriggering: [RuleExamples.metrics(RuleExamples.primary + ", target: {rule: range, min: 70, max: 75}")])

    package func check(_ loaded: LoadedCatalog, in context: ValidationContext) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for metric in loaded.catalog.metrics {
            guard let target = metric.binding.target else { continue }
            let at = metric.location(of: "target")
            switch target {
            case .range(let low, let high) where low > high:
                found.append(
                    diagnostic(
                        "target range min \(format(low)) is greater than max \(format(high)); no value can meet it",
                        at: at))
            case .exact(_, let tolerance) where tolerance < 0:
                found.append(diagnostic("target tolerance \(format(tolerance)) is negative", at: at))
            default:
                if let problem = outsidePlausibleRange(target, metric, loaded.catalog) {
                    found.append(diagnostic(problem, at: at))
                }
            }
        }
        return found
    }

    /// Compares the target (in the metric's display unit) with the series' plausible range,
    /// for aggregates that stay within one sample's range.
    private func outsidePlausibleRange(_ target: Target, _ metric: DisplayMetric, _ catalog: Catalog) -> String? {
        let binding = metric.binding
        guard binding.divideBy == nil, let seriesID = binding.seriesID, let series = catalog.series(seriesID),
            let aggregate = binding.aggregate, [.mean, .min, .max, .first, .last].contains(aggregate),
            let low = series.min, let high = series.max
        else { return nil }
        let base = series.unit.known
        let display = binding.unit.flatMap(KnownUnit.named) ?? base
        guard display.dimension == base.dimension else { return nil }
        let values: [Double]
        switch target {
        case .exact(let value, _), .atLeast(let value), .atMost(let value): values = [value]
        case .range(let a, let b): values = [a, b]
        }
        for value in values {
            guard let inBase = display.convert(value, to: base), inBase < low - 1e-9 || inBase > high + 1e-9 else {
                continue
            }
            return
                "target \(format(value)) \(display.symbol) is outside the plausible range of series '\(seriesID)' (\(format(low))–\(format(high)) \(base.symbol))"
        }
        return nil
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
