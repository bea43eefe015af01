/// The data one chart draws: plain values, no SQL and no catalog lookups.
///
/// Fill the common fields and the data shape the chart kind reads; kinds that can use another
/// shape derive it (a `stat` without `stat` shows the latest point, a `sparkline` of stacked
/// buckets shows their totals). Text fields are sanitized when drawn. `nil` values are drawn
/// as missing, never as zero.
public struct ChartInput: Sendable {
    /// The metric's display name.
    public var title: String
    /// The display unit symbol (`g`, `kg`, `portion`); nil for none.
    public var unit: String?
    /// How one value in `unit` is written in text when people say it otherwise ("12 st 4 lb"
    /// for a UK body weight plotted in lb); nil: the number and `unit`.
    public var spokenUnit: DisplayUnit?
    /// The metric's `#RRGGBB` colour; nil for the default.
    public var color: String?
    /// The metric's target, judged with `Target.isMet(by:)`.
    public var target: Target?
    /// The day the chart is drawn for (calendar month, days until milestones).
    public var asOf: LocalDate?
    /// Shown instead of a chart when there is nothing to draw.
    public var emptyMessage: String?

    /// One value per bucket, oldest first (`bar_vertical`, `bar_horizontal`, `line`, `sparkline`).
    public var points: [ChartPoint]
    /// A rolling mean aligned with `points` (`line`); empty for none.
    public var rollingMean: [Double?]
    /// What the rolling mean is called in the legend ("7-day mean").
    public var rollingLabel: String?
    /// Buckets split by tag or category (`bar_stacked`).
    public var stacked: StackedSeries?
    /// Measured values against a reference band, x in weeks of age (`growth_curve`).
    public var growth: GrowthSeries?
    /// Milestones in date order (`timeline`).
    public var milestones: [Milestone]
    /// One night's sleep stages (`sleep_stages_horizontal`).
    public var sleep: [SleepSegment]
    /// The headline number (`stat`).
    public var stat: StatValue?
    /// One item per target (`progress`).
    public var progress: [ProgressItem]
    /// Days judged against the target (`calendar_heatmap`).
    public var calendar: [CalendarDay]
    /// Two series paired period by period (`scatter`).
    public var relation: RelationSeries?
    /// The data of a kind's own shape (`ChartData.own`), as the kind read it.
    public var payload: (any ChartPayload)?
    /// Whether the kind adds its own caption lines under the plot (`growth_curve`: the axis
    /// title, the latest value and the legend). A module that writes its own captions, e.g.
    /// in another language, sets this to false.
    public var captions: Bool = true
    /// The chart's periods over its range counted against the target by the store
    /// (`TargetTally`): charts print this instead of judging their own points, so every chart
    /// and summary of a metric agrees. nil: charts count their points' values.
    public var targetTally: TargetTally?
    /// The values of the metric's own periods (days, usually) when the points are regrouped
    /// (weekly or monthly means): the footer's "latest" and "mean" describe these (its
    /// "without data" still counts the marks on the axis), so "latest" is the latest day's value and "mean" the mean of the days with data,
    /// like the "N/M days on target" beside them. nil: the footer describes the points.
    public var footerValues: [Double?]?
    /// The first day of each of `footerValues` (the footer says the latest value's date when
    /// it is not the newest one's).
    public var footerDates: [LocalDate]?
    /// For a chart whose unlogged days count as 0 (its title says so): the first day they do
    /// (the metric's first sample's); the footer's mean counts them from it. nil: the mean of
    /// the values with data.
    public var footerZeroFrom: LocalDate?
    /// What one tallied period is: "day", "week", "month".
    public var tallyNoun: String = "day"
    /// Which window the tally's best streak is from, in words ("in the last 12 weeks").
    public var tallyWindow: String?
    /// How the tallied periods were judged, when a screen also counts them another way
    /// ("by each day's weight" under a per-kg chart next to a grams summary).
    public var tallyBasis: String?

    public init(
        title: String, unit: String? = nil, color: String? = nil, target: Target? = nil,
        asOf: LocalDate? = nil, emptyMessage: String? = nil, points: [ChartPoint] = [],
        rollingMean: [Double?] = [], rollingLabel: String? = nil,
        stacked: StackedSeries? = nil, growth: GrowthSeries? = nil,
        milestones: [Milestone] = [], sleep: [SleepSegment] = [],
        stat: StatValue? = nil, progress: [ProgressItem] = [],
        calendar: [CalendarDay] = []
    ) {
        self.title = title
        self.unit = unit
        self.color = color
        self.target = target
        self.asOf = asOf
        self.emptyMessage = emptyMessage
        self.points = points
        self.rollingMean = rollingMean
        self.rollingLabel = rollingLabel
        self.stacked = stacked
        self.growth = growth
        self.milestones = milestones
        self.sleep = sleep
        self.stat = stat
        self.progress = progress
        self.calendar = calendar
    }

    /// Whether any data shape holds a value (false means the chart draws its empty state).
    public var hasData: Bool {
        effectivePoints.contains { $0.value != nil } || !(growth?.measured.isEmpty ?? true)
            || !milestones.isEmpty || !sleep.isEmpty || stat?.value != nil
            || progress.contains { $0.value != nil } || calendar.contains { $0.state != .noData }
            || !(relation?.pairs.isEmpty ?? true) || payload?.hasData == true
    }

