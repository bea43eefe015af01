/// The reference a `growth_curve` draws its band from, as a screen's config declares it
/// under `reference:` — a table or a rule — with the words of its age axis. A third
/// reference (another breed, a child's growth chart) is YAML, not code.
///
/// A table (a Golden Retriever's growth):
/// ```yaml
/// reference:
///   axis: weeks since birth        # optional; the axis title under the chart
///   breed: Golden Retriever
///   sex: female
///   tolerance_percent: 15
///   points:
///     - {week: 8, kg: 4.5}
///     - {week: 12, kg: 8.0}
/// ```
/// A rule (the recommended gain over a pregnancy by the pre-pregnancy BMI):
/// ```yaml
/// reference:
///   axis: weeks of pregnancy
///   rule: gestational_weight_gain
///   first_trimester: {until_week: 13, min_kg: 0.45, max_kg: 2.0}
///   term_week: 40
///   classes:
///     - {name: underweight, min_kg: 12.7, max_kg: 18.1}
///     - {name: normal, from_bmi: 18.5, min_kg: 11.3, max_kg: 15.9}
/// ```
public struct ReferenceBand: Sendable, Hashable {
    public enum Curve: Sendable, Hashable {
        case table(ReferenceTable)
        case gestationalGain(GestationalGainRule)
    }

    public var curve: Curve
    /// The axis title ("weeks of pregnancy"); nil leaves the chart's default.
    public var axisTitle: String?

    public init(curve: Curve, axisTitle: String? = nil) {
        self.curve = curve
        self.axisTitle = axisTitle
    }

    /// The table, when the reference is one.
    public var table: ReferenceTable? { if case .table(let table) = curve { return table } else { return nil } }
    /// The rule, when the reference is one.
    public var gestationalGain: GestationalGainRule? {
        if case .gestationalGain(let rule) = curve { return rule } else { return nil }
    }

    /// The rules a reference may name.
    public static let rules = ["gestational_weight_gain"]

    /// The `reference:` key of a screen's config, declared once (Keys, Table, Rule below):
    /// a rule when it has `rule:`, else a table.
    public static func configKey(_ name: String = "reference", doc: String) -> ConfigKey<ReferenceBand?> {
        ConfigKey.variant(name, when: "rule", RuleKeys.self, otherwise: TableKeys.self, doc: doc).checked {
            variant, _, _ in
            switch variant {
            case .present(let rule): return ReferenceBand(curve: .gestationalGain(rule.gainRule), axisTitle: rule.axis)
            case .otherwise(let table): return ReferenceBand(curve: .table(table.table), axisTitle: table.axis)
            }
        }
    }

    /// Decodes a `reference:` mapping. Every problem goes into `problems` at its own line; nil
    /// when there was an error.
    public static func decode(_ node: YAMLNode, problems: inout ConfigProblems) -> ReferenceBand? {
        configKey(doc: "").decode(node, &problems) ?? nil
    }

    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e12 ? String(Int(value)) : String(value)
    }
}
