import VitalsKit

/// `ring-needs-target`: a metric drawn as a `ring` has a target, since the ring is a share of
/// it — without one it draws an empty ring forever.
///
/// A validation rule from outside Vitals: `vitals-water validate` runs it beside the built-in
/// rules, `vitals-water rules` lists it, SARIF output names it, its examples are checked like
/// the built-in ones'.
public struct RingNeedsTargetRule: ValidationRule {
    public init() {}

    public static let description = RuleDescription(
        id: "ring-needs-target",
        summary: "A metric drawn as a ring has a target (the ring is a share of it).",
        severity: .error,
        triggering: [
            """
            metrics:
              - {display_metric_id: WATER, display_screen_id: SCREEN_WATER, display_name: Water, chart_type_id: ring, is_primary: true, series: water}
            """
        ],
        nonTriggering: [
            """
            metrics:
              - {display_metric_id: WATER, display_screen_id: SCREEN_WATER, display_name: Water, chart_type_id: ring, is_primary: true, series: water, target: {rule: at_least, value: 2}}
            """
        ])

    public func check(_ loaded: LoadedCatalog, in context: ValidationContext) -> [Diagnostic] {
        loaded.catalog.metrics.compactMap { metric in
            guard metric.chartTypeID == "ring", metric.binding.target == nil else { return nil }
            return diagnostic(
                "'\(metric.id)' is drawn as a ring but has no target; add `target: {rule: at_least, value: …}`",
                at: metric.location(of: "chart_type_id"))
        }
    }
}
