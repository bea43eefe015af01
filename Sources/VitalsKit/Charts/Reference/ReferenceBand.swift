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

    public init(curve: Curve, axisTitle: String? = nil) { self.curve = curve; self.axisTitle = axisTitle }

    /// The table, when the reference is one.
    public var table: ReferenceTable? { if case .table(let table) = curve { return table } else { return nil } }
    /// The rule, when the reference is one.
    public var gestationalGain: GestationalGainRule? {
        if case .gestationalGain(let rule) = curve { return rule } else { return nil }
    }

    /// The rules a reference may name.
    public static let rules = ["gestational_weight_gain"]
    static let tableKeys = ["axis", "breed", "sex", "tolerance_percent", "points"]
    static let ruleKeys = ["axis", "rule", "first_trimester", "term_week", "classes"]
    static let pointKeys = ["week", "kg"]
    static let trimesterKeys = ["until_week", "min_kg", "max_kg"]
    static let classKeys = ["name", "from_bmi", "min_kg", "max_kg"]
    static let sexes = ["female", "male"]

    /// Decodes a `reference:` mapping: a rule when it has `rule:`, else a table. Every
    /// problem goes into `problems` at its own line; nil when there was an error.
    public static func decode(_ node: YAMLNode, problems: inout ConfigProblems) -> ReferenceBand? {
        let isRule = node["rule"] != nil
        let before = problems.diagnostics.count
        guard let mapping = problems.mapping(node, named: "reference", allowed: isRule ? ruleKeys : tableKeys) else {
            return nil
        }
        let axis = problems.string("axis", in: mapping)
        let curve = isRule ? decodeRule(mapping, problems: &problems).map(Curve.gestationalGain)
            : decodeTable(mapping, problems: &problems).map(Curve.table)
        guard problems.diagnostics.dropFirst(before).allSatisfy({ $0.severity != .error }) else { return nil }
        return curve.map { ReferenceBand(curve: $0, axisTitle: axis) }
    }

    static func decodeTable(_ reference: YAMLNode, problems: inout ConfigProblems) -> ReferenceTable? {
        let breed = problems.string("breed", in: reference)
        let sex = problems.string("sex", in: reference)
        if let sex, !sexes.contains(sex) {
            problems.error("reference sex must be female or male, not '\(Sanitize.inline(sex))'", at: reference["sex"])
        }
        var tolerance = problems.number("tolerance_percent", in: reference, required: true)
        if let value = tolerance, !(value > 0 && value < 100) {
            let text = reference["tolerance_percent"]?.scalarText ?? "\(value)"
            problems.error("tolerance_percent \(text) must be more than 0 and less than 100 (15 draws a band of ±15 %)",
                           at: reference["tolerance_percent"])
            tolerance = nil
        }
        let items = problems.list("points", in: reference, required: true) ?? []
        if reference["points"]?.items != nil, items.count < 2 {
            problems.error("reference points need at least two points (week and kg) to draw a curve",
                           at: reference["points"])
        }
        var points: [ReferenceTable.Point] = []
        var previous: (week: Double, text: String, line: Int)?
        for item in items {
            guard let point = problems.mapping(item, named: "a reference point", allowed: pointKeys) else { continue }
            let week = problems.number("week", in: point, required: true, range: 0...520)
            let kg = problems.number("kg", in: point, required: true)
            if let kg, kg <= 0 {
                problems.error("kg must be more than 0, got \(point["kg"]?.scalarText ?? "\(kg)")", at: point["kg"])
            }
            if let week, let last = previous, week <= last.week {
                problems.error("week \(point["week"]?.scalarText ?? "\(week)") is not after the week of the point "
                               + "before it (\(last.text) on line \(last.line)); reference weeks must strictly increase",
                               at: point["week"])
            }
            if let week, let node = point["week"] { previous = (week, node.scalarText ?? "", node.location.line) }
            if let week, let kg, kg > 0 { points.append(.init(week: week, kg: kg)) }
        }
        guard let tolerance, points.count >= 2,
              zip(points, points.dropFirst()).allSatisfy({ $0.week < $1.week }) else { return nil }
        return ReferenceTable(breed: breed, sex: sex, tolerancePercent: tolerance, points: points)
    }

    static func decodeRule(_ reference: YAMLNode, problems: inout ConfigProblems) -> GestationalGainRule? {
        let before = problems.diagnostics.count
        if let rule = problems.string("rule", in: reference), !rules.contains(rule) {
            let hint = Suggest.ranked(rule, in: rules, limit: 1).first.map { "; did you mean '\($0)'?" } ?? ""
            problems.error("unknown reference rule '\(Sanitize.inline(rule))'\(hint) (known: \(rules.joined(separator: ", ")))",
                           at: reference["rule"])
        }
        let term = problems.number("term_week", in: reference, range: 1...60) ?? 40
        var trimester: (week: Double, kg: ClosedRange<Double>)?
        if let node = reference["first_trimester"],
           let mapping = problems.mapping(node, named: "first_trimester", allowed: trimesterKeys) {
            let week = problems.number("until_week", in: mapping, required: true, range: 1...60)
            let range = kgRange(mapping, problems: &problems)
            if let week, week >= term {
                problems.error("first_trimester until_week \(Self.plain(week)) must be before term_week \(Self.plain(term))",
                               at: mapping["until_week"])
            }
            if let week, let range { trimester = (week, range) }
        } else if reference["first_trimester"] == nil {
            problems.error("missing first_trimester", at: reference)
        }
        var classes: [GestationalGainRule.BMIClass] = []
        let items = problems.list("classes", in: reference, required: true) ?? []
        if reference["classes"]?.items != nil, items.isEmpty {
            problems.error("classes needs at least one BMI class", at: reference["classes"])
        }
        var previousBMI: (value: Double, line: Int)?
        for (index, item) in items.enumerated() {
            guard let mapping = problems.mapping(item, named: "a BMI class", allowed: classKeys) else { continue }
            let name = problems.string("name", in: mapping, required: true)
            let from = problems.number("from_bmi", in: mapping, range: 5...100)
            if index == 0, from != nil {
                problems.error("the first BMI class starts at the lowest BMI; leave from_bmi out", at: mapping["from_bmi"])
            } else if index > 0, mapping["from_bmi"] == nil {
                problems.error("BMI class \(name.map { "'\(Sanitize.inline($0))'" } ?? "") needs from_bmi (where it starts)",
                               at: mapping)
            }
            if let from, let last = previousBMI, from <= last.value {
                problems.error("from_bmi \(Self.plain(from)) is not above the class before it (\(Self.plain(last.value)) on line "
                               + "\(last.line)); classes go from the lowest BMI up", at: mapping["from_bmi"])
            }
            if let from, let node = mapping["from_bmi"] { previousBMI = (from, node.location.line) }
            let range = kgRange(mapping, problems: &problems)
            if let name, let range { classes.append(.init(name: name, minBMI: from, totalKg: range)) }
        }
        guard problems.diagnostics.dropFirst(before).allSatisfy({ $0.severity != .error }),
              let trimester, !classes.isEmpty else { return nil }
        return GestationalGainRule(classes: classes, firstTrimesterKg: trimester.kg,
                                   firstTrimesterWeek: trimester.week, termWeek: term)
    }

    /// `min_kg` … `max_kg` of `mapping`, both required, 0 ≤ min ≤ max ≤ 100.
    private static func kgRange(_ mapping: YAMLNode, problems: inout ConfigProblems) -> ClosedRange<Double>? {
        let low = problems.number("min_kg", in: mapping, required: true, range: 0...100)
        let high = problems.number("max_kg", in: mapping, required: true, range: 0...100)
        guard let low, let high else { return nil }
        guard low <= high else {
            problems.error("min_kg \(Self.plain(low)) is above max_kg \(Self.plain(high))", at: mapping["min_kg"])
            return nil
        }
        return low...high
    }

    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e12 ? String(Int(value)) : String(value)
    }
}
