import VitalsKit

/// Reads what `SummaryCheck` judges for a period: per active screen of the subject, its primary
/// metric's days (as its chart reads them: aggregate, unit, day cutoff, weigh-in) in the period
/// and the period before, its targets' periods over all history, the weight trend, its
/// relations; and the whole DragonHealth days.
package struct SummaryReader: Sendable {
    package var catalog: Catalog
    package var store: SampleStore
    /// The units, weigh-in, day cutoff and goal the screens use (its as-of day is replaced by
    /// the window's last day).
    package var request: ScreenRequest
    package var subjectID: String
    /// The screen modules, whose targets (Protein's per-kg grams) the summary judges by, as
    /// the screens do (`ScreenRegistry.target(for:in:)`), and the chart kinds.
    package var extensions: Extensions
    package var registry: ScreenRegistry { extensions.screens }

    package init(
        catalog: Catalog, store: SampleStore, request: ScreenRequest, subjectID: String,
        extensions: Extensions = .sdk
    ) {
        self.catalog = catalog
        self.store = store
        self.request = request
        self.subjectID = subjectID
        self.extensions = extensions
    }

    /// The summary of `window`, titled `title`.
    package func read(window: SummaryWindow, title: String) throws -> Summary {
        var request = self.request
        request.asOf = window.last
        request.range = nil
        let screens = catalog.activeScreensInOrder.filter { $0.subjectID == subjectID }
        var found: [SummaryScreen] = []
        var readsSameData: [String: Int] = [:]
        var skipped = 0
        try store.readingAsOneSnapshot {
            for screen in screens {
                let context = ScreenContext(
                    catalog: catalog, screen: screen, store: store, request: request,
                    profile: RenderProfile(width: 80), chartKinds: extensions.chartKinds)
                guard let primary = catalog.primary(of: screen.id), primary.binding.seriesID != nil else {
                    skipped += 1
                    continue
                }
                let metrics = [primary] + catalog.descendants(of: primary.id).map(\.metric).filter(\.isActive)
                let change = try change(
                    of: Self.periodMetric(primary, among: metrics), context: context, window: window)
                // A screen whose primary metric has no data in the period is still shown when a
                // metric of it with a target has some (its record is what the period says).
                let targets = try targets(metrics, context: context, window: window)
                guard change.daysWithData > 0 || targets.contains(where: { $0.record.withData > 0 }) else {
                    skipped += 1
                    continue
                }
                let key = Self.dataKey(try context.query(for: primary))
                if let index = readsSameData[key] {
                    found[index].alsoOn.append(screen.name)
                    continue
                }
                readsSameData[key] = found.count
                found.append(
                    SummaryScreen(
                        screenID: screen.id, name: screen.name, icon: screen.icon,
                        pillarName: catalog.pillar(screen.pillarID)?.name,
                        color: catalog.pillar(screen.pillarID)?.color,
                        language: screen.language, change: change, targets: targets,
                        goal: try goal(metrics, context: context, window: window),
                        relations: try relations(metrics, context: context, window: window)))
            }
        }
        return Summary(
            window: window, title: title, subjectName: catalog.subject(subjectID)?.name ?? subjectID,
            screens: found, portions: try portions(window: window), skipped: skipped)
    }

    /// What a query reads, for telling two screens that show the same data apart.
    static func dataKey(_ query: MetricQuery) -> String {
        [
            query.series.id, query.aggregate.rawValue, query.categories?.joined(separator: ",") ?? "",
            query.divisor?.id ?? "", query.displayUnit.symbol, String(query.dayCutoffMinutes),
        ].joined(separator: "|")
    }

    /// The days of `query` from `first` through its as-of day: each day's value, nil without data.
    static func days(_ query: MetricQuery, from first: LocalDate, in store: SampleStore) throws -> [LocalDate: Double] {
        var daily = query
        daily.binding.bucket = .day
        daily.binding.rolling = nil
        daily.binding.range = .days(first.days(to: query.asOf) + 1)
        var values: [LocalDate: Double] = [:]
        for bucket in try daily.fetchBuckets(from: store).buckets {
            if let value = bucket.value { values[bucket.start] = value }
        }
        return values
    }

    /// The metric a period of the screen is told by: the primary one, unless it shows a single
    /// period (`bucket: none`, as Sleep's "Last night"), whose name does not fit a week: then
    /// the first metric below it reading the same series day by day ("Sleep duration").
    static func periodMetric(_ primary: DisplayMetric, among metrics: [DisplayMetric]) -> DisplayMetric {
        guard primary.binding.bucket == Bucket.none else { return primary }
        return metrics.dropFirst().first { metric in
            metric.binding.seriesID == primary.binding.seriesID && (metric.binding.bucket ?? .day) == .day
                && metric.binding.splitBy == nil && metric.binding.versus == nil && metric.binding.divideBy == nil
                && metric.binding.rolling == nil
        } ?? primary
    }

    /// The metric over the period and the period before (its current value nil without data in
    /// the period), its readings written from the screen's baseline when it has one (a
    /// pregnancy's weigh-ins as the gain). A sum or count also gets its mean a day: over the
    /// period's days from the metric's first sample on, unlogged ones as 0 (as its target
    /// counts them), or over the nights recorded for sleep.
    func change(of metric: DisplayMetric, context: ScreenContext, window: SummaryWindow) throws -> PeriodChange {
        let query = try context.query(for: metric)
        var values = try Self.days(query, from: window.previous.first, in: store)
        if let baseline = try registry.baseline(of: metric, in: context) { values = values.mapValues { $0 - baseline } }
        let current = window.dates.map { values[$0] }
        let previous = window.previous.dates.map { values[$0] }
        let count = query.aggregate == .count
        var change = PeriodChange(
            metricName: metric.displayName, aggregate: query.aggregate,
            unit: count ? nil : query.display,
            current: SummaryCheck.periodValue(current, aggregate: query.aggregate),
            previous: SummaryCheck.periodValue(previous, aggregate: query.aggregate),
            daysWithData: current.compactMap { $0 }.count,
            previousDaysWithData: previous.compactMap { $0 }.count)
        if let total = change.current, query.aggregate == .sum || query.aggregate == .count {
            let days: Int
            if let zeroFrom = try query.unloggedAsZeroFrom(in: store) {
                days = window.dates.filter { $0 >= zeroFrom }.count
                change.perDayNoun = "day"
            } else {
                days = change.daysWithData
                change.perDayNoun = query.isSleep ? "night" : "day with data"
            }
            change.perDay = days > 0 ? total / Double(days) : nil
        }
        return change
    }

    /// Each metric with a target judged over the period (the same data and target once).
    func targets(_ metrics: [DisplayMetric], context: ScreenContext, window: SummaryWindow) throws -> [SummaryTarget] {
        var seen: Set<String> = []
        var records: [SummaryTarget] = []
        for metric in metrics
        where metric.binding.target != nil && metric.binding.seriesID != nil
            && metric.binding.splitBy == nil && metric.binding.versus == nil && (metric.binding.bucket ?? .day) != .none
        {
            var query = try context.query(for: metric)
            query.binding.range = .all
            query.binding.rolling = nil
            guard let target = try registry.target(for: metric, in: context),
                seen.insert(Self.dataKey(query) + "|\(query.bucket.rawValue)|\(target)").inserted,
                let periods = try query.fetchTargetPeriods(from: store, target: target), !periods.isEmpty
            else { continue }
            var span = query
            span.binding.range = .days(window.days)
            let withData = Set(try span.fetchBuckets(from: store).buckets.filter { $0.raw != nil }.map(\.start))
            let finished = query.isSleep && periods.last.map { $0.date == window.last && $0.value != nil } == true
            let record = SummaryCheck.targetRecord(periods, withData: withData, window: window, lastFinished: finished)
            let noun =
                query.isSleep ? "night" : query.bucket == .week ? "week" : query.bucket == .month ? "month" : "day"
            records.append(
                SummaryTarget(
                    metricName: metric.displayName, target: target,
                    unit: query.aggregate == .count ? nil : MetricChartBuilder.symbol(query.unitSymbol),
                    noun: noun, record: record))
        }
        return records
    }

    /// The weight goal's trend over the period, when a goal is set, a metric reads the body
    /// weight and the subject is a person who is not pregnant (as on the body screen).
    func goal(_ metrics: [DisplayMetric], context: ScreenContext, window: SummaryWindow) throws -> SummaryGoal? {
        guard let goal = request.goal, let weight = metrics.first(where: { $0.binding.seriesID == "body_mass" }),
            let subject = catalog.subject(subjectID), subject.kind == .human, subject.pregnancy == nil
        else { return nil }
        let trend = try WeightTrend.read(
            from: store, catalog: catalog, subject: subjectID, asOf: window.last,
            weighIn: request.weighIn)
        guard trend.latest != nil else { return nil }
        let display = try context.query(for: weight).display
        let summary = GoalSummary(
            goal: goal, trend: trend, asOf: window.last,
            display: display.unit.dimension == .mass ? display : DisplayUnit(.kilogram))
        return SummaryGoal(summary: summary, trendAtStart: SummaryCheck.trendChange(trend, window: window).start)
    }

    /// The screen's relations (its metrics with a `y:`), each over the period or the chart's
    /// own range when that reaches further back: a week is too few days to relate.
    func relations(_ metrics: [DisplayMetric], context: ScreenContext, window: SummaryWindow) throws
        -> [SummaryRelation]
    {
        try metrics.compactMap { metric -> SummaryRelation? in
            guard let paired = metric.binding.versus else { return nil }
            var x = metric
            let own = x.binding.range ?? .days(90)
            let ownStart = BucketCalendar.rangeStart(own, asOf: window.last) ?? window.first
            let range: TimeRange = ownStart < window.first ? own : .days(window.days)
            x.binding.range = range
            x.binding.bucket = .day
            var y = x
            y.id = metric.id + "#y"
            y.binding = paired.binding(sharing: x.binding)
            let series = try RelationReader.read(
                x: try context.query(for: x), y: try context.query(for: y),
                lagDays: paired.lagDays, yName: paired.name, from: store)
            return SummaryRelation(metricName: metric.displayName, series: series, range: range)
        }
    }

    /// Whole days over the period when categories are enabled and something was logged in it.
    func portions(window: SummaryWindow) throws -> SummaryPortions? {
        let book = catalog.portions.withDayCutoff(request.dayCutoffMinutes)
        let ledger = DayLedger(book: book, subjectID: subjectID)
        guard !book.enabledCategories.isEmpty, let firstEntry = try ledger.firstDay(in: store),
            firstEntry <= window.last
        else {
            return nil
        }
        let all = try ledger.read(from: store, first: firstEntry, through: window.last)
        let inWindow = all.filter { window.contains($0.date) }
        guard inWindow.contains(where: \.hasEntries) else { return nil }
        let whole = DayAdherence(days: all, categories: book.enabledCategories)
        let period = DayAdherence(days: inWindow, categories: book.enabledCategories)
        let categories = period.categoryDetail(last: window.days).compactMap { detail -> SummaryPortions.Category? in
            book.category(detail.categoryID).map {
                SummaryPortions.Category(name: $0.name, met: detail.met, days: detail.days)
            }
        }
        return SummaryPortions(
            met: period.counted.filter(\.isOnTarget).count, counted: period.counted.count,
            currentStreak: whole.currentStreak, bestStreak: whole.bestStreak, categories: categories)
    }
}
