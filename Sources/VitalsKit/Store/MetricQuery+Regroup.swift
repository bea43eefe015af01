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

extension MetricSeries {
    /// The series with at most `limit` buckets: itself when it fits, else regrouped into the
    /// finest coarser period that fits (`regrouped` says which). A regrouped value is the mean
    /// of the values of the original buckets in it that have data (a week of daily totals
    /// becomes the mean daily total of its logged days, so a daily target still applies); a
    /// period without any is a gap. A rolling mean is not carried over (its raw values are
    /// regrouped). An original bucket belongs to the period holding its first day.
    public func fitting(_ limit: Int) -> MetricSeries {
        guard let period = RegroupedPeriod.fitting(buckets.map(\.start), bucket: bucket, limit: limit) else { return self }
        let grouped = period.groups(buckets.map(\.start)).map { group -> MetricBucket in
            let present = group.members.compactMap { buckets[$0].raw }
            let mean = present.isEmpty ? nil : present.reduce(0, +) / Double(present.count)
            return MetricBucket(start: group.start, end: group.end, value: mean, raw: mean)
        }
        return MetricSeries(buckets: grouped, unit: unit, bucket: bucket, rolling: nil, regrouped: period)
    }
}

extension MetricSplit {
    /// The split with at most `limit` buckets, regrouped like `MetricSeries.fitting` into
    /// `period`'s: each key's value is its total over the original buckets with data divided
    /// by how many there are, so the stacked total is the mean of their totals.
    public func fitting(_ limit: Int, bucket: VitalsKit.Bucket) -> (split: MetricSplit, period: RegroupedPeriod?) {
        guard let period = RegroupedPeriod.fitting(buckets.map(\.start), bucket: bucket, limit: limit) else {
            return (self, nil)
        }
        let grouped = period.groups(buckets.map(\.start)).map { group -> Bucket in
            let present = group.members.map { buckets[$0] }.filter { $0.total != nil }
            let values: [Double?] = keys.indices.map { key in
                let logged = present.compactMap { $0.values[key] }
                return logged.isEmpty ? nil : logged.reduce(0, +) / Double(present.count)
            }
            return Bucket(start: group.start, end: group.end, values: values)
        }
        return (MetricSplit(keys: keys, buckets: grouped, unit: unit, splitBy: splitBy), period)
    }
}
