import Foundation
import GRDB

/// Period sums of a series whose hours count once (`overlapping_sources: hourly_max`), added up
/// from samples read in local time order: within each period and local hour, each source's
/// values add up, the largest of those totals counts, and the hours add up in order.
///
/// The same numbers as `MetricQuery.hourlyMaxSum` in SQL, without its cost: SQLite groups by
/// (hour, source) with a sort per period (an expression's order is unknown to it), where the
/// samples already arrive in hour order from the (series, subject, local_start) index and a
/// handful of sources fit in a small array.
struct HourlyMaxSums {
    /// Period `i` holds `local_start` values in `bounds[i] ..< bounds[i + 1]`.
    let bounds: [Int64]
    /// Each period's sum; nil while it has no sample.
    private(set) var sums: [Double?]
    private var period = 0
    private var hour = Int64.min
    /// The sources seen (as bytes: they compare as SQLite compares text) and this hour's total
    /// of each; `touched` lists those with a total this hour.
    private var sources: [[UInt8]] = []
    private var totals: [Double] = []
    private var touched: [Int] = []
    private var lastSource = -1

    init(bounds: [Int64]) {
        self.bounds = bounds
        sums = Array(repeating: nil, count: max(0, bounds.count - 1))
    }

    /// Adds one sample; samples come in `local_start` order, inside the bounds.
    mutating func add(localStart: Int64, source: UnsafeRawBufferPointer, value: Double) {
        var newPeriod = period
        while newPeriod + 2 < bounds.count, localStart >= bounds[newPeriod + 1] { newPeriod += 1 }
        let newHour = localStart >= 0 ? localStart / 3600 : -((-localStart + 3599) / 3600)
        if newHour != hour || newPeriod != period {
            closeHour()
            (hour, period) = (newHour, newPeriod)
        }
        let index = sourceIndex(source)
        if totals[index] == 0 && !touched.contains(index) { touched.append(index) }
        totals[index] += value
    }

    /// The sums once every sample was added.
    mutating func finish() -> [Double?] {
        closeHour()
        return sums
    }

    /// Adds the hour's largest source total to its period.
    private mutating func closeHour() {
        guard let first = touched.first else { return }
        var largest = totals[first]
        for index in touched {
            largest = max(largest, totals[index])
            totals[index] = 0
        }
        touched.removeAll(keepingCapacity: true)
        sums[period] = (sums[period] ?? 0) + largest
    }

    private mutating func sourceIndex(_ bytes: UnsafeRawBufferPointer) -> Int {
        if lastSource >= 0, Self.equal(sources[lastSource], bytes) { return lastSource }
        if let known = sources.firstIndex(where: { Self.equal($0, bytes) }) {
            lastSource = known
            return known
        }
        sources.append(Array(bytes))
        totals.append(0)
        lastSource = sources.count - 1
        return lastSource
    }

    private static func equal(_ known: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard known.count == bytes.count else { return false }
        guard let other = bytes.baseAddress else { return true }   // both empty
        return known.withUnsafeBytes { mine in mine.baseAddress.map { memcmp($0, other, known.count) == 0 } ?? true }
    }
}

extension MetricQuery {
    /// Every period's sum with each hour counted once (see `HourlyMaxSums`), in the series'
    /// base unit, nil for a period without samples: one index range scan over the periods.
    func hourlyMaxSums(in store: SampleStore, periods: [(start: LocalDate, end: LocalDate)]) throws -> [Double?] {
        guard let first = periods.first, let last = periods.last else { return [] }
        var bounds = periods.map { Int64(localBound($0.start)) }
        bounds.append(Int64(localBound(last.end.adding(days: 1))))
        let literal: SQL = """
            SELECT local_start, source, value FROM sample
            WHERE \(sampleFilter()) AND local_start >= \(localBound(first.start)) AND local_start < \(bounds[bounds.count - 1])
            ORDER BY local_start
            """
        var scan = HourlyMaxSums(bounds: bounds)
        try store.inSnapshot { db in
            try db.forEachRow(literal) { row in
                row.withUTF8(1) { source in scan.add(localStart: row.int64(0), source: source, value: row.double(2)) }
            }
        }
        return scan.finish()
    }
}
