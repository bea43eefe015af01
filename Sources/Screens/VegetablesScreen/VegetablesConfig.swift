import Foundation
import VitalsKit

/// The Vegetables screen's `config` block (DragonHealth's portion model).
///
/// ```yaml
/// config:
///   meal_slots: [breakfast, lunch, dinner, snack]   # the slots shown (default: all declared)
///   day_cutoff: "04:00"                             # must match the metrics' day_cutoff
///   portion_step: 0.25                              # optional; must divide 1
/// ```
public struct VegetablesConfig: Sendable, Hashable {
    /// The meal slot groups shown, in the order a day runs: ids of the catalog's declared slots
    /// (a configured alias such as `snack` names its slot, `afternoon_snack`); portions in any
    /// slot, shown or not, add up to the day.
    public var mealSlots: [String]
    /// Minutes after midnight before which an entry counts for the previous day; nil when the
    /// config does not say (the primary metric's cutoff is shown).
    public var dayCutoffMinutes: Int?
    /// The portion size entries are logged in (0.25: a quarter portion).
    public var portionStep: Double

    public init(mealSlots: [String] = MetricQuery.mealSlotOrder, dayCutoffMinutes: Int? = nil,
                portionStep: Double = 0.25) {
        self.mealSlots = mealSlots; self.dayCutoffMinutes = dayCutoffMinutes; self.portionStep = portionStep
    }

    public static let keys = ["meal_slots", "day_cutoff", "portion_step"]

    /// Decodes `node` (nil: no block, the defaults), each problem at its line; nil on errors.
    static func decode(_ node: YAMLNode?, of screen: DisplayScreen, in catalog: Catalog,
                       problems: inout ConfigProblems) -> VegetablesConfig? {
        let groups = TagGroups(catalog.portions.mealSlots)
        guard let node else { return VegetablesConfig(mealSlots: groups.order) }
        let errorsBefore = problems.errorCount
        guard let map = problems.mapping(node, named: "config", allowed: keys) else { return nil }
        var config = VegetablesConfig(mealSlots: groups.order)
        if let slots = mealSlots(in: map, groups: groups, problems: &problems) { config.mealSlots = slots }
        if let cutoff = dayCutoff(in: map, problems: &problems) {
            config.dayCutoffMinutes = cutoff
            checkMetricsAgree(cutoff, node: map["day_cutoff"], screen: screen, catalog: catalog, problems: &problems)
        }
        if let step = problems.number("portion_step", in: map) {
            let parts = 1 / step
            if step > 0, step <= 1, abs(parts - parts.rounded()) < 1e-9 {
                config.portionStep = step
            } else {
                problems.error("portion_step \(map["portion_step"]?.scalarText ?? String(step)) must divide 1 portion into whole steps (0.25, 0.5 or 1)",
                               at: map["portion_step"])
            }
        }
        return problems.errorCount == errorsBefore ? config : nil
    }

    /// A non-empty list of distinct slots, each named by its id or an alias (as its id).
    private static func mealSlots(in map: YAMLNode, groups: TagGroups, problems: inout ConfigProblems) -> [String]? {
        guard let items = problems.list("meal_slots", in: map) else { return nil }
        guard !items.isEmpty else {
            problems.error("meal_slots must name at least one meal slot", at: map["meal_slots"])
            return nil
        }
        var slots: [String] = []
        var firstLine: [String: Int] = [:]
        for item in items {
            guard case .scalar(let text, _) = item.value, !item.isNull,
                  !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                problems.error("a meal slot must be a name, not \(item.kindDescription)", at: item)
                continue
            }
            let slot = groups.group(of: text)
            if let line = firstLine[slot] {
                problems.error("meal slot '\(Sanitize.inline(text))' is listed twice (first on line \(line))", at: item)
                continue
            }
            firstLine[slot] = item.location.line
            slots.append(slot)
        }
        return slots
    }

    /// `HH:MM` before noon.
    private static func dayCutoff(in map: YAMLNode, problems: inout ConfigProblems) -> Int? {
        guard let node = map["day_cutoff"], !node.isNull else { return nil }
        guard let text = node.scalarText, let time = ClockTime(text) else {
            problems.error("day_cutoff must be a time as HH:MM (\"04:00\"), got '\(Sanitize.inline(node.scalarText ?? node.kindDescription))'",
                           at: node)
            return nil
        }
        guard time.minutesAfterMidnight < 12 * 60 else {
            problems.error("day_cutoff \(text) must be before 12:00: entries before it count for the previous day",
                           at: node)
            return nil
        }
        return time.minutesAfterMidnight
    }

    /// Every metric of the screen must start its day at the same time as the config, or the
    /// summary and the charts would count different days. One error names them all.
    private static func checkMetricsAgree(_ cutoff: Int, node: YAMLNode?, screen: DisplayScreen, catalog: Catalog,
                                          problems: inout ConfigProblems) {
        var disagreeing: [(id: String, theirs: String)] = []
        for metric in catalog.metrics(of: screen.id) where metric.binding.seriesID != nil {
            guard let query = try? MetricQuery(metric: metric, catalog: catalog, asOf: LocalDate(year: 2000, month: 1, day: 1)),
                  query.dayCutoffMinutes != cutoff else { continue }
            let theirs = metric.binding.dayCutoffMinutes != nil
                ? "day_cutoff \(clock(query.dayCutoffMinutes)) (\(metric.location(of: "day_cutoff")))"
                : "no day_cutoff, so its days start at \(clock(query.dayCutoffMinutes)) (\(metric.location))"
            disagreeing.append((metric.id, theirs))
        }
        guard let first = disagreeing.first else { return }
        let which = disagreeing.count == 1
            ? "metric \(first.id), which has \(first.theirs)"
            : "\(disagreeing.count) metrics: " + disagreeing.map { "\($0.id) has \($0.theirs)" }.joined(separator: ", ")
        problems.error("day_cutoff \(clock(cutoff)) disagrees with \(which); the summary and the charts would count different days",
                       at: node)
    }

    /// `04:00`.
    static func clock(_ minutes: Int) -> String {
        let hours = minutes / 60, rest = minutes % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }
}

extension ConfigProblems {
    /// How many errors have been collected so far.
    var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
}
