/// What a person asked to see: the day, the range, the units, and how much of the screen.
public struct ScreenRequest: Sendable, Hashable {
    /// The last day shown.
    public var asOf: LocalDate
    /// Replaces every metric's own range (`--range`); nil keeps each metric's.
    public var range: TimeRange?
    /// The units the person chose (`--units`); nil keeps each metric's YAML unit.
    public var unitSystem: UnitSystem?
    /// Draw every child metric under its parent (`--children`).
    public var showChildren: Bool
    /// Show this metric and its children instead of the primary (the explorer's drill-down).
    public var focusMetricID: String?
    /// Which of several weigh-ins a day counts (the `weigh_in` setting); nil keeps each
    /// weight metric's own `aggregate`.
    public var weighIn: WeighInPolicy?
    /// When the day starts (the `day_cutoff` setting, in minutes after midnight, before 12:00):
    /// for the DragonHealth day (`ScreenContext.portions`) and every metric whose day starts in
    /// the morning; nil keeps the catalog's. Sleep keeps its 18:00.
    public var dayCutoffMinutes: Int?
    /// The body-weight goal of the subject a summary is for; nil for none.
    package var goal: WeightGoal?
    /// Each subject's body-weight goal (the `goal` setting): shown with its trend under the
    /// body-weight chart of that subject's screen.
    package var goals = WeightGoals()

    public init(
        asOf: LocalDate, range: TimeRange? = nil, unitSystem: UnitSystem? = nil,
        showChildren: Bool = false, focusMetricID: String? = nil, weighIn: WeighInPolicy? = nil,
        dayCutoffMinutes: Int? = nil
    ) {
        self.asOf = asOf
        self.range = range
        self.unitSystem = unitSystem
        self.showChildren = showChildren
        self.focusMetricID = focusMetricID
        self.weighIn = weighIn
        self.dayCutoffMinutes = dayCutoffMinutes
    }
}

/// Everything a screen module renders from: the catalog, the screen, the store, the request
/// and the output profile, plus the building blocks every screen shares.
public struct ScreenContext: Sendable {
    public let catalog: Catalog
    public let screen: DisplayScreen
    public let store: SampleStore
    public let request: ScreenRequest
    public let profile: RenderProfile
    /// The chart kinds of the run (`Extensions.chartKinds`): what draws each `chart_type_id`.
    public let chartKinds: ChartKindFactory
    /// Store results read more than once in one rendering (see `targetSummary`).
    let memo: ScreenMemo

    public init(
        catalog: Catalog, screen: DisplayScreen, store: SampleStore,
        request: ScreenRequest, profile: RenderProfile, chartKinds: ChartKindFactory = .builtIn
    ) {
        self.catalog = catalog
        self.screen = screen
        self.store = store
        self.request = request
        self.profile = profile
        self.chartKinds = chartKinds
        memo = ScreenMemo()
    }

    public var asOf: LocalDate { request.asOf }

    /// The catalog's DragonHealth day with the request's `day_cutoff` setting applied: what
    /// Today, History and the budgets judge days by.
    public var portions: PortionBook { catalog.portions.withDayCutoff(request.dayCutoffMinutes) }

    /// The screen's subject (`me` when the catalog does not declare it).
    public var subject: Subject { catalog.subject(screen.subjectID) ?? .me }

    /// The screen's pillar colour, for headers and accents.
    public var pillarColor: String? { catalog.pillar(screen.pillarID)?.color }

    /// The active metrics to draw: the focused metric (or the primary) and, when asked,
    /// its descendants in order.
    public var metricsToDraw: [DisplayMetric] {
        let top = request.focusMetricID.flatMap(catalog.metric) ?? catalog.primary(of: screen.id)
        guard let top else { return [] }
        guard request.showChildren || request.focusMetricID != nil else { return [top] }
        return [top] + catalog.descendants(of: top.id).map(\.metric)
    }

    /// The screen's primary metric when it reads a series and something is to be drawn; nil
    /// when the screen can only show its empty state (`emptyDocument`).
    public var primaryWithSeries: DisplayMetric? {
        guard let primary = catalog.primary(of: screen.id), primary.binding.seriesID != nil,
            !metricsToDraw.isEmpty
        else { return nil }
        return primary
    }

