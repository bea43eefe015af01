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

    /// The target that applies today, for `summary` and every chart of the screen: grams per
    /// day (daily sums of the protein series, also the per-meal stack and a rolling average)
    /// are judged by the resolved target; grams per kg (`divide_by` the body weight) by
    /// `per_kg`. Other metrics keep their own (nil).
    public func target(for metric: DisplayMetric, in context: ScreenContext, config: ProteinConfig?) throws -> Target? {
        let config = config ?? ProteinConfig()
        guard metric.binding.seriesID != nil, let primaryMetric = context.primaryWithSeries else { return nil }
        let primary = try context.query(for: primaryMetric)
        let query = try context.query(for: metric)
        guard query.series.id == primary.series.id, query.aggregate == .sum, query.bucket == .day else { return nil }
        if metric.binding.divideBy == ProteinConfig.weightSeriesID {
            if case .perKilogram(let perKg) = config.targetRule, query.unitSymbol == "g/kg" { return .atLeast(perKg) }
            return nil
        }
        guard metric.binding.divideBy == nil, query.unitSymbol == primary.unitSymbol else { return nil }
        return try ProteinTarget.resolve(config, query: primary, context: context).target
    }

    /// Gives a chart the target that applies today (`target(for:in:config:)`); a grams-per-kg
    /// chart says its days are judged by each day's weight.
    func retarget(
        _ input: inout ChartInput, metric: DisplayMetric, primary: MetricQuery, target: ProteinTarget,
        config: ProteinConfig, context: ScreenContext
    ) throws {
        guard metric.binding.seriesID != nil else { return }
        if let own = try self.target(for: metric, in: context, config: config) { input.target = own }
        if metric.binding.divideBy == ProteinConfig.weightSeriesID {
            let query = try context.query(for: metric)
            guard query.series.id == primary.series.id, query.aggregate == .sum, query.bucket == .day else { return }
            // Each day is divided by that day's weight, while the summary and the grams charts
            // judge grams against today's target: the counts may differ, and say why.
            input.tallyBasis = "by each day's weight"
        }
    }
}
