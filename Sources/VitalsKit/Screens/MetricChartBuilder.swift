import Foundation

/// Reads a metric's data in the shape its chart kind draws and builds the `ChartInput`.
///
/// One place decides which store query each chart kind needs: buckets for bars, lines and
/// sparklines; a tag or category split for stacked bars (and horizontal bars with
/// `split_by`); single samples for a night's hypnogram, a growth curve and a timeline; the
/// target summary for heatmaps and progress bars; the latest value for a stat. Modules call
/// `input(for:)` and adjust the result (a reference band, a per-kg target) before drawing.
public struct MetricChartBuilder: Sendable {
    public let context: ScreenContext

    public init(context: ScreenContext) { self.context = context }

    /// The chart block for `metric`.
    public func block(for metric: DisplayMetric) throws -> ScreenBlock {
        context.chartBlock(try input(for: metric), chartTypeID: metric.chartTypeID, metricID: metric.id)
    }

    /// The chart input for `metric`, its data read in the shape its chart kind declares
    /// (`ChartKind.data`; an unknown kind reads the fallback's).
    public func input(for metric: DisplayMetric) throws -> ChartInput {
        guard metric.binding.seriesID != nil else {
            return ChartInput(
                title: metric.displayName, color: metric.color, asOf: context.asOf,
                emptyMessage: context.screen.emptyMessage)
        }
        let kind = kindType(metric.chartTypeID)
        let query = try context.query(for: metric)
        let unit = kind.data == .milestones ? nil : Self.symbol(query.unitSymbol)
        var input = ChartInput(
            title: metric.displayName, unit: unit, color: metric.color,
            target: query.displayTarget, asOf: context.asOf,
            emptyMessage: context.screen.emptyMessage)
        if query.aggregate != .count, query.divisor == nil { input.spokenUnit = query.display }
        let store = context.store
        if query.isSleep, try fillSleep(&input, metric: metric, kind: kind, query: query) { return input }
        switch kind.data {
        case .split:
            let zeroFrom = try query.unloggedAsZeroFrom(in: store)
            let (split, period) = try query.fetchSplit(from: store).fitting(
                capacity(kind), bucket: query.bucket,
                unloggedAsZeroFrom: zeroFrom)
            input.stacked = stacked(split, bucket: query.bucket, period: period)
            if let period {
                input.title += Self.regroupedWords(period, unloggedAsZero: zeroFrom != nil, bucket: query.bucket)
            }
            try tally(&input, query: query, period: period)
        case .bucketsOrSplitTotals where metric.binding.splitBy != nil:
            input.points = totalsByKey(try query.fetchSplit(from: store))
        case .sleepNight:
            _ = try fillSleep(&input, metric: metric, kind: kind, query: query)
        case .growth:
            input.growth = try growth(query)
        case .milestones:
            input.milestones = try timeline(query)
        case .calendar:
            input.calendar = try calendar(query, input: &input)
        case .latest:
            input.stat = try stat(query)
        case .progress:
            input.progress = try progress(query, name: metric.displayName)
        case .pairs:
            input.unit = nil
            input.relation = try relation(for: metric, x: query)
        case .own:
            input.payload = try (kind as? any OwnDataChartKind.Type)?.readData(for: metric, query: query, in: context)
        case .buckets, .bucketsOrSplitTotals:
            let periods = try query.fetchBuckets(from: store)
            let zeroFrom = try query.unloggedAsZeroFrom(in: store)
            let series = periods.fitting(capacity(kind), unloggedAsZeroFrom: zeroFrom)
            fillPoints(&input, series: series, rollingMean: kind.drawsRollingMean)
            // The footer speaks of the metric's own periods (days), not the regrouped means.
            if series.regrouped != nil {
                input.footerValues = Self.footerValues(periods, rollingMean: kind.drawsRollingMean)
                input.footerDates = periods.buckets.map(\.start)
                if series.unloggedAsZero { input.footerZeroFrom = zeroFrom }
            }
            if let period = series.regrouped {
                input.title += Self.regroupedWords(period, unloggedAsZero: series.unloggedAsZero, bucket: query.bucket)
            }
            try tally(&input, query: query, period: series.regrouped)
        }
        // An empty chart on a screen with data elsewhere speaks of its own metric.
        if !input.hasData, let message = context.chartEmptyMessage(for: metric) { input.emptyMessage = message }
        return input
    }

