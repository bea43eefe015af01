/// Nights grouped so that a chart of them fits its width: when there are more nights than
/// columns, weekly means, and when the weeks do not fit either, monthly means.
public enum NightBucketing {
    /// How many buckets a chart of `chartTypeID` shows at `width`: a column each in bars
    /// and lines (the y axis labels and frame take the rest), a character each after a
    /// sparkline's title and value, a row each in stacked bars.
    public static func columns(width: Int, chartTypeID: String = BarVerticalChart.id) -> Int {
        let width = max(width, RenderProfile.minimumWidth)
        switch chartTypeID {
        case BarStackedChart.id: return BarStackedChart.maximumRows
        case SparklineChart.id: return max(1, width - width / 3 - 14)
        default: return max(1, width - 10)
        }
    }

    /// The finest of day, week and month, no finer than `bucket`, whose buckets from `first`
    /// through `last` fit `columns` (month when none does).
    public static func bucket(fitting columns: Int, from first: LocalDate, through last: LocalDate,
                              atLeast bucket: Bucket) -> Bucket {
        let order: [Bucket] = [.day, .week, .month]
        guard let lowest = order.firstIndex(of: bucket) else { return bucket }
        for candidate in order[lowest...] {
            let start = BucketCalendar.firstBucket(onOrAfter: BucketCalendar.start(of: first, candidate), candidate)
            if BucketCalendar.buckets(from: start, through: last, candidate).count <= columns { return candidate }
        }
        return .month
    }

    /// What a chart of re-bucketed nights says in its title: "weekly means", "monthly means".
    public static func words(_ bucket: Bucket) -> String? {
        switch bucket {
        case .week: return "weekly means"
        case .month: return "monthly means"
        case .day, .none: return nil
        }
    }

    /// The mean of the nights with a value in each `bucket` period covering `values` (one
    /// entry per night, oldest first, consecutive dates); nil for a period without any.
    public static func means(_ values: [(date: LocalDate, value: Double?)],
                             bucket: Bucket) -> [(start: LocalDate, end: LocalDate, value: Double?)] {
        guard let first = values.first?.date, let last = values.last?.date else { return [] }
        return BucketCalendar.buckets(from: BucketCalendar.start(of: first, bucket), through: last, bucket).map { period in
            let present = values.filter { $0.date >= period.start && $0.date <= period.end }.compactMap(\.value)
            return (period.start, period.end, present.isEmpty ? nil : present.reduce(0, +) / Double(present.count))
        }
    }
}
