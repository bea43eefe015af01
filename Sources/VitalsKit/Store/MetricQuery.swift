import Foundation

/// Turns a metric's binding (series, aggregate, bucket, range, rolling, unit, cutoff) plus a
/// subject and an as-of date into SQL, and returns chart-ready buckets in the display unit.
///
/// A sample's day is its local date at its own recorded UTC offset after the day cutoff, so
/// results do not depend on the machine's time zone and DST days of 23 or 25 hours need no
/// special care. Aggregation runs in SQL, one index range scan per bucket over
/// (series, subject, local_start): the cost follows the range shown, not the database size.
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
    /// The unit the values come back in, and how one of them is written in text ("12 st 4 lb").
    public let display: DisplayUnit
    /// The unit the values come back in.
    public var displayUnit: KnownUnit { display.unit }
    /// How tags group when split by tag: the catalog's declared meal slots (an alias such as
    /// `snack` counts for its slot), else breakfast, lunch, dinner, snack as stored.
    public var tagGroups = TagGroups.plain
    /// The person's `weigh_in` setting: which of a day's weigh-ins a divisor measured in mass
    /// (grams per kg of body weight) divides by; nil for the default (`WeighInPolicy.standard`).
    public var weighIn: WeighInPolicy?
    /// The person's `day_cutoff` setting (before 12:00): when the day starts for every metric
    /// whose day starts in the morning, replacing its own `day_cutoff` (or midnight); nil keeps
    /// each metric's. An evening cutoff (sleep's 18:00, its own or by default) stays.
    public var defaultDayCutoffMinutes: Int?

    /// Builds a query; throws a `QueryError` when the binding's unit does not fit the series.
    ///
    /// The display unit is the binding's `unit` (else the series' base unit), unless the person
    /// chose a `unitSystem` and `UnitTable` gives the series' quantity a unit in it: then the
    /// table's (`lb` for a body weight bound in `kg` in the US), except that a metric unit the
    /// binding chose stays where the table's is metric too (water bound in `ml` stays in ml
    /// with metric units; caffeine bound in `mg` stays in mg everywhere). Hours stay hours.
    public init(
        binding: MetricBinding, series: Series, subjectID: String = "me", asOf: LocalDate,
        unitSystem: UnitSystem? = nil, categories: [String]? = nil, divisor: Series? = nil
    ) throws {
        self.binding = binding
        self.series = series
        self.subjectID = subjectID
        self.asOf = asOf
        self.categories = categories ?? binding.categories
        self.divisor = divisor
        let base = series.unit.known
        var unit = DisplayUnit(base)
        if let symbol = binding.unit {
            guard let named = KnownUnit.named(symbol) else {
                throw QueryError.unknownUnit(symbol, seriesID: series.id)
            }
            guard named.dimension == base.dimension else {
                throw QueryError.unitDoesNotFit(symbol, seriesID: series.id, storedIn: base.symbol)
            }
            unit = DisplayUnit(named)
        }
        if let chosen = unitSystem?.display(for: series.unit) {
            let keepsOwn =
                chosen.spoken == .plain && UnitTable.metricUnits.contains(chosen.unit)
                && UnitTable.metricUnits.contains(unit.unit)
            if !keepsOwn { unit = chosen }
        }
        display = unit
    }

    /// Builds the query for a catalog metric (its series, divisor and subject looked up).
    public init(
        metric: DisplayMetric, catalog: Catalog, subjectID: String? = nil, asOf: LocalDate,
        unitSystem: UnitSystem? = nil, categories: [String]? = nil
    ) throws {
        guard let seriesID = metric.binding.seriesID, let series = catalog.series(seriesID) else {
            throw QueryError.noSeries(metricID: metric.id)
        }
        let subject = subjectID ?? catalog.screen(metric.screenID)?.subjectID ?? "me"
        try self.init(
            binding: metric.binding, series: series, subjectID: subject, asOf: asOf,
            unitSystem: unitSystem, categories: categories,
            divisor: metric.binding.divideBy.flatMap { catalog.series($0) })
        tagGroups = TagGroups(catalog.portions.mealSlots)
    }

    // MARK: Derived settings

    public var aggregate: Aggregate { binding.aggregate ?? .sum }
    public var bucket: Bucket { binding.bucket ?? .day }
    public var range: TimeRange { binding.range ?? BucketCalendar.defaultRange(for: bucket) }

    /// The cutoff in minutes after local midnight (see the type's summary): the binding's own,
    /// else 18:00 for a sleep-like series, else midnight; the `day_cutoff` setting
    /// (`defaultDayCutoffMinutes`) replaces a morning one.
    public var dayCutoffMinutes: Int {
        let own =
            binding.dayCutoffMinutes
            ?? (series.kind == .category && series.unit.dimension == .duration ? 18 * 60 : 0)
        guard own < 720, let setting = defaultDayCutoffMinutes, setting < 720 else { return own }
        return setting
    }

    /// Seconds added to a sample's local time before taking its date.
    var shiftSeconds: Int {
        let cutoff = dayCutoffMinutes
        return cutoff >= 720 ? (1440 - cutoff) * 60 : -cutoff * 60
    }

    /// Which of a day's samples of `divisor` a period is divided by: for a body weight (a
    /// quantity in mass) the `weigh_in` setting, as every weight on the screen; else the last.
    func divisorPolicy(_ divisor: Series) -> WeighInPolicy {
        guard divisor.kind == .quantity, divisor.unit.dimension == .mass else { return .last }
        return weighIn ?? .standard
    }

    /// The symbol values are returned in (`count` for the count aggregate).
    public var unitSymbol: String {
        let numerator = aggregate == .count ? "count" : displayUnit.symbol
        guard let divisor else { return numerator }
        return numerator + "/" + divisor.unit.rawValue
    }

    /// A stored (base-unit) value in the display unit; a count stays a count.
    func toDisplay(_ value: Double) -> Double {
        aggregate == .count ? value : series.unit.known.convert(value, to: displayUnit) ?? value
    }

    /// The day a sample counts for, in Swift (the same rule as the SQL).
    public func day(of sample: Sample) -> LocalDate {
        LocalDate(sample.start, utcOffsetSeconds: sample.utcOffsetSeconds + shiftSeconds)
    }

    // MARK: Local bounds

    /// The `local_start` (start + offset, in seconds) where a shifted local day begins.
    func localBound(_ day: LocalDate) -> Int { day.dayNumber * 86_400 - shiftSeconds }

    /// The shifted local day of a `local_start` value.
    func day(localStart: Int64) -> LocalDate {
        LocalDate(dayNumber: Int((Double(localStart + Int64(shiftSeconds)) / 86_400).rounded(.down)))
    }

    /// The periods `fetchBuckets` reads (the range plus N−1 earlier buckets for rolling).
    func readPeriods(in store: SampleStore?) throws -> [(start: LocalDate, end: LocalDate)]? {
        guard let (first, last) = try rangeDays(in: store) else { return nil }
        let window = max(1, binding.rolling ?? 1)
        let readFrom = bucket == .none ? first : BucketCalendar.back(window - 1, from: first, bucket)
        return BucketCalendar.buckets(from: readFrom, through: last, bucket)
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

    /// The shifted local day of the series' earliest sample for the subject (for sleep, of
    /// any category: the first night, whatever it recorded, as nights are merged from all).
    func earliestDay(in store: SampleStore) throws -> LocalDate? {
        var all = self
        if isSleep { all.categories = nil }
        return try store.inSnapshot { db in
            try db.fetchValue(
                Int64.self, "SELECT local_start FROM sample WHERE \(all.sampleFilter()) ORDER BY local_start LIMIT 1")
        }.map { day(localStart: $0) }
    }
}
