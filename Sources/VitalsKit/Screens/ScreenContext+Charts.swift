extension ScreenContext {
    /// The one screen layout, for the generic screen, scaffolded modules and custom ones:
    /// the header; `summary` (a module's headline blocks); the charts of `metricsToDraw`, each
    /// adjusted by `adjust` before it is drawn; after the first chart (the primary, or the
    /// focused metric) its empty state when its range holds nothing, then `extras`, the "more
    /// metrics" line and the About text. A screen with no metric to draw gets its header and
    /// empty state.
    public func compose(
        module: String, summary: [ScreenBlock] = [],
        adjust: (inout ChartInput, DisplayMetric) throws -> Void = { _, _ in },
        extras: () throws -> [ScreenBlock] = { [] }
    ) throws -> ScreenDocument {
        guard !metricsToDraw.isEmpty else { return emptyDocument(module: module) }
        let blocks = [headerBlock()] + summary + (try metricBlocks(adjust: adjust, extras: extras))
        return document(module: module, blocks: blocks)
    }

    /// The charts of `metricsToDraw` with the primary's empty state, extras, "more" and About
    /// (see `compose`). An empty first chart says what is true: "Nothing logged in the last
    /// 14 days" with the newest sample's day and the command that shows it when the store has
    /// samples elsewhere; the screen's empty message with the command that logs data when it
    /// has none.
    public func metricBlocks(
        adjust: (inout ChartInput, DisplayMetric) throws -> Void = { _, _ in },
        extras: () throws -> [ScreenBlock] = { [] }
    ) throws -> [ScreenBlock] {
        let builder = MetricChartBuilder(context: self)
        var blocks: [ScreenBlock] = []
        for (index, metric) in metricsToDraw.enumerated() {
            var input = try builder.input(for: metric)
            let target = input.target
            try adjust(&input, metric)
            // A module that changed the target (Protein's per-kg one) gets the tally recounted.
            if input.target != target, input.targetTally != nil || target == nil {
                try builder.retally(&input, metric: metric)
            }
            let hasSamples = !input.hasData && newestDay(for: metric) != nil
            if index == 0, hasSamples { input.emptyMessage = nothingLoggedMessage(for: metric) }
            blocks.append(chartBlock(input, chartTypeID: metric.chartTypeID, metricID: metric.id))
            guard index == 0 else { continue }
            if !input.hasData { blocks.append(emptyBlock(for: metric, includeMessage: false)) }
            blocks += try extras()
            if let more = moreBlock(for: metric) { blocks.append(more) }
            if let about = aboutBlock(for: metric) { blocks.append(about) }
        }
        return blocks
    }

    /// A chart's empty line when its range holds nothing: "Nothing logged in the last 14
    /// days", or for a metric that shows all time "Nothing logged yet" (or "up to" the as-of
    /// day when later samples exist).
    public func nothingLoggedMessage(for metric: DisplayMetric) -> String {
        let range =
            request.range ?? metric.binding.range
            ?? BucketCalendar.defaultRange(for: metric.binding.bucket ?? .day)
        guard range != .all else {
            return newestDay(for: metric) == nil ? "Nothing logged yet" : "Nothing logged up to \(asOf.description)"
        }
        return "Nothing logged in " + MetricChartBuilder.words(range)
    }

    /// What an empty chart says when other metrics of the screen have data: it speaks of its
    /// own metric ("No resting heart rate in the last 14 days" when it has samples outside the
    /// range, else "No resting heart rate recorded yet") instead of the screen's empty message
    /// ("No heart or blood pressure readings yet" above a drawn blood-pressure chart). nil
    /// when the whole screen has no data: its empty message is true then.
    public func chartEmptyMessage(for metric: DisplayMetric) -> String? {
        let screenMetrics =
            catalog.primary(of: screen.id).map { [$0] + catalog.descendants(of: $0.id).map(\.metric) } ?? []
        guard (screenMetrics + [metric]).contains(where: { newestDay(for: $0) != nil }) else { return nil }
        let name = Self.inSentence(Sanitize.inline(metric.displayName))
        guard newestDay(for: metric) != nil else { return "No \(name) recorded yet" }
        let range =
            request.range ?? metric.binding.range ?? BucketCalendar.defaultRange(for: metric.binding.bucket ?? .day)
        return range == .all
            ? "No \(name) up to \(asOf.description)" : "No \(name) in " + MetricChartBuilder.words(range)
    }

    /// "Resting heart rate" → "resting heart rate" inside a sentence; "HRV" stays.
    static func inSentence(_ name: String) -> String {
        let letters = Array(name.prefix(2))
        guard let first = letters.first, first.isUppercase, !(letters.count > 1 && letters[1].isUppercase) else {
            return name
        }
        return first.lowercased() + name.dropFirst()
    }
}
