import VitalsKit

/// The Protein screen (SCREEN_PROTEIN): grams per day against a fixed or per-kg target.
///
/// Layout: the header; a summary (today against the target and where the target comes from,
/// the 7-day average and its split over meals, days on target over 7 and 30 days, the current
/// and best streak); the primary chart with the target that applies; "more metrics" or, with
/// `--children`, the per-meal split, grams per kg and the 7-day average, each judged against
/// the same target; the About text. Without any protein logged: the empty state and the
/// command that logs a meal.
public struct ProteinScreen: ScreenModule {
    public static let screenID = "SCREEN_PROTEIN"

    public init() {}

    public func render(_ context: ScreenContext, config: ProteinConfig?) throws -> ScreenDocument {
        let config = config ?? ProteinConfig()
        guard let primary = context.primaryWithSeries else { return context.emptyDocument(module: Self.screenID) }
        let query = try context.query(for: primary)
        let target = try ProteinTarget.resolve(config, query: query, context: context)
        var summary: [ScreenBlock] = []
        if try query.fetchLatest(from: context.store) != nil {
            let numbers = try ProteinNumbers.read(query, target: target, context: context)
            summary.append(numbers.block(context, metricID: primary.id))
        }
        return try context.compose(module: Self.screenID, summary: summary) { input, metric in
            try retarget(&input, metric: metric, primary: query, target: target, config: config, context: context)
        }
    }

    /// Gives a chart the target that applies today: grams per day (daily sums of the protein
    /// series, also the per-meal stack and a rolling average) get the resolved target; grams
    /// per kg (`divide_by` the body weight) get `per_kg`. Other charts keep their own.
    func retarget(_ input: inout ChartInput, metric: DisplayMetric, primary: MetricQuery, target: ProteinTarget,
                  config: ProteinConfig, context: ScreenContext) throws {
        guard metric.binding.seriesID != nil else { return }
        let query = try context.query(for: metric)
        guard query.series.id == primary.series.id, query.aggregate == .sum, query.bucket == .day else { return }
        if metric.binding.divideBy == ProteinConfig.weightSeriesID {
            if case .perKilogram(let perKg) = config.targetRule, query.unitSymbol == "g/kg" {
                input.target = .atLeast(perKg)
            }
            // Each day is divided by that day's weight, while the summary and the grams charts
            // judge grams against today's target: the counts may differ, and say why.
            input.tallyBasis = "by each day's weight"
        } else if metric.binding.divideBy == nil, query.unitSymbol == primary.unitSymbol, let goal = target.target {
            input.target = goal
        }
    }
}
