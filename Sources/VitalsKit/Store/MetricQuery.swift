import Foundation
import GRDB

/// Turns a metric's binding (series, aggregate, bucket, range, rolling, unit, cutoff) plus a
/// subject and an as-of date into SQL, and returns chart-ready buckets in the display unit.
///
/// A sample's day is its local date at its own recorded UTC offset after the day cutoff, so
/// results do not depend on the machine's time zone and DST days of 23 or 25 hours need no
/// special care. Aggregation runs in SQL over the (series, subject, start) index: the cost
/// follows the range shown, not the size of the database.
///
/// The cutoff: below 12:00 (DragonHealth's 04:00), samples before it count for the previous
/// day; from 12:00 on (sleep's 18:00), samples from it on count for the next day, so a night
/// belongs to the date it ends on. A category series measured in time (sleep stages)
/// defaults to 18:00; everything else to midnight.
public struct MetricQuery: Sendable {
    public var binding: MetricBinding
    public var series: Series
    public var subjectID: String
    /// The last day shown ("today" for the reader).
    public var asOf: LocalDate
    /// Only samples of these categories (default: the binding's `categories`); nil for all.
    public var categories: [String]?
    /// The series named by `binding.divideBy` (its base unit stays as-is in the result unit).
    public var divisor: Series?
    /// The unit the values come back in.
    public let displayUnit: KnownUnit

    /// Builds a query; throws a `UserError` when the binding's unit does not fit the series.
    public init(binding: MetricBinding, series: Series, subjectID: String = "me", asOf: LocalDate,
                unitSystem: UnitSystem = .metric, categories: [String]? = nil, divisor: Series? = nil) throws {
        self.binding = binding
        self.series = series
        self.subjectID = subjectID
        self.asOf = asOf
        self.categories = categories ?? binding.categories
        self.divisor = divisor
        let base = KnownUnit.named(series.unit.rawValue)!
        if let symbol = binding.unit {
            guard let unit = KnownUnit.named(symbol) else {
                throw UserError("unknown unit '\(symbol)' for series \(series.id)")
            }
            guard unit.dimension == base.dimension else {
                throw UserError("unit '\(symbol)' does not fit series \(series.id) (stored in \(base.symbol))")
            }
            displayUnit = unit
        } else {
            displayUnit = unitSystem.displayUnit(for: series.unit)
        }
    }

    /// Builds the query for a catalog metric (its series, divisor and subject looked up).
    public init(metric: DisplayMetric, catalog: Catalog, subjectID: String? = nil, asOf: LocalDate,
                unitSystem: UnitSystem = .metric, categories: [String]? = nil) throws {
        guard let seriesID = metric.binding.seriesID, let series = catalog.series(seriesID) else {
            throw UserError("metric \(metric.id) has no known series")
        }
        let subject = subjectID ?? catalog.screen(metric.screenID)?.subjectID ?? "me"
        try self.init(binding: metric.binding, series: series, subjectID: subject, asOf: asOf,
                      unitSystem: unitSystem, categories: categories,
                      divisor: metric.binding.divideBy.flatMap { catalog.series($0) })
    }

    // MARK: Derived settings

    public var aggregate: Aggregate { binding.aggregate ?? .sum }
    public var bucket: Bucket { binding.bucket ?? .day }
    public var range: TimeRange { binding.range ?? BucketCalendar.defaultRange(for: bucket) }

    /// The cutoff in minutes after local midnight (see the type's summary).
    public var dayCutoffMinutes: Int {
        if let cutoff = binding.dayCutoffMinutes { return cutoff }
        return series.kind == .category && series.unit.dimension == .duration ? 18 * 60 : 0
    }

    /// Seconds added to a sample's local time before taking its date.
    var shiftSeconds: Int {
        let cutoff = dayCutoffMinutes
        return cutoff >= 720 ? (1440 - cutoff) * 60 : -cutoff * 60
    }

    /// The symbol values are returned in (`count` for the count aggregate).
    public var unitSymbol: String {
        let numerator = aggregate == .count ? "count" : displayUnit.symbol
        guard let divisor else { return numerator }
        return numerator + "/" + divisor.unit.rawValue
    }

    /// Multiplies a base-unit value into the display unit.
    var factor: Double {
        aggregate == .count ? 1 : KnownUnit.named(series.unit.rawValue)!.convert(1, to: displayUnit)!
    }

    /// The day a sample counts for, in Swift (the same rule as the SQL).
    public func day(of sample: Sample) -> LocalDate {
        LocalDate(sample.start, utcOffsetSeconds: sample.utcOffsetSeconds + shiftSeconds)
    }

    // MARK: SQL

    /// The sample's shifted local time in seconds since 1970.
    var localExpression: String { "(start + utc_offset + \(shiftSeconds))" }

    func keyExpression(_ bucket: Bucket) -> String {
        switch bucket {
        case .day: return "\(localExpression) / 86400"
        case .week: return "(\(localExpression) / 86400 + 3) / 7"
        case .month: return "strftime('%Y-%m', \(localExpression), 'unixepoch')"
        case .none: return "0"
        }
    }

