/// A screen's `config` block is what its screen module expects (the module reports where).
package struct ScreenConfigRule: ValidationRule {
    package let registry: ScreenRegistry

    /// The rule for `registry`'s modules (the built-in list in `vitals`; only the generic
    /// module by default, which reads no config).
    package init(registry: ScreenRegistry = .genericOnly) { self.registry = registry }

    package static let description = RuleDescription(
        id: ConfigProblems.ruleID,
        summary: "A screen's config block is valid for its screen module (its keys: vitals modules); a config no module reads is a warning.",
        severity: .warning,
        triggering: ["""
            pillars: [{pillar_id: core_care, name: Core Care}]
            screens: [{screen_id: SCREEN_BODY, name: Body, pillar: core_care, config: {unused: 1}}]
            """],
        nonTriggering: [RuleExamples.context])

    package func check(_ loaded: LoadedCatalog) -> [Diagnostic] {
        registry.configDiagnostics(loaded.catalog)
    }
}