    /// `points`, or the totals of `stacked` buckets when there are no points.
    public var effectivePoints: [ChartPoint] {
        if !points.isEmpty { return points }
        guard let stacked else { return [] }
        return stacked.buckets.map { bucket in
            ChartPoint(label: bucket.label, date: bucket.date, value: bucket.total)
        }
    }
}

/// One bucket's value: a short label for the axis and the value, nil when there is no data.
public struct ChartPoint: Sendable, Hashable {
    /// Axis label ("03-12", "Mon", "W11").
    public var label: String
    /// The bucket's first day, when it has one.
    public var date: LocalDate?
    public var value: Double?

    public init(label: String, date: LocalDate? = nil, value: Double?) {
        self.label = label
        self.date = date
        self.value = value
    }
}

/// Buckets split into named segments (meal slots, categories), with the legend order.
public struct StackedSeries: Sendable, Hashable {
    /// Segment names in legend and stacking order.
    public var categories: [String]
    public var buckets: [StackedBucket]

    public init(categories: [String], buckets: [StackedBucket]) {
        self.categories = categories
        self.buckets = buckets
    }
}

/// One bucket of a stacked chart; `values` nil means the bucket has no data at all.
public struct StackedBucket: Sendable, Hashable {
    public var label: String
    /// The bucket's first day, when it has one.
    public var date: LocalDate?
    /// Category name → value; categories not present count as zero.
    public var values: [String: Double]?

    public init(label: String, date: LocalDate? = nil, values: [String: Double]?) {
        self.label = label
        self.date = date
        self.values = values
    }

    /// The sum of all segments, nil when the bucket has no data.
    public var total: Double? { values.map { $0.values.reduce(0, +) } }
}

/// Measured values and a reference band over an age axis in weeks (since birth for a puppy,
/// of pregnancy for a pregnancy), both with x in weeks.
public struct GrowthSeries: Sendable, Hashable {
    public var measured: [GrowthPoint]
    /// Lower, centre and upper reference values by week, in week order.
    public var reference: [ReferencePoint]
    /// What the reference is ("Golden Retriever ♀ ±15 %").
    public var referenceLabel: String?
    /// What the weeks count ("weeks of pregnancy"), from the reference's YAML; nil for
    /// "weeks since birth".
    public var axisTitle: String?
    /// The day of week 0 (the birth), when known: tooltips then give each value's date.
    public var birthDate: LocalDate?

    public init(
        measured: [GrowthPoint], reference: [ReferencePoint],
        referenceLabel: String? = nil, axisTitle: String? = nil
    ) {
        self.measured = measured
        self.reference = reference
        self.referenceLabel = referenceLabel
        self.axisTitle = axisTitle
    }
}

/// A measured value at an age in weeks.
public struct GrowthPoint: Sendable, Hashable {
    public var week: Double
    public var value: Double

    public init(week: Double, value: Double) {
        self.week = week
        self.value = value
    }
}

/// The reference band at an age in weeks.
public struct ReferencePoint: Sendable, Hashable {
    public var week: Double
    public var lower: Double, centre: Double, upper: Double

    public init(week: Double, lower: Double, centre: Double, upper: Double) {
        self.week = week
        self.lower = lower
        self.centre = centre
        self.upper = upper
    }
}

/// Where a milestone stands on the as-of date.
public enum MilestoneStatus: String, Sendable, CaseIterable {
    case done, next, future, overdue
}

/// A health milestone (vaccination, check-up) with its due date and, when done, its done date.
public struct Milestone: Sendable, Hashable {
    public var name: String
    public var due: LocalDate
    /// nil while not done.
    public var done: LocalDate?
    public var status: MilestoneStatus

    public init(name: String, due: LocalDate, done: LocalDate? = nil, status: MilestoneStatus) {
        self.name = name
        self.due = due
        self.done = done
        self.status = status
    }
}

/// The headline value of a `stat` chart.
public struct StatValue: Sendable, Hashable {
    public var value: Double?
    /// The day of the value.
    public var date: LocalDate?
    /// Change since the previous value, already written ("+0,4 kg since 5 Mar").
    public var deltaText: String?

    public init(value: Double?, date: LocalDate? = nil, deltaText: String? = nil) {
        self.value = value
        self.date = date
        self.deltaText = deltaText
    }
}

/// One bar of a `progress` chart: today's value against its own target.
public struct ProgressItem: Sendable, Hashable {
    public var name: String
    /// nil when nothing is logged.
    public var value: Double?
    public var target: Target
    /// The item's unit; nil uses the chart's unit.
    public var unit: String?
    public var color: String?

    public init(
        name: String, value: Double?, target: Target, unit: String? = nil,
        color: String? = nil
    ) {
        self.name = name
        self.value = value
        self.target = target
        self.unit = unit
        self.color = color
    }
}

/// How a calendar day compares with the target. `pending` is an as-of day in progress: it has
/// entries (or may still get them) but is not on target yet, so it is neither counted nor missed.
public enum DayState: String, Sendable, CaseIterable {
    case onTarget = "on_target"
    case offTarget = "off_target"
    case noData = "no_data"
    case pending = "pending"
}

/// One day of a `calendar_heatmap`.
public struct CalendarDay: Sendable, Hashable {
    public var date: LocalDate
    public var state: DayState

    public init(date: LocalDate, state: DayState) {
        self.date = date
        self.state = state
    }
}
