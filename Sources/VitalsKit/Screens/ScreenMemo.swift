import Foundation

/// Results one screen rendering reads more than once, kept for the rendering's lifetime.
///
/// A target summary evaluates every day since the first sample; the Vegetables screen asks for the
/// same one for its summary, its month calendar and its progress child. Keys hold everything
/// the result depends on, so two metrics share an entry only when their answer is the same.
final class ScreenMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var summaries: [MetricQuery.TargetSummaryKey: TargetSummary?] = [:]
    private var queries: [QueryKey: MetricQuery] = [:]
    private var newestDays: [QueryKey: LocalDate?] = [:]

    /// What a metric's query depends on within one rendering (the request is fixed).
    struct QueryKey: Hashable {
        var metricID: String
        var binding: MetricBinding
        var categories: [String]?
    }

    /// The newest sample's day for a query, read once per rendering (the empty states and
    /// every chart's empty message ask for it, for each metric of the screen).
    func newestDay(_ key: QueryKey, read: () -> LocalDate?) -> LocalDate? {
        if let known = lock.withLock({ newestDays[key] }) { return known }
        let day = read()
        lock.withLock { newestDays[key] = .some(day) }
        return day
    }

    func query(_ key: QueryKey, make: () throws -> MetricQuery) rethrows -> MetricQuery {
        if let known = lock.withLock({ queries[key] }) { return known }
        let query = try make()
        lock.withLock { queries[key] = query }
        return query
    }

    func targetSummary(
        _ key: MetricQuery.TargetSummaryKey,
        compute: () throws -> TargetSummary?
    ) rethrows -> TargetSummary? {
        if let known = lock.withLock({ summaries[key] }) { return known }
        let summary = try compute()
        lock.withLock { summaries[key] = summary }
        return summary
    }
}

extension MetricQuery {
    /// What `fetchTargetSummary` depends on: not the range, bucket or rolling window (it
    /// always judges whole days over the target history).
    struct TargetSummaryKey: Hashable {
        var seriesID: String
        var subjectID: String
        var asOf: LocalDate
        var aggregate: Aggregate
        var dayCutoffMinutes: Int
        var categories: [String]?
        var unit: KnownUnit
        var divisorID: String?
        var target: Target
    }

    func targetSummaryKey(target: Target) -> TargetSummaryKey {
        TargetSummaryKey(
            seriesID: series.id, subjectID: subjectID, asOf: asOf, aggregate: aggregate,
            dayCutoffMinutes: dayCutoffMinutes, categories: categories, unit: displayUnit,
            divisorID: divisor?.id, target: target)
    }
}

extension ScreenContext {
    /// `query.fetchTargetSummary(from: store, target:)`, read once per rendering for the same
    /// series, subject, day rule, unit and target.
    public func targetSummary(_ query: MetricQuery, target: Target? = nil) throws -> TargetSummary? {
        guard let target = target ?? query.displayTarget else { return nil }
        return try memo.targetSummary(query.targetSummaryKey(target: target)) {
            try query.fetchTargetSummary(from: store, target: target)
        }
    }
}
