import Foundation

extension MetricChartBuilder {
    // MARK: Sleep

    /// A sleep metric's chart from merged nights (`SleepNight`), so a night recorded by
    /// several sources counts once on every kind. Here: the latest night's hypnogram (laid
    /// out by elapsed time), stage splits and stats. Returns false for the kinds drawn the
    /// generic way, which read merged nights too (`MetricQuery.aggregate(in:periods:)` does
    /// for a sleep series): nightly bars, lines and sparklines (regrouped into weekly, monthly,
    /// quarterly or yearly means like any chart), calendars and progress bars (the target
    /// summary), and the kinds that show no sleep time (growth curve, timeline, a split by tag).
    func fillSleep(
        _ input: inout ChartInput, metric: DisplayMetric, kind: any ChartKind.Type,
        query: MetricQuery
    ) throws -> Bool {
        let store = context.store
        switch kind.data {
        case .sleepNight:
            // The latest night in the range: the last week first, as it nearly always is there.
            guard let first = try query.firstSleepNight(in: store) else { return true }
            let recent = max(first, query.asOf.adding(days: -6))
            let latest = { (from: LocalDate) in
                try query.fetchSleepNights(from: store, first: from, last: query.asOf).last { $0.night != nil }?.night
            }
            guard let night = try latest(recent) ?? (recent > first ? latest(first) : nil) else { return true }
            input.sleep = night.segments
            input.asOf = night.date
        case .latest:
            let series = try query.fetchBuckets(from: store)
            guard let last = series.buckets.last(where: { $0.value != nil }) else { return true }
            input.stat = StatValue(
                value: last.value, date: last.end,
                deltaText: query.bucket == .none ? "over " + Self.words(query.range) : nil)
        case .split, .bucketsOrSplitTotals:
            guard kind.data == .split || metric.binding.splitBy != nil,
                (metric.binding.splitBy ?? .category) == .category
            else { return false }
            let split = try query.fetchSleepSplit(from: store)
            if kind.data == .split {
                let (fitted, period) = split.fitting(capacity(kind), bucket: query.bucket)
                input.stacked = stacked(fitted, bucket: query.bucket, period: period)
                if let period { input.title += Self.regroupedWords(period) }
                try tally(&input, query: query, period: period)
            } else {
                input.points = totalsByKey(split)
            }
        default:
            return false
        }
        return true
    }

    // MARK: Growth

    /// Each measurement at its age in weeks (from the subject's birth date, else from the
    /// first measurement); no reference band (a module adds one from its config).
    func growth(_ query: MetricQuery) throws -> GrowthSeries? {
        let points = try query.fetchPoints(from: context.store)
        guard let first = points.first else { return nil }
        let birth = context.subject.birthDate.flatMap { LocalDate(iso: $0) } ?? first.date
        return GrowthSeries(
            measured: points.map { point in
                GrowthPoint(week: Double(birth.days(to: point.date)) / 7, value: point.value)
            }, reference: [])
    }

    // MARK: Timeline

    /// Each sample as a done item named by its category or tag (screenings, check-ups).
    func timeline(_ query: MetricQuery) throws -> [Milestone] {
        try query.fetchPoints(from: context.store).map { point in
            let name = (point.category ?? point.tag).map(Self.keyName) ?? query.series.id
            return Milestone(
                name: name, due: point.date, done: point.date,
                status: .done)
        }
    }

    // MARK: Targets

    /// The days of the metric's range (the request's `--range`, else its own) judged against
    /// the target, with the store's tally of them; days with data / without one when the
    /// metric has no target. The calendar's current streak is the real one (it may have begun
    /// before the range); its best streak is the best in the range, and says so.
    func calendar(_ query: MetricQuery, input: inout ChartInput) throws -> [CalendarDay] {
        let first = BucketCalendar.rangeStart(query.range, asOf: query.asOf)
        return try calendar(
            query, from: first, window: first == nil ? "ever" : "in " + Self.words(query.range),
            input: &input)
    }

    /// The calendar days from `first` (all history when nil) with their tally, the best
    /// streak described by `window` ("in November").
    public func calendar(
        _ query: MetricQuery, from first: LocalDate?, window: String,
        input: inout ChartInput
    ) throws -> [CalendarDay] {
        var daily = query
        daily.binding.bucket = .day
        daily.binding.rolling = nil
        if let first { daily.binding.range = .days(first.days(to: query.asOf) + 1) }
        if let summary = try context.targetSummary(query), !summary.days.isEmpty {
            var tally = summary.tally(from: first)
            tally.currentStreak = summary.currentStreak
            input.targetTally = tally
            input.tallyNoun = "day"
            input.tallyWindow = window
            return summary.days.filter { day in first.map { day.date >= $0 } ?? true }.map { day in
                CalendarDay(
                    date: day.date,
                    state: day.value == nil ? .noData : day.isMet ? .onTarget : .offTarget)
            }
        }
        return try daily.fetchBuckets(from: context.store).buckets.map { bucket in
            CalendarDay(date: bucket.start, state: bucket.value == nil ? .noData : .onTarget)
        }
    }

    /// Today's value against the target, one bar (none without a target).
    func progress(_ query: MetricQuery, name: String) throws -> [ProgressItem] {
        guard let summary = try context.targetSummary(query) else { return [] }
        return [ProgressItem(name: name, value: summary.today, target: summary.target, unit: Self.symbol(summary.unit))]
    }
}
