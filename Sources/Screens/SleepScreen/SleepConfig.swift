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
public struct SleepConfig: DeclaredConfig, Hashable {
    /// The keys of the block, declared once.
    public struct Keys: ConfigDeclaration {
        public var goalHours = ConfigKey.object(
            "goal_hours", GoalKeys.self,
            doc: "Hours asleep a night that meet the goal."
        )
        .documentingDefault("{\"min\": 7, \"max\": 9}")
        public var nights = ConfigKey.integer(
            "nights", in: 1...SleepConfig.maxNights,
            doc: "Nights shown when neither --range nor the duration metric's range says."
        )
        .defaulting(to: 14)
        public init() {}
    }

    /// `goal_hours`: both ends, min below max.
    public struct GoalKeys: ConfigDeclaration {
        public var min = ConfigKey.number("min", unit: "h", in: 0...24, doc: "Fewest hours that meet the goal.")
            .required()
        public var max = ConfigKey.number("max", unit: "h", in: 0...24, doc: "Most hours that meet the goal.")
            .required()
        public init() {}

        public static func check(_ values: ConfigValues<GoalKeys>, problems: inout ConfigProblems) {
            guard values.min >= values.max else { return }
            problems.error(
                "goal_hours max \(values.node(\.max)?.scalarText ?? "") must be more than min "
                    + "\(values.node(\.min)?.scalarText ?? "")", at: values.node(\.max))
        }
    }

    /// Hours asleep a night that meet the goal.
    public var goalHours: ClosedRange<Double>
    /// Nights shown when neither `--range` nor the duration metric's `range` says.
    public var nights: Int

    public init(goalHours: ClosedRange<Double> = 7...9, nights: Int = 14) {
        self.goalHours = goalHours
        self.nights = nights
    }

    /// The most nights the default may name (a range may ask for more).
    static let maxNights = 90

    public init?(
        _ values: ConfigValues<Keys>, of screen: DisplayScreen, in catalog: Catalog,
        problems: inout ConfigProblems
    ) {
        self.init(goalHours: values.goalHours.map { $0.min...$0.max } ?? 7...9, nights: values.nights)
    }
}
