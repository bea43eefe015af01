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
public struct PregnancyConfig: Sendable, Hashable {
    public var rule: GestationalGainRule
    /// The chart's axis title; "weeks of pregnancy" when the YAML names none.
    public var axisTitle: String

    public init(rule: GestationalGainRule, axisTitle: String = "weeks of pregnancy") {
        self.rule = rule; self.axisTitle = axisTitle
    }

    static let keys = ["reference"]

    /// Decodes `node`; every problem goes into `problems` at its own line. nil when there
    /// was an error or no rule.
    static func decode(_ node: YAMLNode?, problems: inout ConfigProblems) -> PregnancyConfig? {
        guard let node else {
            problems.error("the Pregnancy screen needs a config with a reference rule (gestational_weight_gain)", at: nil)
            return nil
        }
        guard let root = problems.mapping(node, named: "config", allowed: keys) else { return nil }
        guard let referenceNode = root["reference"], !referenceNode.isNull else {
            problems.error("missing reference (the gestational_weight_gain rule)", at: root)
            return nil
        }
        guard let band = ReferenceBand.decode(referenceNode, problems: &problems) else { return nil }
        guard let rule = band.gestationalGain else {
            problems.error("the Pregnancy screen draws a rule (rule: gestational_weight_gain), not a table of points",
                           at: referenceNode)
            return nil
        }
        return PregnancyConfig(rule: rule, axisTitle: band.axisTitle ?? "weeks of pregnancy")
    }
}
