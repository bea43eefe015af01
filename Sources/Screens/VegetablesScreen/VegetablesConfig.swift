import VitalsKit

/// The Vegetables screen's `config` block (DragonHealth's portion model).
///
/// ```yaml
/// config:
///   meal_slots: [breakfast, lunch, dinner, snack]   # the slots shown (default: all declared)
///   day_cutoff: "04:00"                             # must match the metrics' day_cutoff
///   portion_step: 0.25                              # optional; must divide 1
/// ```
public struct VegetablesConfig: DeclaredConfig, Hashable {
    /// The meal slot groups shown, in the order a day runs: ids of the catalog's declared slots
    /// (a configured alias such as `snack` names its slot, `afternoon_snack`); portions in any
    /// slot, shown or not, add up to the day.
    public var mealSlots: [String]
    /// Minutes after midnight before which an entry counts for the previous day; nil when the
    /// config does not say (the primary metric's cutoff is shown).
    public var dayCutoffMinutes: Int?
    /// The portion size entries are logged in (0.25: a quarter portion).
    public var portionStep: Double

    public init(
        mealSlots: [String] = MetricQuery.mealSlotOrder, dayCutoffMinutes: Int? = nil,
        portionStep: Double = 0.25
    ) {
        self.mealSlots = mealSlots
        self.dayCutoffMinutes = dayCutoffMinutes
        self.portionStep = portionStep
    }

    /// The keys of the block, declared once.
    public struct Keys: ConfigDeclaration {
        public var mealSlots = ConfigKey.list(
            "meal_slots", of: ConfigKey.text("meal slot", doc: "A declared meal slot's id or alias."),
            atLeast: 1, doc: "The meal slots shown, in the order a day runs (default: all declared).")
        public var dayCutoff = ConfigKey.clockTime(
            "day_cutoff", before: 12 * 60,
            hint: "entries before it count for the previous day",
            doc: "When the day starts; must match the metrics' day_cutoff.")
        public var portionStep = ConfigKey.number(
            "portion_step", unit: "portions", in: 0...1, above: 0,
            doc: "The portion size entries are logged in; must divide 1."
        )
        .defaulting(to: 0.25)
        public init() {}

        public static func check(_ values: ConfigValues<Keys>, problems: inout ConfigProblems) {
            let step: Double = values.portionStep
            let parts = 1 / step
            if abs(parts - parts.rounded()) >= 1e-9 {
                let node = values.node(\.portionStep)
                let text = node?.scalarText ?? String(step)
                problems.error("portion_step \(text) must divide 1 portion into whole steps (0.25, 0.5 or 1)", at: node)
            }
        }
    }

    /// The slots named (aliases as their slot's id, each once), and a day cutoff every metric
    /// of the screen agrees with.
    public init?(
        _ values: ConfigValues<Keys>, of screen: DisplayScreen, in catalog: Catalog,
        problems: inout ConfigProblems
    ) {
        let groups = TagGroups(catalog.portions.mealSlots)
        let before = problems.errorCount
        self.init(
            mealSlots: groups.order, dayCutoffMinutes: values.dayCutoff?.minutesAfterMidnight,
            portionStep: values.portionStep)
        if values.mealSlots != nil, let items = values.node(\.mealSlots)?.items {
            var slots: [String] = []
            var firstLine: [String: Int] = [:]
            for item in items {
                let text = item.scalarText ?? ""
                let slot = groups.group(of: text)
                if let line = firstLine[slot] {
                    problems.error(
                        "meal slot '\(Sanitize.inline(text))' is listed twice (first on line \(line))", at: item)
                    continue
                }
                firstLine[slot] = item.location.line
                slots.append(slot)
            }
            mealSlots = slots
        }
        if let cutoff = dayCutoffMinutes {
            Self.checkMetricsAgree(
                cutoff, node: values.node(\.dayCutoff), screen: screen, catalog: catalog, problems: &problems)
        }
        guard problems.errorCount == before else { return nil }
    }

    /// Every metric of the screen must start its day at the same time as the config, or the
    /// summary and the charts would count different days. One error names them all.
    private static func checkMetricsAgree(
        _ cutoff: Int, node: YAMLNode?, screen: DisplayScreen, catalog: Catalog,
        problems: inout ConfigProblems
    ) {
        var disagreeing: [(id: String, theirs: String)] = []
        for metric in catalog.metrics(of: screen.id) where metric.binding.seriesID != nil {
            guard
                let query = try? MetricQuery(
                    metric: metric, catalog: catalog, asOf: LocalDate(year: 2000, month: 1, day: 1)),
                query.dayCutoffMinutes != cutoff
            else { continue }
            let theirs =
                metric.binding.dayCutoffMinutes != nil
                ? "day_cutoff \(clock(query.dayCutoffMinutes)) (\(metric.location(of: "day_cutoff")))"
                : "no day_cutoff, so its days start at \(clock(query.dayCutoffMinutes)) (\(metric.location))"
            disagreeing.append((metric.id, theirs))
        }
        guard let first = disagreeing.first else { return }
        let which =
            disagreeing.count == 1
            ? "metric \(first.id), which has \(first.theirs)"
            : "\(disagreeing.count) metrics: " + disagreeing.map { "\($0.id) has \($0.theirs)" }.joined(separator: ", ")
        problems.error(
            "day_cutoff \(clock(cutoff)) disagrees with \(which); the summary and the charts would count different days",
            at: node)
    }

    /// `04:00`.
    static func clock(_ minutes: Int) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }
}
