import Foundation

extension MetricChartBuilder {
    // MARK: Sleep

    /// The latest night in the metric's range as hypnogram segments (`in_bed` is left out;
    /// an old export's plain "asleep" is drawn in the Core lane). The chart's date is the
    /// night's: the day it ended.
    func fillSleep(_ input: inout ChartInput, query: MetricQuery) throws {
        let points = try query.fetchPoints(from: context.store)
        guard let night = points.map(\.date).max() else { return }
        input.sleep = Self.segments(points.filter { $0.date == night }, night: night)
        input.asOf = night.description
    }

    /// Segments of one night, in minutes after the midnight before it (the evening's date).
    public static func segments(_ points: [MetricPoint], night: LocalDate) -> [SleepSegment] {
        let eveningMidnight = Int64(night.adding(days: -1).dayNumber) * 86_400
        return points.compactMap { point in
            guard let stage = stage(point.category) else { return nil }
            let offset = Int64(point.utcOffsetSeconds)
            let start = (Int64(point.start.timeIntervalSince1970) + offset - eveningMidnight) / 60
            let end = (Int64(point.end.timeIntervalSince1970) + offset - eveningMidnight) / 60
            return SleepSegment(stage: stage, startMinute: Int(start), endMinute: Int(end))
        }
    }

    /// The hypnogram lane of a sleep category; nil for `in_bed` and unknown ones.
    public static func stage(_ category: String?) -> SleepStage? {
        switch category {
        case "awake": return .awake
        case "rem": return .rem
        case "core", "asleep_unspecified", "asleep": return .core
        case "deep": return .deep
        default: return nil
        }
    }

    // MARK: Growth

    /// Each measurement at its age in weeks (from the subject's birth date, else from the
    /// first measurement); no reference band (a module adds one from its config).
    func growth(_ query: MetricQuery) throws -> GrowthSeries? {
        let points = try query.fetchPoints(from: context.store)
        guard let first = points.first else { return nil }
        let birth = context.subject.birthDate.flatMap { LocalDate(iso: $0) } ?? first.date
        return GrowthSeries(measured: points.map { point in
            GrowthPoint(week: Double(birth.days(to: point.date)) / 7, value: point.value)
        }, reference: [])
    }

    // MARK: Timeline

    /// Each sample as a done item named by its category or tag (screenings, check-ups).
    func timeline(_ query: MetricQuery) throws -> [Milestone] {
        try query.fetchPoints(from: context.store).map { point in
            let name = (point.category ?? point.tag).map(Self.keyName) ?? query.series.id
            return Milestone(name: name, due: point.date.description, done: point.date.description,
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
        return try calendar(query, from: first, window: first == nil ? "ever" : "in " + Self.words(query.range),
                            input: &input)
    }

    /// The calendar days from `first` (all history when nil) with their tally, the best
    /// streak described by `window` ("in November").
    public func calendar(_ query: MetricQuery, from first: LocalDate?, window: String,
                         input: inout ChartInput) throws -> [CalendarDay] {
        var daily = query
        daily.binding.bucket = .day
        daily.binding.rolling = nil
        if let first { daily.binding.range = .days(first.days(to: query.asOf) + 1) }
        if let summary = try context.targetSummary(query) {
            var tally = summary.tally(from: first)
            tally.currentStreak = summary.currentStreak
            input.targetTally = tally
            input.tallyNoun = "day"
            input.tallyWindow = window
            return summary.days.filter { day in first.map { day.date >= $0 } ?? true }.map { day in
                CalendarDay(date: day.date.description,
                            state: day.value == nil ? .noData : day.isMet ? .onTarget : .offTarget)
            }
        }
        return try daily.fetchBuckets(from: context.store).buckets.map { bucket in
            CalendarDay(date: bucket.start.description, state: bucket.value == nil ? .noData : .onTarget)
        }
    }

    /// Today's value against the target, one bar (none without a target).
    func progress(_ query: MetricQuery, name: String) throws -> [ProgressItem] {
        guard let summary = try context.targetSummary(query) else { return [] }
        return [ProgressItem(name: name, value: summary.today, target: summary.target, unit: Self.symbol(summary.unit))]
    }
}
