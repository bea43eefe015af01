/// A coarser period a chart's buckets are regrouped into when its range holds more buckets
/// than the chart can draw at its width (a year of days at 80 columns becomes 53 weeks).
public enum RegroupedPeriod: String, Sendable, CaseIterable, Comparable {
    case week, month, quarter, year

    /// "weekly", "monthly", "quarterly", "yearly".
    public var adjective: String {
        switch self {
        case .week: return "weekly"
        case .month: return "monthly"
        case .quarter: return "quarterly"
        case .year: return "yearly"
        }
    }

    /// The first day of the period holding `date` (ISO weeks start on Monday).
    public func start(of date: LocalDate) -> LocalDate {
        switch self {
        case .week: return date.startOfWeek
        case .month: return date.startOfMonth
        case .quarter: return LocalDate(year: date.year, month: (date.month - 1) / 3 * 3 + 1, day: 1)
        case .year: return LocalDate(year: date.year, month: 1, day: 1)
        }
    }

    /// The first day of the period after the one starting at `start`.
    public func next(after start: LocalDate) -> LocalDate {
        switch self {
        case .week: return start.adding(days: 7)
        case .month: return start.adding(months: 1)
        case .quarter: return start.adding(months: 3)
        case .year: return start.adding(months: 12)
        }
    }

    /// The periods coarser than `bucket`, finest first (none for `.none`).
    public static func coarser(than bucket: Bucket) -> [RegroupedPeriod] {
        switch bucket {
        case .day: return [.week, .month, .quarter, .year]
        case .week: return [.month, .quarter, .year]
        case .month: return [.quarter, .year]
        case .none: return []
        }
    }

    public static func < (a: RegroupedPeriod, b: RegroupedPeriod) -> Bool { a.rank < b.rank }

    /// The period's place from finest to coarsest.
    private var rank: Int {
        switch self {
        case .week: return 0
        case .month: return 1
        case .quarter: return 2
        case .year: return 3
        }
    }

    /// The finest period coarser than `bucket` that turns `buckets` (their first days, oldest
    /// first) into at most `limit` periods; nil when they fit already or nothing is coarser.
    /// The coarsest one when none fits.
    static func fitting(_ starts: [LocalDate], bucket: Bucket, limit: Int) -> RegroupedPeriod? {
        guard starts.count > max(1, limit) else { return nil }
        let candidates = coarser(than: bucket)
        for period in candidates where Set(starts.map(period.start(of:))).count <= max(1, limit) {
            return period
        }
        return candidates.last
    }

    /// Groups indices of `starts` by the period holding each start, oldest first.
    func groups(_ starts: [LocalDate]) -> [(start: LocalDate, end: LocalDate, members: [Int])] {
        var result: [(start: LocalDate, end: LocalDate, members: [Int])] = []
        for (index, day) in starts.enumerated() {
            let periodStart = start(of: day)
            if let last = result.last, last.start == periodStart {
                result[result.count - 1].members.append(index)
            } else {
                result.append((periodStart, next(after: periodStart).adding(days: -1), [index]))
            }
        }
        return result
    }
}

extension MetricQuery {
    /// The first bucket a regrouped chart of this metric counts an unlogged bucket as 0 from
    /// (`MetricSeries.fitting(_:unloggedAsZeroFrom:)`): the one holding the first sample, for
    /// sums and counts (nothing logged is 0, as the target tally counts it); nil for every
    /// other aggregate, a divided metric and sleep (whose regrouped bars are the mean per
    /// recorded night), which average their logged buckets.
    public func unloggedAsZeroFrom(in store: SampleStore) throws -> LocalDate? {
        guard aggregate == .sum || aggregate == .count, divisor == nil, !isSleep else { return nil }
        guard let earliest = try earliestDay(in: store) else { return asOf.adding(days: 1) }
        return BucketCalendar.start(of: earliest, bucket)
    }
}

extension MetricSeries {
    /// The series with at most `limit` buckets: itself when it fits, else regrouped into the
    /// finest coarser period that fits (`regrouped` says which). A regrouped value is what one
    /// bucket (a day) of the period was on average, its unlogged buckets counted as the
    /// metric's rules count them:
    ///
    /// - `unloggedAsZeroFrom` nil (means, min/max, first/last, sleep nights): the mean of the
    ///   buckets with data, an unlogged day is not a day of the metric (a week of weigh-ins
    ///   is the mean weigh-in of its logged days);
    /// - a day given (sums and counts: nothing logged is 0, as the target tally counts it):
    ///   every bucket of the period from that day on counts, an unlogged one as 0, so one
    ///   evening of 3 drinks in a week is 3/7 a day (`unloggedAsZero` is then true and the
    ///   title says so). Buckets before it (before the metric's first sample) are not counted.
    ///
    /// A period without any counted bucket is a gap. A rolling mean is not carried over (its
    /// raw values are regrouped). An original bucket belongs to the period holding its first day.
    public func fitting(_ limit: Int, unloggedAsZeroFrom first: LocalDate? = nil) -> MetricSeries {
        guard let period = RegroupedPeriod.fitting(buckets.map(\.start), bucket: bucket, limit: limit) else {
            return self
        }
        let grouped = period.groups(buckets.map(\.start)).map { group -> MetricBucket in
            let mean: Double?
            if let first {
                let counted = group.members.filter { buckets[$0].start >= first }
                mean = counted.isEmpty ? nil : counted.reduce(0) { $0 + (buckets[$1].raw ?? 0) } / Double(counted.count)
            } else {
                let present = group.members.compactMap { buckets[$0].raw }
                mean = present.isEmpty ? nil : present.reduce(0, +) / Double(present.count)
            }
            return MetricBucket(start: group.start, end: group.end, value: mean, raw: mean)
        }
        var result = MetricSeries(buckets: grouped, unit: unit, bucket: bucket, rolling: nil, regrouped: period)
        result.unloggedAsZero = first != nil
        return result
    }
}

extension MetricSplit {
    /// The split with at most `limit` buckets, regrouped like `MetricSeries.fitting` into
    /// `period`'s: each key's value is its total over the period's counted buckets divided by
    /// how many there are, so the stacked total is the mean total of a counted bucket. Counted
    /// are the buckets with data, or with `unloggedAsZeroFrom` every bucket from that day on
    /// (an unlogged one as 0, as for a regrouped sum).
    public func fitting(
        _ limit: Int, bucket: VitalsKit.Bucket,
        unloggedAsZeroFrom first: LocalDate? = nil
    ) -> (split: MetricSplit, period: RegroupedPeriod?) {
        guard let period = RegroupedPeriod.fitting(buckets.map(\.start), bucket: bucket, limit: limit) else {
            return (self, nil)
        }
        let grouped = period.groups(buckets.map(\.start)).map { group -> Bucket in
            let members = group.members.map { buckets[$0] }
            let counted =
                first.map { first in members.filter { $0.start >= first } } ?? members.filter { $0.total != nil }
            let values: [Double?] = keys.indices.map { key in
                let logged = counted.compactMap { $0.values[key] }
                // Unlogged counts as 0: a counted period without entries is 0, not a gap.
                guard !logged.isEmpty || (first != nil && !counted.isEmpty) else { return nil }
                return logged.reduce(0, +) / Double(counted.count)
            }
            return Bucket(start: group.start, end: group.end, values: values)
        }
        return (MetricSplit(keys: keys, buckets: grouped, unit: unit, splitBy: splitBy), period)
    }
}
