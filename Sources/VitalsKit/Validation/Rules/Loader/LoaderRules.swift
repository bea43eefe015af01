// The checks the loader makes while reading files (phases 1 and 2). They report as they read;
// these types give them an id, a summary and examples for `vitals rules` and the example test.

package struct YAMLSyntaxRule: LoaderRule {
    package init() {}
    package static let description = RuleDescription(
        id: RuleID.yamlSyntax,
        summary:
            "The file must be well-formed YAML: no tabs in indentation, one document, no alias bombs or deep nesting.",
        triggering: [
            "pillars: [{pillar_id: a, name: A}\n", "pillars:\n\t- {pillar_id: a, name: A}\n",
            "a: &a [x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n",
        ],
        nonTriggering: ["pillars: [{pillar_id: a, name: A}]\n"])
}

package struct FileFormatRule: LoaderRule {
    package init() {}
    package static let description = RuleDescription(
        id: RuleID.fileFormat,
        summary:
            "A catalog file is a non-empty UTF-8 mapping of at most 4 MB, a regular file inside the catalog (a link leaving it is not read).",
        triggering: ["", "# only a comment\n", "- just\n- a list\n"],
        nonTriggering: ["pillars: []\n"])
}

package struct DuplicateKeyRule: LoaderRule {
    package init() {}
    package static let description = RuleDescription(
        id: RuleID.duplicateKey,
        summary: "A key appears once per mapping; both places are named.",
        triggering: ["pillars:\n  - pillar_id: a\n    name: A\n    name: B\n"],
        nonTriggering: ["pillars:\n  - pillar_id: a\n    name: A\n"])
}

package struct UnknownKeyRule: LoaderRule {
    package init() {}
    package static let description = RuleDescription(
        id: RuleID.unknownKey,
        summary: "Every key must be one the entry knows; a likely typo gets a did-you-mean.",
        triggering: ["pillars: [{pillar_id: a, name: A, colour: '#112233'}]\n", "pilars: []\n"],
        nonTriggering: ["pillars: [{pillar_id: a, name: A, color: '#112233'}]\n"])
}

package struct WrongTypeRule: LoaderRule {
    package init() {}
    package static let description = RuleDescription(
        id: RuleID.wrongType,
        summary: "Values must have the type their key expects (a number, true/false, a list …).",
        triggering: [
            "pillars: [{pillar_id: a, name: A, order: first}]\n", "pillars: {pillar_id: a}\n",
            "screens: [{screen_id: SCREEN_A, name: A, pillar: a, is_active: 'yes'}]\n",
        ],
        nonTriggering: ["pillars: [{pillar_id: a, name: A, order: 1}]\n"])
}

package struct MissingKeyRule: LoaderRule {
    package init() {}
    package static let description = RuleDescription(
        id: RuleID.missingKey,
        summary: "Required keys must be present (and a target rule needs its numbers).",
        triggering: [
            "pillars: [{pillar_id: a}]\n",
            RuleExamples.metrics(RuleExamples.primary + ", target: {rule: range, min: 2}"),
        ],
        nonTriggering: ["pillars: [{pillar_id: a, name: A}]\n"])
}

package struct InvalidValueRule: LoaderRule {
    package init() {}
    package static let description = RuleDescription(
        id: RuleID.invalidValue,
        summary: "Values must be one of the allowed words or formats (aggregate, unit, colour, date, range …).",
        triggering: [
            "series: [{series_id: s, kind: quantity, unit: kilo}]\n",
            "pillars: [{pillar_id: a, name: A, color: greem}]\n",
            RuleExamples.metrics(RuleExamples.primary + ", range: 3 weeks"),
        ],
        nonTriggering: ["series: [{series_id: s, kind: quantity, unit: kg}]\n"])
}

package struct BadIDRule: LoaderRule {
    package init() {}
    package static let description = RuleDescription(
        id: RuleID.badID,
        summary: "Ids follow their format: SCREEN_… for screens, UPPER_SNAKE for metrics, snake_case for the rest.",
        triggering: [
            "pillars: [{pillar_id: Core-Care, name: A}]\n",
            "screens: [{screen_id: BODY, name: Body, pillar: core_care}]\n",
        ],
        nonTriggering: ["pillars: [{pillar_id: core_care, name: A}]\n"])
}
