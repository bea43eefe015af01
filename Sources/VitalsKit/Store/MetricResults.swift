import Foundation

/// One chart column: a period (a day, an ISO week, a month, or the whole range) and its value.
public struct MetricBucket: Sendable, Hashable {
    /// The first local day of the period.
    public var start: LocalDate
    /// The last local day of the period (equal to `start` for day buckets).
    public var end: LocalDate
    /// The value in the display unit; nil when the period has no data (a gap, never a zero).
    /// With a rolling window this is the rolling mean.
    public var value: Double?
    /// The period's own aggregate before any rolling mean (equal to `value` without rolling).
    public var raw: Double?

    public init(start: LocalDate, end: LocalDate, value: Double?, raw: Double? = nil) {
        self.start = start
        self.end = end
        self.value = value
        self.raw = raw ?? value
    }
}

/// What a chart of one metric draws: consecutive buckets, oldest first, in one display unit.
public struct MetricSeries: Sendable, Hashable {
    public var buckets: [MetricBucket]
    /// The display unit symbol (`kg`, `h`, `g/kg` …).
    public var unit: String
    public var bucket: Bucket
    /// The rolling window in buckets, if `value` is a rolling mean.
    public var rolling: Int?
    /// The coarser period the buckets were regrouped into to fit a chart (`fitting(_:)`);
    /// each value is then the mean of the `bucket` values in its period.
    public var regrouped: RegroupedPeriod? = nil
    /// Whether a regrouped value counts the period's unlogged buckets as 0 (a sum's mean a
    /// day), rather than averaging its logged ones (`fitting(_:unloggedAsZeroFrom:)`).
    public var unloggedAsZero = false

    public init(
        buckets: [MetricBucket], unit: String, bucket: Bucket, rolling: Int?,
        regrouped: RegroupedPeriod? = nil
    ) {
        self.buckets = buckets
        self.unit = unit
        self.bucket = bucket
        self.rolling = rolling
        self.regrouped = regrouped
    }

    /// True when no bucket has data (show the screen's empty state).
    public var isEmpty: Bool { buckets.allSatisfy { $0.raw == nil } }
    /// The values, nil for gaps.
    public var values: [Double?] { buckets.map(\.value) }
}

/// Totals per key (meal slot tag, or sleep stage category) per period, for stacked charts.
public struct MetricSplit: Sendable, Hashable {
    /// One period: a value per key, aligned with `MetricSplit.keys`, nil where nothing was logged.
    public struct Bucket: Sendable, Hashable {
        public var start: LocalDate
        public var end: LocalDate
        public var values: [Double?]
        /// The sum over keys (nil when every key is nil).
        public var total: Double? {
            let present = values.compactMap { $0 }
            return present.isEmpty ? nil : present.reduce(0, +)
        }
    }

    /// The split keys in display order: meal slots breakfast, lunch, dinner, snack first, or the
    /// series' categories in declared order; samples without a tag appear as `untagged`.
    public var keys: [String]
    public var buckets: [Bucket]
    public var unit: String
    /// What the keys are: tags (meal slots) or categories.
    public var splitBy: SplitKey

    /// The total of each key over all buckets (nil when the key has no data).
    public var totals: [Double?] {
        keys.indices.map { index in
            let present = buckets.compactMap { $0.values[index] }
            return present.isEmpty ? nil : present.reduce(0, +)
        }
    }
}

/// The most recent value and how it changed since the one before (a hero card).
public struct LatestValue: Sendable, Hashable {
    public var value: Double
    /// The local date of the measurement (at its recorded offset, after the day cutoff).
    public var date: LocalDate
    /// When it was measured.
    public var at: Date
    public var previous: Double?
    public var previousDate: LocalDate?
    /// `value - previous`, in the display unit.
    public var delta: Double? { previous.map { value - $0 } }
    public var unit: String
}

/// One day judged against a target.
public struct TargetDay: Sendable, Hashable {
    public var date: LocalDate
    /// The day's value in the display unit; nil when it has no data and the aggregate cannot
    /// treat "nothing" as zero (means, first/last, min/max).
    public var value: Double?
    public var isMet: Bool

    public init(date: LocalDate, value: Double?, isMet: Bool) {
        self.date = date
        self.value = value
        self.isMet = isMet
    }
}

/// How a metric has done against its target: streaks and share of days on target.
///
/// Today counts once it is met: until then the current streak and the percentages end
/// yesterday, so an unfinished day never breaks a streak (a recorded night is over, and
/// counts either way: `lastDayFinished`).
public struct TargetSummary: Sendable, Hashable {
    public var target: Target
    /// Consecutive days on target ending today (or yesterday, if today is not met yet).
    public var currentStreak: Int
    /// The longest run of days on target ever (every day since the first sample is evaluated).
    public var bestStreak: Int
    /// Percent (0–100) of the last 7, 30 and 90 days (ending on the as-of day, which counts
    /// once met) on target; days before the metric's first sample are left out (two days
    /// logged, both on target, is 100 %).
    public var percentOnTarget7: Double
    public var percentOnTarget30: Double
    public var percentOnTarget90: Double
    /// Today's value so far (display unit), nil when nothing is logged and it cannot be zero.
    public var today: Double?
    /// How much more is needed today to reach the target (0 when reached; for `at_most`, how
    /// much is still allowed, negative when over); nil when it has no meaning.
    public var todayRemaining: Double?
    /// Every evaluated day, oldest first, ending with the as-of day (for heatmaps).
    public var days: [TargetDay]
    public var unit: String
    /// Whether the as-of day is over and judged even when not met: a sleep night recorded on
    /// the as-of day (it ended that morning). Otherwise an unmet as-of day is pending.
    public var lastDayFinished: Bool = false
}