    /// The kind drawing `chartTypeID`, the fallback for an unknown id.
    func kindType(_ chartTypeID: String) -> any ChartKind.Type {
        context.chartKinds.typeOrFallback(for: chartTypeID)
    }

    /// How many buckets (or rows) `kind` draws at the profile's width.
    func capacity(_ kind: any ChartKind.Type) -> Int {
        kind.capacity(width: context.profile.width, glyphs: context.profile.glyphs)
    }

    /// How many buckets the chart kind for `chartTypeID` draws at the profile's width; a
    /// range with more is regrouped into weeks, months, quarters or years.
    public func capacity(_ chartTypeID: String) -> Int { capacity(kindType(chartTypeID)) }

    /// Recounts the tally of a chart whose target a module changed (none for a calendar, whose
    /// tally is the metric's own target summary).
    public func retally(_ input: inout ChartInput, metric: DisplayMetric) throws {
        let data = kindType(metric.chartTypeID).data
        guard metric.binding.seriesID != nil, data.isTallied,
            !(data == .bucketsOrSplitTotals && metric.binding.splitBy != nil)
        else { return }
        input.targetTally = nil
        try tally(&input, query: try context.query(for: metric), period: nil)
    }

    /// What a regrouped chart's title adds: ", weekly means" (of the logged days), or for a
    /// sum whose unlogged days count as 0, ", weekly mean a day, unlogged days as 0" (one
    /// evening of 3 drinks in a week is 3/7 a day, not "3 a day").
    public static func regroupedWords(
        _ period: RegroupedPeriod, unloggedAsZero: Bool = false,
        bucket: Bucket = .day
    ) -> String {
        guard unloggedAsZero else { return ", \(period.adjective) means" }
        let word = Self.noun(bucket)
        return ", \(period.adjective) mean a \(word), unlogged \(word)s as 0"
    }

    /// The store's count of the chart's periods on target over its range (days for a daily
    /// target, weeks for a weekly one), which the chart prints instead of judging its bars:
    /// a weekly mean is not a day on target.
    func tally(_ input: inout ChartInput, query: MetricQuery, period: RegroupedPeriod?) throws {
        guard let target = input.target, query.bucket != .none,
            let periods = try query.fetchTargetPeriods(from: context.store, target: target),
            !periods.isEmpty
        else { return }  // nothing recorded: nothing judged (no "0/0")
        // A night recorded on the as-of day is over: judged either way (as the summary does).
        let finished =
            query.isSleep && query.bucket == .day
            && periods.last.map { $0.date == query.asOf && $0.value != nil } == true
        input.targetTally = TargetTally(periods, lastFinished: finished)
        input.tallyNoun = query.isSleep && query.bucket == .day ? "night" : Self.noun(query.bucket)
    }

    // MARK: Buckets

    /// Points from buckets; a `line` with a rolling window shows the raw values and the mean.
    func fillPoints(_ input: inout ChartInput, series: MetricSeries, rollingMean: Bool) {
        let rollingLine = rollingMean && series.rolling != nil
        let labels = Self.labels(series.buckets.map(\.start), series.bucket, period: series.regrouped)
        input.points = zip(series.buckets, labels).map { bucket, label in
            ChartPoint(label: label, date: bucket.start, value: rollingLine ? bucket.raw : bucket.value)
        }
        if rollingLine, let window = series.rolling {
            input.rollingMean = series.buckets.map(\.value)
            input.rollingLabel = "\(window)-\(Self.noun(series.bucket)) mean"
        }
    }

    /// The values a regrouped chart's footer describes: each period's own value (the raw one
    /// under a `line`'s rolling mean, as the points show).
    public static func footerValues(_ periods: MetricSeries, rollingMean: Bool) -> [Double?] {
        let raw = rollingMean && periods.rolling != nil
        return periods.buckets.map { raw ? $0.raw : $0.value }
    }

    /// How a unit symbol is shown: `percent` as `%`; a plain count has none ("8000 steps"
    /// reads better as "8000" under a title that says steps).
    public static func symbol(_ unit: String) -> String? {
        unit == "count" ? nil : unit.replacingOccurrences(of: "percent", with: "%")
    }

