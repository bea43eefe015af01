import VitalsKit

/// The Vegetables screen (SCREEN_VEGETABLES): portions per day against "at least 3",
/// banked across meal slots, with DragonHealth's 04:00 day cutoff.
///
/// Layout: the header; a summary (today's total and what is left, today's portions per slot
/// adding up to the day, current and best streak, % of days on target over 7/30/90 days, when
/// the day starts, and a warning for entries off the portion step); the primary chart; the
/// goal calendar (the as-of month, or the months of `--range`); "more metrics" or, with `--children`, today's progress, the
/// per-meal split (in the configured slot order) and the goal calendar over its own range;
/// the About text. Without any portions logged: the empty state and the log command.
public struct VegetablesScreen: ScreenModule {
    public static let screenID = "SCREEN_VEGETABLES"

    public init() {}

    public func render(_ context: ScreenContext, config: VegetablesConfig?) throws -> ScreenDocument {
        let config = config ?? VegetablesConfig()
        guard let primary = context.primaryWithSeries else { return context.emptyDocument(module: Self.screenID) }
        let drawn = context.metricsToDraw
        let query = try context.query(for: primary)
        let hasData = try query.fetchLatest(from: context.store) != nil
        var summary: [ScreenBlock] = []
        if hasData {
            let numbers = try VegetablesNumbers.read(query, config: config, context: context)
            summary.append(numbers.block(context, metricID: primary.id))
        }
        return try context.compose(
            module: Self.screenID, summary: summary,
            adjust: { input, metric in
                shape(&input, metric: metric, primary: query, config: config, context: context)
            },
            extras: {
                // The month's goal calendar, unless a calendar child is drawn already.
                guard hasData, !drawn.contains(where: { $0.role == .goalCalendar }) else { return [] }
                return [try monthCalendar(primary: primary, context: context)]
            })
    }

    /// Stacked meal slots in the configured order, marked with the primary's daily target
    /// when they have none (the total is what is judged). A goal calendar shows its metric's
    /// range already (`MetricChartBuilder`).
    func shape(
        _ input: inout ChartInput, metric: DisplayMetric, primary: MetricQuery, config: VegetablesConfig,
        context: ScreenContext
    ) {
        if var stacked = input.stacked {
            if input.target == nil, metric.binding.seriesID == primary.series.id, input.unit == primary.unitSymbol,
                (metric.binding.aggregate ?? .sum) == .sum, (metric.binding.bucket ?? .day) == .day
            {
                input.target = primary.displayTarget
            }
            let configured = config.mealSlots.map(MetricChartBuilder.keyName)
            stacked.categories =
                configured.filter(stacked.categories.contains)
                + stacked.categories.filter { !configured.contains($0) }
            input.stacked = stacked
        }
    }

    /// The goal calendar: the screen's calendar metric (else the primary drawn as one) over
    /// whole months: the as-of month without `--range`; with one, every month the range
    /// touches, from the 1st of the month holding its first day (`all`: of the first entry)
    /// to the as-of day. Its best streak is the shown months'.
    func monthCalendar(primary: DisplayMetric, context: ScreenContext) throws -> ScreenBlock {
        var metric = context.catalog.metric(playing: .goalCalendar, on: context.screen.id) ?? primary
        metric.chartTypeID = CalendarHeatmapChart.id
        let builder = MetricChartBuilder(context: context)
        var input = try builder.input(for: metric)
        let query = try context.query(for: metric)
        let first = try Self.calendarStart(query, range: context.request.range, in: context.store)
        let months = Self.months(from: first, to: context.asOf)
        input.calendar = try builder.calendar(query, from: first, window: "in " + months, input: &input)
        input.title = "\(metric.displayName), \(months)"
        // A range that starts inside a month is widened to the whole month here, while the
        // bars above count the range's own days: the title says which days these are.
        if let range = context.request.range, let start = BucketCalendar.rangeStart(range, asOf: query.asOf),
            start != first
        {
            input.title += " (whole months from \(DateWords.shifted(first) ?? first.description))"
        }
        return context.chartBlock(input, chartTypeID: CalendarHeatmapChart.id, metricID: metric.id)
    }

    /// The 1st of the first month the calendar shows: the as-of month's without a range, else
    /// of the month holding the range's first day (`all`: the first entry's, else the as-of month).
    static func calendarStart(_ query: MetricQuery, range: TimeRange?, in store: SampleStore) throws -> LocalDate {
        guard let range else { return query.asOf.startOfMonth }
        if let start = BucketCalendar.rangeStart(range, asOf: query.asOf) { return start.startOfMonth }
        let earliest = try query.fetchEarliestDay(from: store) ?? query.asOf
        return min(earliest, query.asOf).startOfMonth
    }

    /// "November 2026", "October – November 2026", "December 2025 – November 2026"; in a
    /// shared copy with shifted dates, the days ("day 1–61").
    static func months(from first: LocalDate, to last: LocalDate) -> String {
        if let shifted = DateWords.shifted(from: first, through: last.startOfMonth.adding(months: 1).adding(days: -1)) {
            return shifted
        }
        let end = "\(monthNames[last.month - 1]) \(last.year)"
        guard first.year != last.year || first.month != last.month else { return end }
        let start = monthNames[first.month - 1] + (first.year == last.year ? "" : " \(first.year)")
        return "\(start) – \(end)"
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July",
        "August", "September", "October", "November", "December",
    ]
}

extension MetricRole {
    /// The Vegetables metric drawn as the month's goal calendar (else the primary is).
    public static let goalCalendar = MetricRole("goal_calendar")
}
