import Foundation

extension MetricQuery {
    /// The metric's buckets over its range, oldest first, ending with the as-of bucket.
    ///
    /// Periods without samples are present with a nil value. With `rolling: N` each value is
    /// the mean of the non-empty buckets among the last N (the N−1 before the range are read
    /// too); a bucket without data stays a gap. With `divide_by`, each bucket is divided by
    /// the divisor series' latest value on or before the bucket's last day.
    public func fetchBuckets(from store: SampleStore) throws -> MetricSeries {
        guard let (first, _) = try rangeDays(in: store), let readPeriods = try readPeriods(in: store) else {
            return MetricSeries(buckets: [], unit: unitSymbol, bucket: bucket, rolling: binding.rolling)
        }
        let window = max(1, binding.rolling ?? 1)
        var periods = try aggregate(in: store, periods: readPeriods)
        if let divisor { periods = try divide(periods, by: divisor, in: store) }

        var buckets: [MetricBucket] = []
        for (index, period) in periods.enumerated() where period.start >= first {
            var value = period.value
            if binding.rolling != nil, value != nil {
                let present = periods[max(0, index - window + 1)...index].compactMap(\.value)
                value = present.reduce(0, +) / Double(present.count)
            }
            buckets.append(MetricBucket(start: period.start, end: period.end, value: value, raw: period.value))
        }
        return MetricSeries(buckets: buckets, unit: unitSymbol, bucket: bucket, rolling: binding.rolling)
    }

    /// One aggregated period in the display unit (before rolling).
    struct Period {
        var start: LocalDate
        var end: LocalDate
        var value: Double?
        /// Whether any sample fell in the period (a divided value can be nil without a divisor).
        var hasData: Bool
    }

    /// Every period's aggregate in the display unit (nil when empty); for a sleep series, of
    /// its merged nights (`sleepPeriods`).
    func aggregate(in store: SampleStore, periods: [(start: LocalDate, end: LocalDate)]) throws -> [Period] {
        guard !periods.isEmpty else { return [] }
        if isSleep { return try sleepPeriods(in: store, periods: periods) }
        var values = [Double?](repeating: nil, count: periods.count)
        if countsHoursOnce {
            values = try hourlyMaxSums(in: store, periods: periods)
        } else {
            try store.inSnapshot { db in
                try Self.forEachBucketValue(db, bucketSQL(periods, bucket)) { index, value in
                    if values.indices.contains(index) { values[index] = value }
                }
            }
        }
        return zip(periods, values).map { period, value in
            Period(start: period.start, end: period.end, value: value.map { toDisplay($0) }, hasData: value != nil)
        }
    }

    /// Divides each period by the divisor's latest value on or before the period's last day
    /// (a weight's day picked as `divisorPolicy` says).
    func divide(_ periods: [Period], by divisor: Series, in store: SampleStore) throws -> [Period] {
        guard let first = periods.first, let last = periods.last else { return periods }
        let points = try latestValuesByDay(of: divisor, from: first.start, through: last.end, in: store)
        var result = periods
        var pointIndex = 0
        var current: Double?
        for index in result.indices {
            while pointIndex < points.count, points[pointIndex].day <= result[index].end {
                current = points[pointIndex].value
                pointIndex += 1
            }
            if let value = result[index].value {
                result[index].value = current.flatMap { $0 > 0 ? value / $0 : nil }
            }
        }
        return result
    }

    /// The divisor's value per day in the span (`divisorPolicy`'s pick of the day's samples),
    /// preceded by the value of the last day with samples before it.
    func latestValuesByDay(
        of divisor: Series, from first: LocalDate, through last: LocalDate,
        in store: SampleStore
    ) throws -> [(day: LocalDate, value: Double)] {
        let days = BucketCalendar.buckets(from: first, through: last, .day)
        let aggregate = divisorPolicy(divisor).aggregate
        let literal = bucketSQL(days, .day, seriesID: divisor.id, aggregate: aggregate)
        let newestBefore: SQLStatement = """
            SELECT local_start FROM sample WHERE \(sampleFilter(seriesID: divisor.id, before: .value(localBound(first))))
            ORDER BY local_start DESC LIMIT 1
            """
        return try store.inSnapshot { db in
            var points: [(LocalDate, Double)] = []
            if let newest = try db.fetchValue(Int64.self, newestBefore) {
                let day = self.day(localStart: newest)
                try Self.forEachBucketValue(
                    db, bucketSQL([(day, day)], .day, seriesID: divisor.id, aggregate: aggregate)
                ) { _, value in
                    if let value { points.append((first.adding(days: -1), value)) }
                }
            }
            var byIndex: [Int: Double] = [:]
            try Self.forEachBucketValue(db, literal) { index, value in byIndex[index] = value }
            for (index, day) in days.enumerated() {
                if let value = byIndex[index] { points.append((day.start, value)) }
            }
            return points
        }
    }

    /// Reads a bucket statement (columns `k`, the bucket's index, and `v`, its value) row by
    /// row and hands each to `body`: on SQLite straight from the C statement (`Row.fetchAll`
    /// copied every row and decoded each column by name, a tenth of `render protein`, whose
    /// all-time target summary reads a row per day).
    static func forEachBucketValue(_ store: StoreDatabase, _ literal: SQLStatement, _ body: (Int, Double?) -> Void)
        throws
    {
        var columns: (k: Int, v: Int)?
        try store.forEachRow(literal) { row in
            let (k, v): (Int, Int)
            if let known = columns {
                (k, v) = known
            } else {
                guard let kColumn = row.columnNames.firstIndex(of: "k"),
                    let vColumn = row.columnNames.firstIndex(of: "v")
                else {
                    throw StoreError.failed(
                        path: "the \(store.dialect.name) store", reason: "a bucket statement without k and v columns")
                }
                (k, v) = (kColumn, vColumn)
                columns = (k, v)
            }
            body(Int(row.int64(k)), row.isNull(v) ? nil : row.double(v))
        }
    }
}
