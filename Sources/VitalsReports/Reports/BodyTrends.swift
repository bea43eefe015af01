import VitalsKit

/// The body-metric trends of the DragonHealth export: every metric the catalog binds to a
/// body series (weight, body fat, muscle mass, waist …) on the subject's screens, each as a
/// line of its days with the 7-day mean drawn through it, and one table of each metric's
/// 7-day mean at the start and the end of the period and the change between them.
struct BodyTrends {
    let catalog: Catalog
    let store: SampleStore
    let request: ScreenRequest
    let profile: RenderProfile
    let subjectID: String
    /// The period's days when the request gives no range.
    let defaultRange: TimeRange

    /// The window of the mean.
    static let window = 7

    /// One metric's trend: its 7-day means at both ends of the period, in its unit.
    struct Trend: Sendable {
        var metric: DisplayMetric
        var unit: String
        var first: Double?, last: Double?
        var daysMeasured: Int
    }

    /// The subject's active body metrics: each active screen's primary and descendants whose
    /// series is a body series, in screen and metric order.
    func metrics() -> [(screen: DisplayScreen, metric: DisplayMetric)] {
        var found: [(DisplayScreen, DisplayMetric)] = []
        for screen in catalog.activeScreensInOrder where screen.subjectID == subjectID {
            guard let primary = catalog.primary(of: screen.id) else { continue }
            for metric in [primary] + catalog.descendants(of: primary.id).map(\.metric)
            where metric.isActive && metric.binding.seriesID.map(AdherenceReport.isBodySeries) == true {
                found.append((screen, metric))
            }
        }
        return found
    }

    /// `metric` read a day at a time with the 7-day mean, as a line over the period.
    func daily(_ metric: DisplayMetric) -> DisplayMetric {
        var daily = metric
        daily.chartTypeID = LineChart.id
        daily.binding.bucket = .day
        daily.binding.rolling = Self.window
        if request.range == nil { daily.binding.range = defaultRange }
        return daily
    }

    /// The trends document, nil when the catalog binds no body metric.
    func document() throws -> ScreenDocument? {
        let found = metrics()
        guard let first = found.first else { return nil }
        var blocks: [ScreenBlock] = []
        var trends: [Trend] = []
        for (screen, metric) in found {
            let context = ScreenContext(
                catalog: catalog, screen: screen, store: store, request: request, profile: profile)
            let daily = daily(metric)
            let series = try context.query(for: daily).fetchBuckets(from: store)
            let means = series.buckets.filter { $0.raw != nil }.compactMap(\.value)
            trends.append(
                Trend(
                    metric: metric, unit: MetricChartBuilder.symbol(series.unit) ?? series.unit, first: means.first,
                    last: means.last,
                    daysMeasured: series.buckets.filter { $0.raw != nil }.count))
            blocks.append(try MetricChartBuilder(context: context).block(for: daily))
        }
        let header = ScreenHeader(
            icon: nil, name: Words.text("adherence.body_trends"),
            context: catalog.subject(subjectID)?.name ?? "",
            description: Words.text("adherence.body_trends_description", ["n": String(Self.window)]),
            color: catalog.pillar(first.screen.pillarID)?.color)
        blocks.insert(
            ScreenBlock(kind: .header, content: .header(header), data: .object([("name", .string(header.name))])), at: 0
        )
        blocks.insert(table(trends), at: 1)
        return ScreenDocument(
            screenID: "REPORT_BODY_TRENDS", name: header.name, pillarID: first.screen.pillarID,
            subjectID: subjectID, module: "report", asOf: request.asOf, blocks: blocks, profile: profile)
    }

    /// The table of 7-day means: a row per metric.
    func table(_ trends: [Trend]) -> ScreenBlock {
        let numbers = profile.numbers
        func text(_ value: Double?, _ unit: String) -> String {
            value.map { numbers.format($0, unit: unit, fractionDigits: 1) } ?? "–"
        }
        let rows = trends.map { trend -> [TableBlock.Cell] in
            let change: Double? = if let first = trend.first, let last = trend.last { last - first } else { nil }
            return [
                TableBlock.Cell(trend.metric.displayName, color: trend.metric.color),
                TableBlock.Cell(text(trend.first, trend.unit)), TableBlock.Cell(text(trend.last, trend.unit)),
                TableBlock.Cell(change.map { numbers.formatDelta($0, unit: trend.unit, fractionDigits: 1) } ?? "–"),
                TableBlock.Cell(String(trend.daysMeasured)),
            ]
        }
        let columns = [
            Words.text("adherence.metric"), Words.text("adherence.first_mean", ["n": String(Self.window)]),
            Words.text("adherence.last_mean", ["n": String(Self.window)]), Words.text("table.change"),
            Words.text("adherence.days_measured"),
        ]
        let terminal = trends.map { trend in
            TextRow.line(
                "\(trend.metric.displayName): \(text(trend.first, trend.unit)) → \(text(trend.last, trend.unit))")
        }
        let table = TableBlock(
            caption: Words.text("adherence.body_means", ["n": String(Self.window)]), columns: columns,
            rows: rows, terminalRows: terminal)
        return ScreenBlock(
            kind: .summary, content: .table(table),
            data: .object([
                (
                    "metrics",
                    .array(
                        trends.map { trend in
                            .object([
                                ("metric_id", .string(trend.metric.id)),
                                ("series", .string(trend.metric.binding.seriesID)),
                                ("unit", .string(trend.unit)), ("first_mean", .number(trend.first)),
                                ("last_mean", .number(trend.last)),
                                ("days_measured", .number(Double(trend.daysMeasured))),
                            ])
                        })
                )
            ]))
    }
}
