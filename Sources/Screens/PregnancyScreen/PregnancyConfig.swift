import VitalsKit

/// The Pregnancy screen's `config`: the recommended-gain rule, as YAML.
///
/// ```yaml
/// config:
///   reference:
///     axis: weeks of pregnancy
///     rule: gestational_weight_gain
///     first_trimester: {until_week: 13, min_kg: 0.45, max_kg: 2.0}
///     term_week: 40
///     classes:
///       - {name: underweight, min_kg: 12.7, max_kg: 18.1}
///       - {name: normal, from_bmi: 18.5, min_kg: 11.3, max_kg: 15.9}
/// ```
public struct PregnancyConfig: DeclaredConfig, Hashable {
    /// The keys of the block, declared once.
    public struct Keys: ConfigDeclaration {
        public var reference = ReferenceBand.configKey(
            doc: "The recommended-gain rule (rule: gestational_weight_gain) the band is drawn from."
        )
        .required()
        public init() {}
    }

    public var rule: GestationalGainRule
    /// The chart's axis title; "weeks of pregnancy" when the YAML names none.
    public var axisTitle: String

    public init(rule: GestationalGainRule, axisTitle: String = "weeks of pregnancy") {
        self.rule = rule
        self.axisTitle = axisTitle
    }

    /// The rule of the reference; a table is refused (this screen draws a rule).
    public init?(
        _ values: ConfigValues<Keys>, of screen: DisplayScreen, in catalog: Catalog,
        problems: inout ConfigProblems
    ) {
        guard let rule = values.reference.gestationalGain else {
            problems.error(
                "the Pregnancy screen draws a rule (rule: gestational_weight_gain), not a table of points",
                at: values.node(\.reference))
            return nil
        }
        self.init(rule: rule, axisTitle: values.reference.axisTitle ?? "weeks of pregnancy")
    }
}