    /// The aggregate's result columns, the value named `v`.
    func valueColumns(_ aggregate: Aggregate) -> String {
        switch aggregate {
        case .sum: return "SUM(value) AS v"
        case .mean: return "AVG(value) AS v"
        case .min: return "MIN(value) AS v"
        case .max: return "MAX(value) AS v"
        case .count: return "COUNT(*) AS v"
        // A bare column next to exactly one MIN()/MAX() comes from that row (SQLite rule).
        case .first: return "value AS v, MIN(start) AS t"
        case .last: return "value AS v, MAX(start) AS t"
        }
    }

    /// The SQL for the aggregate per bucket (and per `groupColumn`), with its arguments.
    ///
    /// Samples are bounded twice: by UTC `start` widened by 18 hours (so the index range
    /// scan applies) and exactly by the shifted local day.
    func aggregateSQL(bucket: Bucket, from first: LocalDate, through last: LocalDate,
                      seriesID: String? = nil, aggregate: Aggregate? = nil,
                      groupColumn: String? = nil) -> (sql: String, arguments: [DatabaseValue]) {
        let lowLocal = first.dayNumber * 86_400
        let highLocal = (last.dayNumber + 1) * 86_400
        let margin = 18 * 3600
        var sql = "SELECT \(keyExpression(bucket)) AS k, "
        if let groupColumn { sql += "\(groupColumn) AS g, " }
        sql += "COUNT(*) AS n, \(valueColumns(aggregate ?? self.aggregate))"
        sql += """
             FROM sample
            WHERE series = ? AND subject = ? AND start >= ? AND start < ?
              AND \(localExpression) >= ? AND \(localExpression) < ?
            """
        var arguments: [DatabaseValue] = [(seriesID ?? series.id).databaseValue, subjectID.databaseValue,
                                          (lowLocal - shiftSeconds - margin).databaseValue,
                                          (highLocal - shiftSeconds + margin).databaseValue,
                                          lowLocal.databaseValue, highLocal.databaseValue]
        if let categories, seriesID == nil {
            sql += " AND category IN (\(categories.map { _ in "?" }.joined(separator: ", ")))"
            arguments += categories.map(\.databaseValue)
        }
        sql += " GROUP BY k" + (groupColumn == nil ? "" : ", g")
        return (sql, arguments)
    }

    /// The bucket SQL with its arguments written in, for running in the `sqlite3` tool.
    public func inlineSQL() throws -> String {
        guard let (first, last) = try rangeDays(in: nil) else { return "" }
        let window = max(1, binding.rolling ?? 1)
        let readFrom = bucket == .none ? first : BucketCalendar.back(window - 1, from: first, bucket)
        let (sql, arguments) = aggregateSQL(bucket: bucket, from: readFrom, through: last)
        var result = ""
        var values = arguments.makeIterator()
        for character in sql {
            if character == "?", let value = values.next() {
                switch value.storage {
                case .string(let text): result += "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
                case .int64(let number): result += String(number)
                default: result += value.description
                }
            } else {
                result.append(character)
            }
        }
        return result + ";"
    }

    /// Maps an SQL bucket key back to the bucket's first day.
    func bucketStart(forKey key: DatabaseValue, bucket: Bucket, first: LocalDate) -> LocalDate? {
        switch bucket {
        case .day: return Int.fromDatabaseValue(key).map { LocalDate(dayNumber: $0) }
        case .week: return Int.fromDatabaseValue(key).map { LocalDate(dayNumber: $0 * 7 - 3) }
        case .month: return String.fromDatabaseValue(key).flatMap { LocalDate(iso: $0 + "-01") }
        case .none: return first
        }
    }

    /// The first bucket's first day and the as-of day; `store` is asked for the earliest
    /// sample when the range is `all` (nil when there is none).
    func rangeDays(in store: SampleStore?) throws -> (LocalDate, LocalDate)? {
        if let start = BucketCalendar.rangeStart(range, asOf: asOf) {
            let first = bucket == .none ? start : BucketCalendar.firstBucket(onOrAfter: start, bucket)
            return (first, asOf)
        }
        guard let store, let earliest = try earliestDay(in: store), earliest <= asOf else { return nil }
        return (BucketCalendar.start(of: earliest, bucket), asOf)
    }

    /// The shifted local day of the series' earliest sample for the subject.
    func earliestDay(in store: SampleStore) throws -> LocalDate? {
        try store.read { db in
            try Row.fetchOne(db, sql: """
                SELECT start, utc_offset FROM sample WHERE series = ? AND subject = ? \
                \(categoryFilter) ORDER BY start LIMIT 1
                """, arguments: [series.id, subjectID] + StatementArguments(categories ?? []))
        }.map { row in
            LocalDate(dayNumber: Int(((row["start"] as Int64) + Int64(row["utc_offset"] as Int) + Int64(shiftSeconds)) / 86_400))
        }
    }

    var categoryFilter: String {
        guard let categories else { return "" }
        return "AND category IN (\(categories.map { _ in "?" }.joined(separator: ", ")))"
    }
}
