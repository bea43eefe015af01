/// A sleep stage as Apple Health records it, plus plain asleep and in bed.
///
/// The hypnogram draws one lane per stage (`lanes`); plain asleep (an old export's or a
/// sleep app's "asleep" with no stage) gets its own lane only on nights that have it, and
/// time in bed without a stage has no lane but counts as time in bed.
public enum SleepStage: String, Sendable, CaseIterable {
    case awake, rem, core, deep
    case asleep = "asleep_unspecified"
    case inBed = "in_bed"

    /// The stage of a `sleep_analysis` category; nil for an unknown one.
    public init?(category: String?) {
        guard let category, let stage = SleepStage(rawValue: category) else { return nil }
        self = stage
    }

    /// The stages drawn as lanes, top to bottom.
    public static let lanes: [SleepStage] = [.awake, .rem, .core, .deep, .asleep]

    /// Whether the stage counts as asleep.
    public var isAsleep: Bool { self == .rem || self == .core || self == .deep || self == .asleep }

    /// The name in lists and legends.
    public var label: String {
        switch self {
        case .awake: return "Awake"
        case .rem: return "REM"
        case .core: return "Core"
        case .deep: return "Deep"
        case .asleep: return "Asleep (unspecified)"
        case .inBed: return "In bed"
        }
    }

    /// The lane label of the hypnogram (short).
    public var laneLabel: String { self == .asleep ? "Asleep" : label }
}

/// One stretch of a night in one stage, laid out by elapsed time: minutes after midnight of
/// the evening's date at the night's first UTC offset.
///
/// Values may pass 1440 (06:30 the next morning is 1830). `clockShiftMinutes` is what the
/// clock reads beyond the elapsed minute for this stretch: −60 after a fall-back change
/// (the elapsed minute 1620 reads 02:00, not 03:00), +60 after a spring-forward one, 0 on
/// every other night. The clock-time initializer reads times before noon as the next morning.
public struct SleepSegment: Sendable, Hashable {
    public var stage: SleepStage
    public var startMinute: Int
    public var endMinute: Int
    public var clockShiftMinutes: Int

    public init(stage: SleepStage, startMinute: Int, endMinute: Int, clockShiftMinutes: Int = 0) {
        self.stage = stage
        self.startMinute = startMinute
        self.endMinute = endMinute
        self.clockShiftMinutes = clockShiftMinutes
    }

    /// A segment from `HH:mm` clock times; nil when a time does not parse.
    public init?(stage: SleepStage, start: String, end: String) {
        guard let startMinute = Self.minute(start), let endMinute = Self.minute(end) else { return nil }
        self.init(
            stage: stage, startMinute: startMinute,
            endMinute: endMinute < startMinute ? endMinute + 1440 : endMinute)
    }

    /// Minutes after the evening's midnight for `HH:mm`; before noon means the next morning.
    static func minute(_ clock: String) -> Int? {
        let parts = clock.split(separator: ":")
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
            (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        let value = hour * 60 + minute
        return hour < 12 ? value + 1440 : value
    }

    public var minutes: Int { max(0, endMinute - startMinute) }
}

/// Minutes and share of the night per stage, from a night's segments.
///
/// Time in bed is every segment's minutes (awake, asleep and in bed without a stage), the
/// same definition as `SleepNight.inBedMinutes`. Shares are of the minutes in the lanes and
/// always add up to exactly 100 (largest remainder rounding).
public struct SleepSummary: Sendable, Hashable {
    public var minutesByStage: [SleepStage: Int]
    /// Minutes in REM, Core, Deep and plain asleep.
    public var asleepMinutes: Int
    /// Minutes in bed: all segments.
    public var inBedMinutes: Int
    /// Minutes in the lanes (everything but in bed without a stage).
    public var laneMinutes: Int
    /// Percent per lane, adding up to 100 (all 0 for an empty night).
    public var percents: [SleepStage: Int]

    public init(_ segments: [SleepSegment]) {
        var minutes: [SleepStage: Int] = [:]
        for segment in segments { minutes[segment.stage, default: 0] += segment.minutes }
        minutesByStage = minutes
        inBedMinutes = minutes.values.reduce(0, +)
        asleepMinutes = minutes.filter { $0.key.isAsleep }.values.reduce(0, +)
        laneMinutes = SleepStage.lanes.reduce(0) { $0 + (minutes[$1] ?? 0) }
        percents = Self.shares(SleepStage.lanes.map { minutes[$0] ?? 0 }, keys: SleepStage.lanes)
    }

    /// The stage's share of the lanes in percent.
    public func percent(_ stage: SleepStage) -> Int { percents[stage] ?? 0 }

    /// Whole percentages of `values` that add up to 100: each share rounded down, then the
    /// missing points given to the largest remainders (ties to the earlier key).
    static func shares(_ values: [Int], keys: [SleepStage]) -> [SleepStage: Int] {
        let total = values.reduce(0, +)
        guard total > 0 else { return [:] }
        var result: [Int] = values.map { $0 * 100 / total }
        let remainders: [(index: Int, remainder: Int)] = values.enumerated().map { (index, value) in
            (index, value * 100 % total)
        }
        let ranked = remainders.sorted { (a, b) -> Bool in
            a.remainder != b.remainder ? a.remainder > b.remainder : a.index < b.index
        }
        let missing: Int = 100 - result.reduce(0, +)
        for entry in ranked.prefix(missing) { result[entry.index] += 1 }
        return Dictionary(uniqueKeysWithValues: zip(keys, result))
    }
}
