import Foundation

/// Period sums of a series whose hours count once (`overlapping_sources: hourly_max`), added up
/// from samples read in local time order: within each period and real (UTC) hour, each
/// source's values add up, the largest of those totals counts, and the hours add up.
///
/// The same numbers as `MetricQuery.hourlyMaxSum` in SQL, without its cost: SQLite groups by
/// (hour, source) with a sort per period (an expression's order is unknown to it), where the
/// samples already arrive in period order from the (series, subject, local_start) index and a
/// handful of sources fit in a small array. Within a period the hours nearly always arrive in
/// order too; a sample written at another offset (a scale in UTC beside a phone in local time,
/// the hour a fall-back night repeats) may return to an hour seen before, which is found again
/// among the period's hours.
///
/// With `ranks` (`overlapping_sources: priority`) an hour counts its best-ranked source's total
/// instead (rank 0 first; an unranked source after every ranked one, the largest total among
/// those): the same numbers as `MetricQuery.prioritySum`.
struct HourlyMaxSums {
    /// Period `i` holds `local_start` values in `bounds[i] ..< bounds[i + 1]`.
    let bounds: [Int64]
    /// Each period's sum; nil while it has no sample.
    private(set) var sums: [Double?]
    private var period = 0
    /// The current period's hours (since 1970, UTC), each with its sources' totals (indexed as
    /// `sources`), and the position of the hour the last sample fell in.
    private var hours: [Int64] = []
    private var totals: [[Double?]] = []
    private var current = -1
    /// The sources seen, as bytes: they compare as SQLite compares text.
    private var sources: [[UInt8]] = []
    /// Each of `sources`' rank (`Int.max` unranked), and the ranks by source bytes.
    private var sourceRanks: [Int] = []
    private let ranks: [[UInt8]: Int]
    private var lastSource = -1

    init(bounds: [Int64], ranks: [[UInt8]: Int] = [:]) {
        self.bounds = bounds
        self.ranks = ranks
        sums = Array(repeating: nil, count: max(0, bounds.count - 1))
    }

    /// Adds one sample; samples come in `local_start` order, inside the bounds. `start` is its
    /// instant (seconds since 1970, UTC).
    mutating func add(localStart: Int64, start: Int64, source: UnsafeRawBufferPointer, value: Double) {
        var newPeriod = period
        while newPeriod + 2 < bounds.count, localStart >= bounds[newPeriod + 1] { newPeriod += 1 }
        if newPeriod != period {
            closePeriod()
            period = newPeriod
        }
        let hour = start >= 0 ? start / 3600 : -((-start + 3599) / 3600)
        if current < 0 || hours[current] != hour {
            if let known = hours.lastIndex(of: hour) {
                current = known
            } else {
                hours.append(hour)
                totals.append([])
                current = hours.count - 1
            }
        }
        let index = sourceIndex(source)
        if totals[current].count <= index {
            totals[current] += Array(repeating: nil, count: index + 1 - totals[current].count)
        }
        totals[current][index] = (totals[current][index] ?? 0) + value
    }

    /// The sums once every sample was added.
    mutating func finish() -> [Double?] {
        closePeriod()
        return sums
    }

    /// Adds each of the period's hours' largest source total to the period.
    private mutating func closePeriod() {
        guard !hours.isEmpty else { return }
        var sum = sums[period] ?? 0
        if ranks.isEmpty {
            for bySource in totals { sum += bySource.compactMap { $0 }.max() ?? 0 }
        } else {
            for bySource in totals {
                var best: (rank: Int, total: Double)?
                for (index, total) in bySource.enumerated() {
                    guard let total else { continue }
                    let rank = sourceRanks[index]
                    if let known = best, known.rank < rank || (known.rank == rank && known.total >= total) { continue }
                    best = (rank, total)
                }
                sum += best?.total ?? 0
            }
        }
        sums[period] = sum
        hours.removeAll(keepingCapacity: true)
        totals.removeAll(keepingCapacity: true)
        current = -1
    }

    private mutating func sourceIndex(_ bytes: UnsafeRawBufferPointer) -> Int {
        if lastSource >= 0, Self.equal(sources[lastSource], bytes) { return lastSource }
        if let known = sources.firstIndex(where: { Self.equal($0, bytes) }) {
            lastSource = known
            return known
        }
        sources.append(Array(bytes))
        sourceRanks.append(ranks[sources[sources.count - 1]] ?? Int.max)
        lastSource = sources.count - 1
        return lastSource
    }

    private static func equal(_ known: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard known.count == bytes.count else { return false }
        guard let other = bytes.baseAddress else { return true }  // both empty
        return known.withUnsafeBytes { mine in mine.baseAddress.map { memcmp($0, other, known.count) == 0 } ?? true }
    }
}

extension MetricQuery {
    /// Every period's sum with each hour counted once (see `HourlyMaxSums`), in the series'
    /// base unit, nil for a period without samples: one index range scan over the periods.
    func hourlyMaxSums(in store: SampleStore, periods: [(start: LocalDate, end: LocalDate)]) throws -> [Double?] {
        guard let last = periods.last else { return [] }
        var bounds = periods.map { Int64(localBound($0.start)) }
        bounds.append(Int64(localBound(last.end.adding(days: 1))))
        let literal: SQLStatement = """
            SELECT local_start, start, source, value FROM sample
            WHERE \(sampleFilter(from: .value(Int(bounds[0])), before: .value(Int(bounds[bounds.count - 1]))))
            ORDER BY local_start
            """
        return try store.inSnapshot { db in
            var scan = HourlyMaxSums(bounds: bounds, ranks: try sourceRanks(in: db))
            try db.forEachRow(literal) { row in
                row.withUTF8(2) { source in
                    scan.add(localStart: row.int64(0), start: row.int64(1), source: source, value: row.double(3))
                }
            }
            return scan.finish()
        }
    }
}
