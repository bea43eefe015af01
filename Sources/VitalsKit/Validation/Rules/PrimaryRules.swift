/// Each active screen needs exactly one active primary metric.
package struct PrimaryCountRule: ValidationRule {
    package init() {}
    package static let description = RuleDescription(
        id: "primary-count",
        summary: "Each active screen with metrics has exactly one active primary metric.",
        triggering: [
            RuleExamples.metrics(
                RuleExamples.primary.replacingOccurrences(of: "is_primary: true", with: "is_primary: false")),
            RuleExamples.metrics(
                RuleExamples.primary, RuleExamples.primary.replacingOccurrences(of: "BODY_WEIGHT", with: "BODY_OTHER")),
        ],
        nonTriggering: [RuleExamples.metrics(RuleExamples.primary)])

    package func check(_ loaded: LoadedCatalog, in context: ValidationContext) -> [Diagnostic] {
        let catalog = loaded.catalog
        var found: [Diagnostic] = []
        for screen in catalog.screens where screen.isActive {
            guard catalog.hasActiveMetric(on: screen.id) else { continue }  // empty-screen reports that
            let primaries = catalog.activePrimaries(of: screen.id)
            if primaries.isEmpty {
                found.append(
                    diagnostic(
                        "screen \(screen.id) has no active primary metric; mark one with is_primary: true",
                        at: screen.location(of: "screen_id")))
            } else if primaries.count > 1 {
                for extra in primaries.dropFirst() {
                    found.append(
                        diagnostic(
                            "screen \(screen.id) has more than one primary metric: '\(extra.id)' and '\(primaries[0].id)' (at \(primaries[0].location))",
                            at: extra.location(of: "is_primary"), related: [primaries[0].location]))
                }
            }
        }
        return found
    }
}

/// A primary metric is the top of its screen; it cannot have a parent.
package struct PrimaryWithParentRule: ValidationRule {
    package init() {}
    package static let description = RuleDescription(
        id: "primary-parent",
        summary: "A primary metric has no parent.",
        triggering: [
            RuleExamples.metrics(
                RuleExamples.primary + ", parent_metric_id: BODY_A",
                "display_metric_id: BODY_A, display_screen_id: SCREEN_BODY, display_name: A, chart_type_id: line")
        ],
        nonTriggering: [RuleExamples.metrics(RuleExamples.primary)])

    package func check(_ loaded: LoadedCatalog, in context: ValidationContext) -> [Diagnostic] {
        loaded.catalog.metrics.compactMap { metric in
            guard metric.isPrimary, let parent = metric.parentID else { return nil }
            return diagnostic(
                "primary metric '\(metric.id)' has a parent ('\(parent)'); a primary metric is the top of its screen",
                at: metric.location(of: "parent_metric_id"))
        }
    }
}

/// An active screen with no active metric renders nothing.
package struct EmptyScreenRule: ValidationRule {
    package init() {}
    package static let description = RuleDescription(
        id: "empty-screen",
        summary: "An active screen has at least one active metric.",
        triggering: [RuleExamples.context],
        nonTriggering: [
            RuleExamples.metrics(RuleExamples.primary),
            RuleExamples.context.replacingOccurrences(
                of: "pillar: core_care}", with: "pillar: core_care, is_active: false}"),
        ])

    package func check(_ loaded: LoadedCatalog, in context: ValidationContext) -> [Diagnostic] {
        loaded.catalog.screens.compactMap { screen in
            guard screen.isActive, !loaded.catalog.hasActiveMetric(on: screen.id) else { return nil }
            return diagnostic(
                "active screen \(screen.id) has no active metrics; add one in metrics/ or set is_active: false",
                at: screen.location(of: "screen_id"))
        }
    }
}