    /// The short axis label of a bucket starting on `day` ("11-24", "Nov", "Jan 26", "Q3 26",
    /// "2026"), of its regrouped period when there is one.
    public static func label(_ day: LocalDate, _ bucket: Bucket, period: RegroupedPeriod? = nil) -> String {
        if let shifted = DateWords.shifted(day) { return shifted }
        switch period {
        case .week?: return String(day.description.suffix(5))
        case .month?: return label(day, .month)
        case .quarter?: return "Q\((day.month - 1) / 3 + 1) \(twoDigits(day.year % 100))"
        case .year?: return String(day.year)
        case nil: break
        }
        switch bucket {
        case .day, .week: return String(day.description.suffix(5))
        case .month: return monthNames[day.month - 1] + (day.month == 1 ? " " + String(day.year % 100) : "")
        case .none: return day.description
        }
    }

    /// The labels of buckets starting on `days`; month labels carry their year when a month
    /// name would repeat (13 months from November to November).
    public static func labels(_ days: [LocalDate], _ bucket: Bucket, period: RegroupedPeriod? = nil) -> [String] {
        let labels = days.map { label($0, bucket, period: period) }
        let monthly = period == .month || (period == nil && bucket == .month)
        guard monthly, Set(labels).count < labels.count, Disclosure.current.dayOne == nil else { return labels }
        return days.map { monthNames[$0.month - 1] + " " + twoDigits($0.year % 100) }
    }

    /// "the last 30 days", "the last year", "all time".
    public static func words(_ range: TimeRange) -> String {
        func plural(_ n: Int, _ word: String) -> String { n == 1 ? "the last \(word)" : "the last \(n) \(word)s" }
        switch range {
        case .days(let n): return plural(n, "day")
        case .weeks(let n): return plural(n, "week")
        case .months(let n): return plural(n, "month")
        case .years(let n): return plural(n, "year")
        case .all: return "all time"
        }
    }

    static let monthNames = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun",
        "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    static func noun(_ bucket: Bucket) -> String {
        switch bucket {
        case .day, .none: return "day"
        case .week: return "week"
        case .month: return "month"
        }
    }

    // MARK: Splits

    /// A split as stacked buckets, keys in legend order with readable names.
    func stacked(_ split: MetricSplit, bucket: Bucket, period: RegroupedPeriod? = nil) -> StackedSeries? {
        guard !split.keys.isEmpty else { return nil }
        let names = split.keys.map(Self.keyName)
        let labels = Self.labels(split.buckets.map(\.start), bucket, period: period)
        let buckets = zip(split.buckets, labels).map { period, label -> StackedBucket in
            var values: [String: Double] = [:]
            for (index, value) in period.values.enumerated() { if let value { values[names[index]] = value } }
            return StackedBucket(
                label: label,
                date: period.start, values: values.isEmpty ? nil : values)
        }
        return StackedSeries(categories: names, buckets: buckets)
    }

    /// One row per key with its total over the range.
    func totalsByKey(_ split: MetricSplit) -> [ChartPoint] {
        zip(split.keys, split.totals).map { key, total in ChartPoint(label: Self.keyName(key), value: total) }
    }

    /// `asleep_unspecified` → "Asleep unspecified", `breakfast` → "Breakfast".
    public static func keyName(_ key: String) -> String {
        if let stage = SleepStage(rawValue: key) { return stage.label }
        let words = key.replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    // MARK: Latest

    /// The latest value with its date and the change since the previous one; for summing
    /// aggregates over a range, the range's total.
    func stat(_ query: MetricQuery) throws -> StatValue? {
        switch query.aggregate {
        case .last, .first:
            guard let latest = try query.fetchLatest(from: context.store) else { return nil }
            let numbers = context.profile.numbers
            let delta = latest.delta.map { delta -> String in
                let since = latest.previousDate.map { " since \($0.description.suffix(5))" } ?? ""
                return numbers.formatDelta(delta, unit: latest.unit) + since
            }
            return StatValue(value: latest.value, date: latest.date, deltaText: delta)
        default:
            let series = try query.fetchBuckets(from: context.store)
            guard let last = series.buckets.last(where: { $0.value != nil }) else { return nil }
            return StatValue(
                value: last.value, date: last.end,
                deltaText: query.bucket == .none ? "over " + Self.words(query.range) : nil)
        }
    }
}

/// `n` as `String(format: "%02d", n)` writes it, without the C varargs formatter (a label is
/// made for every column of a chart).
private func twoDigits(_ n: Int) -> String { (0..<10).contains(n) ? "0\(n)" : "\(n)" }
