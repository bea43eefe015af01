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
public struct GezondheidConfig: DeclaredConfig, Hashable {
    /// The keys of the block, declared once.
    public struct Keys: ConfigDeclaration {
        public var reference = ReferenceBand.configKey(
            doc:
                "The growth reference table (breed, sex, tolerance_percent, points by week); none draws the curve without a band."
        )
        public var milestones = ConfigKey.list(
            "milestones", of: MilestoneKeys.self, itemName: "milestone",
            doc: "Health milestones, each due a number of weeks or months after birth."
        )
        .defaulting(to: []).documentingDefault("[]")
        public init() {}

        public static func check(_ values: ConfigValues<Keys>, problems: inout ConfigProblems) {
            var seen: [String: Int] = [:]
            for milestone in values.milestones {
                guard let node = milestone.node(\.id) else { continue }
                if let line = seen[milestone.id] {
                    problems.error(
                        "duplicate milestone id '\(Sanitize.inline(milestone.id))' (first declared on line \(line))",
                        at: node)
                } else {
                    seen[milestone.id] = node.location.line
                }
            }
        }
    }

    /// One milestone: an id, a name, and when it is due (weeks or months, one of them).
    public struct MilestoneKeys: ConfigDeclaration {
        public var id = ConfigKey.text("id", doc: "snake_case, as typed in `vitals milestone done ID`.").required()
        public var name = ConfigKey.text("name", doc: "The name shown on the timeline.").required()
        public var dueWeek = ConfigKey.number(
            "due_week", unit: "weeks", in: 0...520, doc: "Due this many weeks after birth.")
        public var dueMonth = ConfigKey.integer(
            "due_month", unit: "months", in: 0...240, hint: "use due_week for part of a month",
            doc: "Due this many calendar months after birth.")
        public var done = ConfigKey.date("done", doc: "When it was done, for what happened before tracking started.")
        public init() {}

        public static func check(_ values: ConfigValues<MilestoneKeys>, problems: inout ConfigProblems) {
            if !GezondheidConfig.isMilestoneID(values.id) {
                problems.error(
                    "milestone id '\(Sanitize.inline(values.id))' must be snake_case "
                        + "(lower-case letters, digits and _), as typed in `vitals milestone done ID`",
                    at: values.node(\.id))
            }
            let label = "milestone '\(Sanitize.inline(values.id))'"
            if values.dueWeek != nil, values.dueMonth != nil {
                problems.error("\(label) has both due_week and due_month; keep one", at: values.node(\.dueMonth))
            } else if values.dueWeek == nil, values.dueMonth == nil {
                problems.error("\(label) needs due_week or due_month", at: values.node)
            }
        }
    }

    /// nil when the config declares none (the curve is drawn without a band).
    public var reference: GrowthReference?
    public var milestones: [MilestonePlan]

    public init(reference: GrowthReference? = nil, milestones: [MilestonePlan] = []) {
        self.reference = reference
        self.milestones = milestones
    }

    /// The reference must be a table: this screen draws weight by week, not a rule.
    public init?(
        _ values: ConfigValues<Keys>, of screen: DisplayScreen, in catalog: Catalog,
        problems: inout ConfigProblems
    ) {
        if let band = values.reference, band.table == nil {
            problems.error(
                "the Gezondheid screen draws a table reference (breed, tolerance_percent, points by week), "
                    + "not a rule", at: values.node(\.reference)?["rule"])
            return nil
        }
        let plans = values.milestones.map { milestone in
            MilestonePlan(
                id: milestone.id, name: milestone.name,
                due: milestone.dueMonth.map { .month($0) } ?? .week(milestone.dueWeek ?? 0), done: milestone.done)
        }
        self.init(reference: values.reference?.table, milestones: plans)
    }

    static func isMilestoneID(_ text: String) -> Bool {
        !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII && (("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_")
            }
    }
}
