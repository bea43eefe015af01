/// Reads two metric queries period by period into a `RelationSeries`.
///
/// Each side is read as its chart would read it (`MetricQuery.fetchBuckets`: its aggregate in
/// its display unit, the day cutoff, the weigh-in policy), without a rolling mean. A sum or a
/// count counts a period without samples as 0 from the side's first sample on, as the target
/// tally does (no drinks logged on a day is no drinks); before it, and for means, a period
/// without samples has no value and makes no pair. y is read `lagDays` after x: the pair of
/// day d is x on d and y on d + lag, so x's range ends `lagDays` before the as-of day.
package enum RelationReader {
    /// Whether a side is an event compared as periods with and without it: a count of
    /// samples, or a category series that is not measured in time (a symptom, not sleep).
    package static func isEvent(_ query: MetricQuery) -> Bool {
        query.aggregate == .count || (query.series.kind == .category && query.series.unit.dimension != .duration)
    }

    /// What a side is called: one category's name ("headache"), else the series' id in words.
    package static func name(of query: MetricQuery) -> String {
        if let categories = query.categories, categories.count == 1 {
            return MetricChartBuilder.keyName(categories[0]).lowercased()
        }
        return MetricChartBuilder.keyName(query.series.id)
    }

    /// The pairs of `x` and `y` (y `lagDays` later), both read up to their queries' as-of days
    /// moved so that y ends on `y.asOf`.
    package static func read(
        x: MetricQuery, y: MetricQuery, lagDays: Int, xName: String? = nil, yName: String? = nil,
        from store: SampleStore
    ) throws -> RelationSeries {
        var x = x
        var y = y
        x.binding.rolling = nil
        y.binding.rolling = nil
        x.asOf = y.asOf.adding(days: -lagDays)
        let xValues = try values(x, store: store)
        let yValues = try values(y, store: store)
        var pairs: [PairedValue] = []
        for (day, value) in xValues.sorted(by: { $0.key < $1.key }) {
            if let other = yValues[day.adding(days: lagDays)] {
                pairs.append(PairedValue(date: day, x: value, y: other))
            }
        }
        func side(_ query: MetricQuery, _ name: String?) -> RelationSide {
            let event = isEvent(query)
            return RelationSide(
                name: name ?? self.name(of: query),
                unit: event ? nil : MetricChartBuilder.symbol(query.unitSymbol), isEvent: event)
        }
        return RelationSeries(x: side(x, xName), y: side(y, yName), lagDays: lagDays, pairs: pairs)
    }

    /// Each period's value by its first day; unlogged periods of a sum or count as 0 from the
    /// side's first sample on.
    static func values(_ query: MetricQuery, store: SampleStore) throws -> [LocalDate: Double] {
        let series = try query.fetchBuckets(from: store)
        let zeroFrom = try query.unloggedAsZeroFrom(in: store)
        var result: [LocalDate: Double] = [:]
        for bucket in series.buckets {
            if let value = bucket.value {
                result[bucket.start] = value
            } else if let zeroFrom, bucket.start >= zeroFrom {
                result[bucket.start] = 0
            }
        }
        return result
    }
}
