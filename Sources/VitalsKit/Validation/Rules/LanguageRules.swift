// The checks of the catalog's language tables (`languages/*.yaml`), made by `validate` with
// the catalog's directory (`CatalogValidation.checkLanguages`). These types give them an id,
// a summary and examples for `vitals rules`, SARIF and the example test. An example that
// starts with `# languages/<code>.yaml` is that language table; any other is a catalog file.

package struct LanguageTableRule: LoaderRule {
    package init() {}
    package static let description = RuleDescription(
        id: RuleID.languageTable,
        summary:
            "A language table is a mapping of text (or lists of text) naming its `language:`, with every key English has.",
        triggering: [
            "# languages/nl.yaml\n- not\n- a mapping\n",
            "# languages/nl.yaml\nlanguage: nl\nname: Nederlands\n",
        ],
        nonTriggering: ["# languages/en.yaml\nlanguage: en\nname: English\n"])
}

package struct UnknownLanguageRule: LoaderRule {
    package init() {}
    package static let description = RuleDescription(
        id: RuleID.unknownLanguage,
        summary: "A screen's `language:` names a language table (shipped, or in the catalog's languages/).",
        triggering: [
            RuleExamples.metrics(RuleExamples.primary)
                .replacingOccurrences(of: "pillar: core_care}", with: "pillar: core_care, language: xx}")
        ],
        nonTriggering: [
            RuleExamples.metrics(RuleExamples.primary)
                .replacingOccurrences(of: "pillar: core_care}", with: "pillar: core_care, language: nl}")
        ])
}
