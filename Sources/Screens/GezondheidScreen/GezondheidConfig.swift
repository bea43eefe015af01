import VitalsKit

/// The Gezondheid screen's `config`: the growth reference and the health milestones.
///
/// ```yaml
/// config:
///   reference:
///     breed: Golden Retriever
///     sex: female
///     tolerance_percent: 15
///     points:
///       - {week: 8, kg: 4.5}
///       - {week: 12, kg: 8.0}
///   milestones:
///     - {id: vaccinatie_8, name: Vaccinatie (8 weken), due_week: 8}
///     - {id: jaarlijkse_vaccinatie, name: Jaarlijkse vaccinatie, due_month: 12}
/// ```
public struct GezondheidConfig: Sendable, Hashable {
    /// nil when the config declares none (the curve is drawn without a band).
    public var reference: GrowthReference?
    public var milestones: [MilestonePlan]

    public init(reference: GrowthReference? = nil, milestones: [MilestonePlan] = []) {
        self.reference = reference; self.milestones = milestones
    }

    static let keys = ["reference", "milestones"]
    static let milestoneKeys = ["id", "name", "due_week", "due_month", "done"]

    /// Decodes `node`; every problem goes into `problems` at its own line. Returns nil when
    /// there was an error.
    static func decode(_ node: YAMLNode?, problems: inout ConfigProblems) -> GezondheidConfig? {
        guard let node else { return GezondheidConfig() }
        let before = problems.diagnostics.count
        guard let root = problems.mapping(node, named: "config", allowed: keys) else { return nil }
        var config = GezondheidConfig()
        if let referenceNode = root["reference"], !referenceNode.isNull {
            config.reference = decodeReference(referenceNode, problems: &problems)
        }
        config.milestones = decodeMilestones(problems.list("milestones", in: root) ?? [], problems: &problems)
        let errors = problems.diagnostics.dropFirst(before).contains { $0.severity == .error }
        return errors ? nil : config
    }

    /// The `reference:` block, read by the shared reference decoder; this screen draws a
    /// table (weight by week), not a rule.
    static func decodeReference(_ node: YAMLNode, problems: inout ConfigProblems) -> GrowthReference? {
        guard let band = ReferenceBand.decode(node, problems: &problems) else { return nil }
        guard let table = band.table else {
            problems.error("the Gezondheid screen draws a table reference (breed, tolerance_percent, points by week), "
                           + "not a rule", at: node["rule"])
            return nil
        }
        return table
    }

    static func decodeMilestones(_ items: [YAMLNode], problems: inout ConfigProblems) -> [MilestonePlan] {
        var plans: [MilestonePlan] = []
        var seen: [String: Int] = [:]
        for item in items {
            guard let entry = problems.mapping(item, named: "a milestone", allowed: milestoneKeys) else { continue }
            let id = problems.string("id", in: entry, required: true)
            if let id, let node = entry["id"] {
                if !isMilestoneID(id) {
                    problems.error("milestone id '\(Sanitize.inline(id))' must be snake_case "
                                   + "(lower-case letters, digits and _), as typed in `vitals milestone done ID`", at: node)
                }
                if let line = seen[id] {
                    problems.error("duplicate milestone id '\(Sanitize.inline(id))' (first declared on line \(line))", at: node)
                } else {
                    seen[id] = node.location.line
                }
            }
            let name = problems.string("name", in: entry, required: true)
            let week = problems.number("due_week", in: entry, range: 0...520)
            var month: Int?
            if let value = problems.number("due_month", in: entry, range: 0...240) {
                if value == value.rounded() {
                    month = Int(value)
                } else {
                    problems.error("due_month must be a whole number of months, not \(entry["due_month"]?.scalarText ?? "")"
                                   + " (use due_week for part of a month)", at: entry["due_month"])
                }
            }
            let label = id.map { "milestone '\(Sanitize.inline($0))'" } ?? "a milestone"
            let hasWeek = entry["due_week"].map { !$0.isNull } ?? false
            let hasMonth = entry["due_month"].map { !$0.isNull } ?? false
            if hasWeek && hasMonth {
                problems.error("\(label) has both due_week and due_month; keep one", at: entry["due_month"])
            } else if !hasWeek && !hasMonth {
                problems.error("\(label) needs due_week or due_month", at: entry)
            }
            let done = problems.date("done", in: entry)
            guard let id, let name, hasWeek != hasMonth else { continue }
            if let week { plans.append(MilestonePlan(id: id, name: name, due: .week(week), done: done)) }
            if let month { plans.append(MilestonePlan(id: id, name: name, due: .month(month), done: done)) }
        }
        return plans
    }

    static func isMilestoneID(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_")
        }
    }
}