    /// The query for `metric` with the request's range and units applied.
    /// Built once per rendering for the same metric, binding and categories.
    public func query(for metric: DisplayMetric, categories: [String]? = nil) throws -> MetricQuery {
        var adjusted = metric
        if let range = request.range { adjusted.binding.range = range }
        if let policy = request.weighIn, WeighInPolicy.applies(to: metric, in: catalog) {
            adjusted.binding.aggregate = policy.aggregate
        }
        let key = ScreenMemo.QueryKey(metricID: metric.id, binding: adjusted.binding, categories: categories)
        return try memo.query(key) {
            var query = try MetricQuery(
                metric: adjusted, catalog: catalog, subjectID: screen.subjectID,
                asOf: request.asOf, unitSystem: request.unitSystem,
                categories: categories)
            query.defaultDayCutoffMinutes = request.dayCutoffMinutes
            query.weighIn = request.weighIn
            return query
        }
    }

    /// The chart block for `metric`, its data read by the shape its chart kind needs.
    public func chartBlock(for metric: DisplayMetric) throws -> ScreenBlock {
        try MetricChartBuilder(context: self).block(for: metric)
    }

    /// Draws `input` with the kind for `chartTypeID` into a chart block for `metric`.
    public func chartBlock(_ input: ChartInput, chartTypeID: String, metricID: String?) -> ScreenBlock {
        ScreenBlock(
            kind: .chart, metricID: metricID,
            content: .chart(
                ChartFigure(chartTypeID: chartTypeID, kind: chartKinds.kind(for: chartTypeID), input: input)),
            data: input.json(chartTypeID: chartTypeID))
    }

    /// The header block: icon and name in the pillar colour, pillar and subject on the right.
    public func headerBlock() -> ScreenBlock { ScreenText(profile: profile).header(self) }

    /// The About block of `metric` (what / why), nil when it has neither.
    public func aboutBlock(for metric: DisplayMetric, labels: AboutLabels = .current) -> ScreenBlock? {
        ScreenText(profile: profile).about(metric, labels: labels)
    }

    /// "▸ 3 more metrics — vitals render protein --children" for a parent whose children are
    /// not shown; nil when it has none or they are shown.
    public func moreBlock(for metric: DisplayMetric) -> ScreenBlock? {
        guard !request.showChildren else { return nil }
        let children = catalog.descendants(of: metric.id).map(\.metric)
        guard !children.isEmpty else { return nil }
        return ScreenText(profile: profile).more(
            count: children.count, screen: screen,
            childIDs: children.map(\.id))
    }

    /// The day of the newest sample of `metric`'s series, at any date; nil when there is none
    /// (or the metric reads no series).
    public func newestDay(for metric: DisplayMetric) -> LocalDate? {
        guard metric.binding.seriesID != nil, let query = try? query(for: metric) else { return nil }
        let key = ScreenMemo.QueryKey(metricID: metric.id, binding: query.binding, categories: query.categories)
        return memo.newestDay(key) { (try? query.fetchNewestDay(from: store)) ?? nil }
    }

    /// The screen's empty state: its `empty_message` (or a default) and how to log data.
    /// Leave the message out (`includeMessage: false`) under a chart that already shows it.
    /// When the store holds samples of the metric's series but none in its range (an old
    /// export, an as-of day before the data), the block says so instead: nothing in this
    /// range, the newest sample's day and the command that shows it.
    public func emptyBlock(for metric: DisplayMetric?, includeMessage: Bool = true) -> ScreenBlock {
        if let metric, let newest = newestDay(for: metric), let series = metric.binding.seriesID.flatMap(catalog.series)
        {
            return ScreenText(profile: profile).emptyRange(
                screen: screen, metric: metric, series: series,
                nothing: nothingLoggedMessage(for: metric), newest: newest,
                includeMessage: includeMessage)
        }
        return ScreenText(profile: profile).empty(
            screen: screen, metric: metric, catalog: catalog,
            includeMessage: includeMessage)
    }
}
