import Foundation

/// Sleep metrics read merged nights (`SleepNight`), never a plain sum of samples: a night
/// recorded by a watch and a sleep app counts once on every chart.
///
/// A night's value is its merged minutes in the query's categories (its `totalMinutes`
/// without a category filter), in the display unit; nil when it has none. A bucket of
/// several nights applies the metric's aggregate to its nights' values (`sum`: the total,
/// `mean`: the mean per recorded night, `count`: recorded nights).
extension MetricQuery {
    /// Whether the series is a sleep analysis: a category series measured in time whose
    /// categories are all sleep categories.
    public var isSleep: Bool {
        series.kind == .category && series.unit.dimension == .duration && !series.categories.isEmpty
            && Set(series.categories).isSubset(of: SleepNight.knownCategories)
    }

    /// One entry per date from `first` through `last`: the merged night ending that day, nil
    /// when nothing was recorded. Every category is merged (so a watch's awake minutes keep
    /// an app's "asleep" out); the query's categories only choose what a value counts.
    public func fetchSleepNights(
        from store: SampleStore, first: LocalDate,
        last: LocalDate
    ) throws -> [(date: LocalDate, night: SleepNight?)] {
        guard first <= last else { return [] }
        // A night's recordings start at most a day before it and may be at any UTC offset;
        // the earlier nights are read too, as they keep moments they share with the first.
        let intervals = try sleepIntervals(
            in: store, from: first.adding(days: -3).midnight(utcOffsetSeconds: 0),
            to: last.adding(days: 3).midnight(utcOffsetSeconds: 0))
        var byDate: [LocalDate: SleepNight] = [:]
        for night in SleepNight.nights(from: intervals, dayShiftSeconds: shiftSeconds)
        where night.date >= first && night.date <= last {
            byDate[night.date] = night
        }
        return (0...first.days(to: last)).map { index in
            let date = first.adding(days: index)
            return (date, byDate[date])
        }
    }

    /// The series' recordings for the subject that start in `[from, to)`, every category:
    /// only the columns a night needs, found through the (series, subject, local_start) index.
    func sleepIntervals(in store: SampleStore, from: Date, to: Date) throws -> [SleepNight.Interval] {
        let (low, high) = (Int64(from.timeIntervalSince1970), Int64(to.timeIntervalSince1970))
        let sql = """
            SELECT start, "end", utc_offset, category, source FROM sample
            WHERE series = ? AND subject = ? AND local_start >= ? AND local_start < ? AND start >= ? AND start < ?
            ORDER BY start
            """
        return try store.inSnapshot { db in
            try db.fetchAll(sql: sql, arguments: [series.id, subjectID, low - 64_800, high + 64_800, low, high])
                .map { row in
                    SleepNight.Interval(
                        start: row[0], end: row[1], utcOffsetSeconds: row[2], category: row[3], source: row[4])
                }
        }
    }

    /// The first night of the query's range (for `all`, of the series' earliest sample);
    /// nil when `all` finds nothing.
    public func firstSleepNight(in store: SampleStore) throws -> LocalDate? {
        if let start = BucketCalendar.rangeStart(range, asOf: asOf) { return start }
        guard let earliest = try earliestDay(in: store) else { return nil }
        return min(earliest, asOf)
    }

    /// A night's minutes that this query counts, the one definition of a night's value every
    /// sleep chart uses (Sleep duration's bars, Sleep consistency's line, calendars, tallies):
    /// without categories, the night's total (`SleepNight.totalMinutes`); else its minutes in
    /// the categories, except that a night recording only time in bed counts its time in bed
    /// for categories that measure sleep (any asleep category), as Sleep duration shows it.
    public func sleepMinutes(of night: SleepNight) -> Int {
        guard let categories else { return night.totalMinutes }
        let wanted = Set(categories)
        if night.onlyInBed, !wanted.isDisjoint(with: SleepNight.asleepCategories) { return night.inBedMinutes }
        return night.minutes(in: wanted)
    }

