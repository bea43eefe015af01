import VitalsKit

/// `pressure_range`: each day's blood pressure as a bar from the diastolic to the systolic
/// value, on one scale for the whole range — a data shape none of Vitals' kinds has.
///
/// A chart kind from outside Vitals that brings its own data: its `data` is `.own`, it reads
/// its days from the store itself (`readData`: the metric's series as the high end, the `y:`
/// series as the low end, each day's mean) into a `PressureDays` payload, and draws that.
/// Nothing in Vitals knows this shape.
///
/// ```yaml
/// - display_metric_id: BP_RANGE
///   chart_type_id: pressure_range
///   series: blood_pressure_systolic
///   y: {series: blood_pressure_diastolic}
/// ```
public struct PressureRangeChart: OwnDataChartKind {
    public static let id = "pressure_range"
    public static let data = ChartData.own

    public init() {}

    /// One row per day: the date, the bar, the two values.
    public static func capacity(width: Int, glyphs: Glyphs) -> Int { 14 }

    public static func readData(
        for metric: DisplayMetric, query: MetricQuery,
        in context: ScreenContext
    ) throws -> (any ChartPayload)? {
        guard let low = metric.binding.versus else { return PressureDays(days: []) }
        var lowMetric = metric
        lowMetric.binding = low.binding(sharing: metric.binding)
        // Both ends of a reading combine alike: y without an aggregate of its own takes x's.
        if low.aggregate == nil { lowMetric.binding.aggregate = metric.binding.aggregate }
        let highs = try query.fetchBuckets(from: context.store).buckets
        let lows = try context.query(for: lowMetric).fetchBuckets(from: context.store).buckets
        let lowByDay = Dictionary(
            lows.compactMap { bucket in bucket.value.map { (bucket.start, $0) } },
            uniquingKeysWith: { first, _ in first })
        let days = highs.compactMap { bucket -> PressureDay? in
            guard let high = bucket.value, let low = lowByDay[bucket.start] else { return nil }
            return PressureDay(date: bucket.start, low: low, high: high)
        }
        return PressureDays(days: Array(days.suffix(capacity(width: 0, glyphs: .unicode))))
    }

    public func draw(_ input: ChartInput, profile: RenderProfile) -> TextCanvas {
        var canvas = TextCanvas(width: profile.width)
        canvas.addLine(input.title, style: Style(bold: true))
        guard let payload = input.payload as? PressureDays, payload.hasData else {
            canvas.addLine("  " + (input.emptyMessage ?? "No day with both values"), style: Style(dim: true))
            return canvas
        }
        let bottom = payload.days.map(\.low).min() ?? 0
        let top = payload.days.map(\.high).max() ?? 1
        let labelWidth = 7
        let numbersWidth = 10
        let barWidth = max(10, profile.width - labelWidth - numbersWidth - 4)
        func column(_ value: Double) -> Int {
            top > bottom ? Int(((value - bottom) / (top - bottom) * Double(barWidth - 1)).rounded()) : 0
        }
        let color = Style(hex: input.color)
        let (bar, end) = profile.glyphs.isUnicode ? ("━", "┃") : ("=", "|")
        for day in payload.days {
            let row = canvas.addRow()
            var at = canvas.write(
                "  " + String(day.date.description.suffix(5)), row: row, column: 0, style: Style(dim: true))
            at += 1
            let from = column(day.low)
            let to = column(day.high)
            at = canvas.write(String(repeating: " ", count: from), row: row, column: at, style: .plain)
            at = canvas.write(
                end + String(repeating: bar, count: max(0, to - from - 1)) + (to > from ? end : ""),
                row: row, column: at, style: color)
            let numbers =
                profile.numbers.format(day.high, maxFractionDigits: 0) + "/"
                + profile.numbers.format(day.low, maxFractionDigits: 0)
            canvas.write(numbers, row: row, column: labelWidth + barWidth + 3, style: .plain)
        }
        return canvas
    }
}

/// Days with both ends of a blood-pressure reading: the `pressure_range` kind's own data.
public struct PressureDays: ChartPayload, Hashable {
    public var days: [PressureDay]

    public init(days: [PressureDay]) { self.days = days }

    public var hasData: Bool { !days.isEmpty }

    public var json: JSONValue {
        .array(
            days.map { day in
                .object([
                    ("date", .string(day.date.description)), ("low", .number(day.low)), ("high", .number(day.high)),
                ])
            })
    }
}

/// One day: the mean diastolic (`low`) and systolic (`high`) value.
public struct PressureDay: Sendable, Hashable {
    public var date: LocalDate
    public var low: Double
    public var high: Double

    public init(date: LocalDate, low: Double, high: Double) {
        self.date = date
        self.low = low
        self.high = high
    }
}
