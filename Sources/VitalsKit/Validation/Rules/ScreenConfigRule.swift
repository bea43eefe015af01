/// A screen's `config` block is what its screen module expects (the module reports where).
package struct ScreenConfigRule: ValidationRule {
    package init() {}

    package static let description = RuleDescription(
        id: ConfigProblems.ruleID,
        summary:
            "A screen's config block is valid for its screen module (its keys: vitals modules); a config no module reads is a warning.",
        severity: .warning,
        triggering: [
            """
            pillars: [{pillar_id: core_care, name: Core Care}]
            screens: [{screen_id: SCREEN_BODY, name: Body, pillar: core_care, config: {unused: 1}}]
            """
        ],
        nonTriggering: [RuleExamples.context])

    package func check(_ loaded: LoadedCatalog, in context: ValidationContext) -> [Diagnostic] {
        context.screens.configDiagnostics(loaded.catalog)
    }
}
