import VitalsKit

/// The Sleep screen's `config`:
///
/// ```yaml
/// config:
///   goal_hours: {min: 7, max: 9}   # hours asleep a night
///   nights: 14                     # default nights in the duration bars and consistency figures
/// ```
///
/// `nights` is a default, not a limit: `--range` (and the explorer's `r` key) and the
/// nightly-duration metric's own `range` set how many nights are shown; nights that do not
/// fit the width are drawn as weekly, monthly, quarterly or yearly means (as every chart is).
public struct SleepConfig: Sendable, Hashable {
    /// Hours asleep a night that meet the goal.
    public var goalHours: ClosedRange<Double>
    /// Nights shown when neither `--range` nor the duration metric's `range` says.
    public var nights: Int

    public init(goalHours: ClosedRange<Double> = 7...9, nights: Int = 14) {
        self.goalHours = goalHours; self.nights = nights
    }

    static let keys = ["goal_hours", "nights"]
    static let goalKeys = ["min", "max"]
    /// The most nights the default may name (a range may ask for more).
    static let maxNights = 90

    /// Decodes `node` (the defaults when there is none); nil when there was an error.
    static func decode(_ node: YAMLNode?, problems: inout ConfigProblems) -> SleepConfig? {
        guard let node else { return SleepConfig() }
        let before = problems.diagnostics.count
        guard let root = problems.mapping(node, named: "config", allowed: keys) else { return nil }
        var config = SleepConfig()
        if let goalNode = root["goal_hours"], !goalNode.isNull,
           let goal = problems.mapping(goalNode, named: "goal_hours", allowed: goalKeys) {
            let low = problems.number("min", in: goal, required: true, range: 0...24)
            let high = problems.number("max", in: goal, required: true, range: 0...24)
            if let low, let high {
                if low < high {
                    config.goalHours = low...high
                } else {
                    problems.error("goal_hours max \(goal["max"]?.scalarText ?? "") must be more than min "
                                   + "\(goal["min"]?.scalarText ?? "")", at: goal["max"])
                }
            }
        }
        if let nights = problems.number("nights", in: root, range: 1...Double(maxNights)) {
            if nights == nights.rounded() {
                config.nights = Int(nights)
            } else {
                problems.error("nights must be a whole number, not \(root["nights"]?.scalarText ?? "")", at: root["nights"])
            }
        }
        let errors = problems.diagnostics.dropFirst(before).contains { $0.severity == .error }
        return errors ? nil : config
    }
}
