/// A child metric whose parent sits on another screen.
package struct ParentOnOtherScreenRule: ValidationRule {
    package init() {}
    package static let description = RuleDescription(
        id: "parent-other-screen",
        summary: "A metric's parent is on the same screen.",
        triggering: [
            RuleExamples.metrics(
                RuleExamples.primary,
                "display_metric_id: SLEEP_X, display_screen_id: SCREEN_SLEEP, display_name: X, chart_type_id: line, parent_metric_id: BODY_WEIGHT"
            )
            .replacingOccurrences(
                of: "screens: [", with: "screens: [{screen_id: SCREEN_SLEEP, name: Sleep, pillar: core_care}, ")
        ],
        nonTriggering: [
            RuleExamples.metrics(
                RuleExamples.primary,
                "display_metric_id: BODY_X, display_screen_id: SCREEN_BODY, display_name: X, chart_type_id: line, series: body_mass, parent_metric_id: BODY_WEIGHT"
            )
        ])

    package func check(_ loaded: LoadedCatalog, in context: ValidationContext) -> [Diagnostic] {
        loaded.catalog.metrics.compactMap { metric in
            guard let parentID = metric.parentID, let parent = loaded.catalog.metric(parentID),
                parent.screenID != metric.screenID
            else { return nil }
            return diagnostic(
                "parent '\(parentID)' is on \(parent.screenID), but '\(metric.id)' is on \(metric.screenID); declared at \(parent.location)",
                at: metric.location(of: "parent_metric_id"), related: [parent.location])
        }
    }
}

/// Metrics whose parent chain loops back on itself.
package struct ParentCycleRule: ValidationRule {
    package init() {}
    package static let description = RuleDescription(
        id: "parent-cycle",
        summary: "Parent links never form a cycle.",
        triggering: [
            RuleExamples.metrics(
                RuleExamples.primary,
                "display_metric_id: BODY_A, display_screen_id: SCREEN_BODY, display_name: A, chart_type_id: line, parent_metric_id: BODY_B",
                "display_metric_id: BODY_B, display_screen_id: SCREEN_BODY, display_name: B, chart_type_id: line, parent_metric_id: BODY_A"
            )
        ],
        nonTriggering: [
            RuleExamples.metrics(
                RuleExamples.primary,
                "display_metric_id: BODY_A, display_screen_id: SCREEN_BODY, display_name: A, chart_type_id: line, parent_metric_id: BODY_WEIGHT"
            )
        ])

    package func check(_ loaded: LoadedCatalog, in context: ValidationContext) -> [Diagnostic] {
        let catalog = loaded.catalog
        var reported: Set<String> = []
        var found: [Diagnostic] = []
        for metric in catalog.metrics where metric.parentID != nil {
            var chain = [metric.id]
            // Up the parent links by id (a metric copied at each step was most of this rule's time).
            var next = metric.parentID
            while let parentID = next {
                let parent = catalog.parentID(ofMetric: parentID)
                guard parent.exists else { break }
                if let start = chain.firstIndex(of: parentID) {
                    let cycle = Array(chain[start...])
                    if reported.isDisjoint(with: cycle) {
                        reported.formUnion(cycle)
                        let anchor = catalog.metric(cycle.min()!)!
                        found.append(
                            diagnostic(
                                "parent links form a cycle: \((cycle.sorted() + [cycle.min()!]).joined(separator: " → "))",
                                at: anchor.location(of: "parent_metric_id")))
                    }
                    break
                }
                chain.append(parentID)
                next = parent.parentID
            }
        }
        return found
    }
}

/// An active child under an inactive parent: it would never be shown.
package struct InactiveParentRule: ValidationRule {
    package init() {}
    package static let description = RuleDescription(
        id: "inactive-parent",
        summary: "An active metric under an inactive parent is never shown (warning).",
        severity: .warning,
        triggering: [
            RuleExamples.metrics(
                RuleExamples.primary,
                "display_metric_id: BODY_A, display_screen_id: SCREEN_BODY, display_name: A, chart_type_id: line, is_active: false, parent_metric_id: BODY_WEIGHT",
                "display_metric_id: BODY_B, display_screen_id: SCREEN_BODY, display_name: B, chart_type_id: line, parent_metric_id: BODY_A"
            )
        ],
        nonTriggering: [
            RuleExamples.metrics(
                RuleExamples.primary,
                "display_metric_id: BODY_A, display_screen_id: SCREEN_BODY, display_name: A, chart_type_id: line, parent_metric_id: BODY_WEIGHT"
            )
        ])

    package func check(_ loaded: LoadedCatalog, in context: ValidationContext) -> [Diagnostic] {
        loaded.catalog.metrics.compactMap { metric in
            guard metric.isActive, let parentID = metric.parentID,
                let parent = loaded.catalog.metric(parentID), !parent.isActive
            else { return nil }
            return diagnostic(
                "'\(metric.id)' is active but its parent '\(parentID)' is not, so it is never shown",
                at: metric.location(of: "parent_metric_id"), related: [parent.location])
        }
    }
}
