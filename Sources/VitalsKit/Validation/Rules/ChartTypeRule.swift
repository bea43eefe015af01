/// A `chart_type_id` no renderer knows. An error, as in the JSON Schema (an enum there): a
/// mistyped chart would otherwise pass CI and draw as something else.
package struct UnknownChartTypeRule: ValidationRule {
    package init() {}
    package static let description = RuleDescription(
        id: "unknown-chart-type",
        summary: "chart_type_id names a known chart kind (vitals schema lists them).",
        triggering: [
            RuleExamples.metrics(
                RuleExamples.primary.replacingOccurrences(
                    of: "chart_type_id: line", with: "chart_type_id: bar_verticle"))
        ],
        nonTriggering: [RuleExamples.metrics(RuleExamples.primary)])

    package func check(_ loaded: LoadedCatalog, in context: ValidationContext) -> [Diagnostic] {
        let ids = context.chartKinds.ids
        let known = Set(ids)
        return loaded.catalog.metrics.compactMap { metric in
            guard !known.contains(metric.chartTypeID) else { return nil }
            var message = "unknown chart_type_id '\(Sanitize.inline(metric.chartTypeID))'"
            if let guess = Suggest.closest(to: metric.chartTypeID, in: ids) {
                message += "; did you mean '\(guess)'?"
            } else {
                message += "; use one of \(ids.joined(separator: ", "))"
            }
            return diagnostic(message, at: metric.location(of: "chart_type_id"))
        }
    }
}
