import Foundation
import GRDB

extension MetricQuery {
    /// The metric's buckets over its range, oldest first, ending with the as-of bucket.
    ///
    /// Periods without samples are present with a nil value. With `rolling: N` each value is
    /// the mean of the non-empty buckets among the last N (the N−1 before the range are read
    /// too); a bucket without data stays a gap. With `divide_by`, each bucket is divided by
    /// the divisor series' latest value on or before the bucket's last day.
    public func fetchBuckets(from store: SampleStore) throws -> MetricSeries {
        guard let (first, last) = try rangeDays(in: store) else {
            return MetricSeries(buckets: [], unit: unitSymbol, bucket: bucket, rolling: binding.rolling)
        }
        let window = max(1, binding.rolling ?? 1)
        let readFrom = bucket == .none ? first : BucketCalendar.back(window - 1, from: first, bucket)
        var periods = try aggregate(in: store, bucket: bucket, from: readFrom, through: last)
        if let divisor { periods = try divide(periods, by: divisor, in: store) }

        var buckets: [MetricBucket] = []
        for (index, period) in periods.enumerated() where period.start >= first {
            var value = period.value
            if binding.rolling != nil, value != nil {
                let present = periods[max(0, index - window + 1)...index].compactMap(\.value)
                value = present.reduce(0, +) / Double(present.count)
            }
            buckets.append(MetricBucket(start: period.start, end: period.end, value: value,
                                        raw: period.value, sampleCount: period.count))
        }
        return MetricSeries(buckets: buckets, unit: unitSymbol, bucket: bucket, rolling: binding.rolling)
    }

    /// One aggregated period in the display unit (before rolling).
    struct Period {
        var start: LocalDate
        var end: LocalDate
        var value: Double?
        var count: Int
    }

    /// Every period from `first` through `last` with its aggregate (nil when empty).
    func aggregate(in store: SampleStore, bucket: Bucket, from first: LocalDate,
                   through last: LocalDate) throws -> [Period] {
        let (sql, arguments) = aggregateSQL(bucket: bucket, from: first, through: last)
        let rows = try store.read { db in try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)) }
        var byStart: [LocalDate: (Double, Int)] = [:]
        for row in rows {
            guard let start = bucketStart(forKey: row["k"], bucket: bucket, first: first),
                  let value = row["v"] as Double? else { continue }
            byStart[start] = (value, row["n"])
        }
        let scale = factor
        return BucketCalendar.buckets(from: first, through: last, bucket).map { period in
            let found = byStart[period.start]
            return Period(start: period.start, end: period.end, value: found.map { $0.0 * scale },
                          count: found?.1 ?? 0)
        }
    }

    /// Divides each period by the divisor's latest value on or before the period's last day.
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

    /// The divisor's last value per day in the span, preceded by its last value before it.
    func latestValuesByDay(of divisor: Series, from first: LocalDate, through last: LocalDate,
                           in store: SampleStore) throws -> [(day: LocalDate, value: Double)] {
        let (sql, arguments) = aggregateSQL(bucket: .day, from: first, through: last,
                                            seriesID: divisor.id, aggregate: .last)
        return try store.read { db in
            let before = try Row.fetchOne(db, sql: """
                SELECT value FROM sample WHERE series = ? AND subject = ? AND start < ? AND \(localExpression) < ?
                ORDER BY start DESC LIMIT 1
                """, arguments: [divisor.id, subjectID, first.dayNumber * 86_400 - shiftSeconds + 18 * 3600,
                                 first.dayNumber * 86_400])
            var points: [(LocalDate, Double)] = []
            if let value = before?["value"] as Double? { points.append((first.adding(days: -1), value)) }
            for row in try Row.fetchAll(db, sql: sql + " ORDER BY k", arguments: StatementArguments(arguments)) {
                if let day = row["k"] as Int?, let value = row["v"] as Double? {
                    points.append((LocalDate(dayNumber: day), value))
                }
            }
            return points
        }
    }
}
