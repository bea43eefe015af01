/// Bucket arithmetic on local dates: where a period starts, the next one, and which periods
/// a time range covers.
///
/// A range covers the buckets whose first day lies in it, and always the bucket holding the
/// as-of day: `12w` of week buckets is 12 ISO weeks, the last one the current (partial) week;
/// `6m` of month buckets is the current month and the five before it.
public enum BucketCalendar {
    /// The first day of the bucket holding `date`.
    public static func start(of date: LocalDate, _ bucket: Bucket) -> LocalDate {
        switch bucket {
        case .day, .none: return date
        case .week: return date.startOfWeek
        case .month: return date.startOfMonth
        }
    }

    /// The first day of the bucket after the one starting at `start`.
    public static func next(after start: LocalDate, _ bucket: Bucket) -> LocalDate {
        switch bucket {
        case .day, .none: return start.adding(days: 1)
        case .week: return start.adding(days: 7)
        case .month: return start.adding(months: 1)
        }
    }

    /// The first day of the bucket `count` buckets before the one starting at `start`.
    public static func back(_ count: Int, from start: LocalDate, _ bucket: Bucket) -> LocalDate {
        switch bucket {
        case .day, .none: return start.adding(days: -count)
        case .week: return start.adding(days: -7 * count)
        case .month: return start.adding(months: -count)
        }
    }

    /// The first day a range reaches back to, counting the as-of day as its last day.
    public static func rangeStart(_ range: TimeRange, asOf: LocalDate) -> LocalDate? {
        switch range {
        case .days(let n): return asOf.adding(days: -(n - 1))
        case .weeks(let n): return asOf.adding(days: -(7 * n - 1))
        case .months(let n): return asOf.adding(months: -n).adding(days: 1)
        case .years(let n): return asOf.adding(months: -12 * n).adding(days: 1)
        case .all: return nil
        }
    }

    /// The first day of the first bucket whose start lies on or after `day`.
    public static func firstBucket(onOrAfter day: LocalDate, _ bucket: Bucket) -> LocalDate {
        let aligned = start(of: day, bucket)
        return aligned == day ? day : next(after: aligned, bucket)
    }

    /// The buckets (first day, last day) from the one starting at `first` through the one
    /// holding `last`. `.none` gives one bucket spanning both.
    public static func buckets(from first: LocalDate, through last: LocalDate, _ bucket: Bucket)
        -> [(start: LocalDate, end: LocalDate)]
    {
        if bucket == .none { return first <= last ? [(first, last)] : [] }
        // Labelled like the return type: an unlabelled array was converted element by element
        // at run time (a dynamic cast per bucket, 3,650 for a ten-year target summary).
        var result: [(start: LocalDate, end: LocalDate)] = []
        var cursor = start(of: first, bucket)
        while cursor <= last {
            let following = next(after: cursor, bucket)
            result.append((cursor, following.adding(days: -1)))
            cursor = following
        }
        return result
    }

    /// The default range when a metric does not set one.
    public static func defaultRange(for bucket: Bucket) -> TimeRange {
        switch bucket {
        case .day: return .days(30)
        case .week: return .weeks(12)
        case .month: return .months(12)
        case .none: return .all
        }
    }
}
