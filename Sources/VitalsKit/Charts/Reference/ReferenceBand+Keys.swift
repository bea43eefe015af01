/// The keys of a `reference:` block, declared once: the decoder, its diagnostics, the JSON
/// Schema and `vitals modules` come from these.
extension ReferenceBand {
    /// A table of weights by week (a breed's growth, a child's chart).
    public struct TableKeys: ConfigDeclaration {
        public var axis = ConfigKey.text("axis", doc: "The axis title under the chart (\"weeks since birth\").")
        public var breed = ConfigKey.text("breed", doc: "Whose curve it is, shown beside the band.")
        public var sex = ConfigKey.choice("sex", ["female", "male"], doc: "The sex the table is for.")
        public var tolerancePercent = ConfigKey.number(
            "tolerance_percent", unit: "%", above: 0, below: 100,
            hint: "15 draws a band of ±15 %",
            doc: "Half the band's width around the curve."
        ).required()
        public var points = ConfigKey.list(
            "points", of: PointKeys.self, itemName: "reference point", atLeast: 2,
            doc: "The curve: weight in kg by week, weeks increasing."
        ).required()
        public init() {}

        public static func check(_ values: ConfigValues<TableKeys>, problems: inout ConfigProblems) {
            for (previous, point) in zip(values.points, values.points.dropFirst()) where point.week <= previous.week {
                let line = previous.node(\.week)?.location.line ?? 0
                problems.error(
                    "week \(point.node(\.week)?.scalarText ?? "") is not after the week of the point "
                        + "before it (\(previous.node(\.week)?.scalarText ?? "") on line \(line)); reference weeks must strictly increase",
                    at: point.node(\.week))
            }
        }
    }

    /// One point of a table.
    public struct PointKeys: ConfigDeclaration {
        public var week = ConfigKey.number("week", unit: "weeks", in: 0...520, doc: "Weeks since birth.").required()
        public var kg = ConfigKey.number("kg", above: 0, doc: "The reference weight in kg.").required()
        public init() {}
    }

    /// The recommended gain over a pregnancy by the pre-pregnancy BMI.
    public struct RuleKeys: ConfigDeclaration {
        public var axis = ConfigKey.text("axis", doc: "The axis title under the chart (\"weeks of pregnancy\").")
        public var rule = ConfigKey.choice("rule", ReferenceBand.rules, doc: "Which rule draws the band.").required()
        public var firstTrimester = ConfigKey.object(
            "first_trimester", TrimesterKeys.self,
            doc: "The gain allowed by the end of the first trimester."
        ).required()
        public var termWeek = ConfigKey.number(
            "term_week", unit: "weeks", in: 1...60, doc: "The week the classes' totals are for."
        )
        .defaulting(to: 40)
        public var classes = ConfigKey.list(
            "classes", of: ClassKeys.self, itemName: "BMI class", atLeast: 1,
            doc: "Total gain by BMI class, from the lowest BMI up."
        ).required()
        public init() {}

        public static func check(_ values: ConfigValues<RuleKeys>, problems: inout ConfigProblems) {
            let plain = ReferenceBand.plain
            if values.firstTrimester.untilWeek >= values.termWeek {
                problems.error(
                    "first_trimester until_week \(plain(values.firstTrimester.untilWeek)) must be before term_week "
                        + "\(plain(values.termWeek))", at: values.firstTrimester.node(\.untilWeek))
            }
            var previousBMI: (value: Double, line: Int)?
            for (index, bmiClass) in values.classes.enumerated() {
                if index == 0, bmiClass.fromBMI != nil {
                    problems.error(
                        "the first BMI class starts at the lowest BMI; leave from_bmi out", at: bmiClass.node(\.fromBMI)
                    )
                } else if index > 0, bmiClass.fromBMI == nil {
                    problems.error(
                        "BMI class '\(Sanitize.inline(bmiClass.name))' needs from_bmi (where it starts)",
                        at: bmiClass.node)
                }
                guard let from = bmiClass.fromBMI, let node = bmiClass.node(\.fromBMI) else { continue }
                if let last = previousBMI, from <= last.value {
                    problems.error(
                        "from_bmi \(plain(from)) is not above the class before it (\(plain(last.value)) on line "
                            + "\(last.line)); classes go from the lowest BMI up", at: node)
                }
                previousBMI = (from, node.location.line)
            }
        }
    }

    /// `first_trimester`.
    public struct TrimesterKeys: ConfigDeclaration {
        public var untilWeek = ConfigKey.number(
            "until_week", unit: "weeks", in: 1...60, doc: "The trimester's last week."
        ).required()
        public var minKg = ConfigKey.number("min_kg", unit: "kg", in: 0...100, doc: "Least gain by then.").required()
        public var maxKg = ConfigKey.number("max_kg", unit: "kg", in: 0...100, doc: "Most gain by then.").required()
        public init() {}

        public static func check(_ values: ConfigValues<TrimesterKeys>, problems: inout ConfigProblems) {
            ReferenceBand.checkKgRange(values.minKg, values.maxKg, at: values.node(\.minKg), problems: &problems)
        }
    }

    /// One BMI class of a rule.
    public struct ClassKeys: ConfigDeclaration {
        public var name = ConfigKey.text("name", doc: "The class's name (\"normal\").").required()
        public var fromBMI = ConfigKey.number(
            "from_bmi", in: 5...100, doc: "The BMI the class starts at; none for the first.")
        public var minKg = ConfigKey.number("min_kg", unit: "kg", in: 0...100, doc: "Least total gain.").required()
        public var maxKg = ConfigKey.number("max_kg", unit: "kg", in: 0...100, doc: "Most total gain.").required()
        public init() {}

        public static func check(_ values: ConfigValues<ClassKeys>, problems: inout ConfigProblems) {
            ReferenceBand.checkKgRange(values.minKg, values.maxKg, at: values.node(\.minKg), problems: &problems)
        }
    }

    static func checkKgRange(_ low: Double, _ high: Double, at node: YAMLNode?, problems: inout ConfigProblems) {
        guard low > high else { return }
        problems.error("min_kg \(plain(low)) is above max_kg \(plain(high))", at: node)
    }
}

extension ConfigValues where Keys == ReferenceBand.TableKeys {
    var table: ReferenceTable {
        // The values of a decoded block: check() passed, so weeks increase.
        ReferenceTable(
            breed: self.breed, sex: self.sex, tolerancePercent: self.tolerancePercent,
            points: self.points.map { .init(week: $0.week, kg: $0.kg) })
    }
}

extension ConfigValues where Keys == ReferenceBand.RuleKeys {
    var gainRule: GestationalGainRule {
        GestationalGainRule(
            classes: self.classes.map { .init(name: $0.name, minBMI: $0.fromBMI, totalKg: $0.minKg...$0.maxKg) },
            firstTrimesterKg: self.firstTrimester.minKg...self.firstTrimester.maxKg,
            firstTrimesterWeek: self.firstTrimester.untilWeek, termWeek: self.termWeek)
    }
}
