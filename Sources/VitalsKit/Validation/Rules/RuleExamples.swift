/// Building blocks for the rules' YAML examples, so each example shows only what matters.
enum RuleExamples {
    /// A pillar, a series and one screen: the context most metric examples need.
    static let context = """
        pillars: [{pillar_id: core_care, name: Core Care}]
        series: [{series_id: body_mass, kind: quantity, unit: kg, min: 20, max: 200}]
        screens: [{screen_id: SCREEN_BODY, name: Body, pillar: core_care}]

        """

    /// `context` plus a `metrics:` list with the given flow-style entries.
    static func metrics(_ entries: String...) -> String {
        context + "metrics:\n" + entries.map { "  - {\($0)}\n" }.joined()
    }

    /// A valid primary metric entry for SCREEN_BODY.
    static let primary =
        "display_metric_id: BODY_WEIGHT, display_screen_id: SCREEN_BODY, display_name: Weight, chart_type_id: line, is_primary: true, series: body_mass, aggregate: mean, bucket: day"
}