    /// A night's value in the display unit (see the type's summary); nil for no minutes.
    public func sleepValue(of night: SleepNight?) -> Double? {
        guard let night else { return nil }
        let minutes = sleepMinutes(of: night)
        guard minutes > 0 else { return nil }
        return series.unit.known.convert(Double(minutes), to: displayUnit)
    }

    /// The metric's aggregate over the nights of one bucket (nil for none).
    static func combine(_ values: [Double], _ aggregate: Aggregate) -> Double? {
        guard let first = values.first, let last = values.last else { return nil }
        switch aggregate {
        case .sum: return values.reduce(0, +)
        case .mean: return values.reduce(0, +) / Double(values.count)
        case .min: return values.min()
        case .max: return values.max()
        case .count: return Double(values.count)
        case .first: return first
        case .last: return last
        }
    }

    /// The indices of a period's days in a list of days starting on `first`.
    static func span(_ period: (start: LocalDate, end: LocalDate), from first: LocalDate, count: Int) -> Range<Int> {
        let lower = min(count, max(0, first.days(to: period.start)))
        return lower..<max(lower, min(count, first.days(to: period.end) + 1))
    }

    /// Merged minutes per sleep category per bucket, like `fetchSplit(by: .category)`: each
    /// category's value is the metric's aggregate over its nights' merged minutes (a mean is
    /// per night recorded in the bucket).
    public func fetchSleepSplit(from store: SampleStore) throws -> MetricSplit {
        guard let start = try firstSleepNight(in: store) else {
            return MetricSplit(keys: [], buckets: [], unit: unitSymbol, splitBy: .category)
        }
        let first = bucket == .none ? start : BucketCalendar.firstBucket(onOrAfter: start, bucket)
        let periods = BucketCalendar.buckets(from: first, through: asOf, bucket)
        guard let readStart = periods.first?.start else {
            return MetricSplit(keys: [], buckets: [], unit: unitSymbol, splitBy: .category)
        }
        let nights = try fetchSleepNights(from: store, first: readStart, last: asOf).map(\.night)
        let candidates = categories ?? series.categories
        let base = series.unit.known
        var seen = Set<String>()
        let cells = periods.map { period -> [String: Double] in
            let inPeriod = nights[Self.span(period, from: readStart, count: nights.count)].compactMap { $0 }
            // A mean is per recorded night, a stage a night lacks counting as 0 there, so the
            // stacked means add up to the mean night.
            let recorded = inPeriod.filter { night in candidates.contains { night.minutes($0) > 0 } }.count
            var values: [String: Double] = [:]
            for key in candidates {
                let minutes = inPeriod.map { $0.minutes(key) }.filter { $0 > 0 }
                let converted = minutes.compactMap { base.convert(Double($0), to: displayUnit) }
                let value =
                    aggregate == .mean && !converted.isEmpty
                    ? converted.reduce(0, +) / Double(recorded) : Self.combine(converted, aggregate)
                if let value {
                    values[key] = value
                    seen.insert(key)
                }
            }
            return values
        }
        let keys = orderedKeys(seen, splitBy: .category)
        let buckets = zip(periods, cells).map { period, values in
            MetricSplit.Bucket(start: period.start, end: period.end, values: keys.map { values[$0] })
        }
        return MetricSplit(keys: keys, buckets: buckets, unit: unitSymbol, splitBy: .category)
    }

    /// Every period's value from merged nights, the sleep form of `aggregate(in:periods:)`
    /// (which calls this for a sleep series), so buckets, target periods and the target
    /// summary all read nights: the metric's aggregate over the values of the nights ending
    /// in the period (nights after the as-of day are not read).
    func sleepPeriods(in store: SampleStore, periods: [(start: LocalDate, end: LocalDate)]) throws -> [Period] {
        guard let readStart = periods.first?.start, let end = periods.last?.end else { return [] }
        let values =
            readStart > asOf
            ? []
            : try fetchSleepNights(from: store, first: readStart, last: min(end, asOf)).map { sleepValue(of: $0.night) }
        return periods.map { period in
            let value = Self.combine(
                values[Self.span(period, from: readStart, count: values.count)].compactMap { $0 },
                aggregate)
            return Period(start: period.start, end: period.end, value: value, hasData: value != nil)
        }
    }
}
