/// The layout every screen without a custom module gets: the header, the primary metric's
/// chart (its empty state and the command to log data when it has none), a line naming the
/// child metrics (or, with `--children`, their charts), and the About text.
public struct GenericScreen: ScreenModule {
    /// The generic module serves no one screen; the registry falls back to it.
    public static let screenID = "generic"

    public init() {}

    public func render(_ context: ScreenContext, config: NoScreenConfig?) throws -> ScreenDocument {
        let metrics = context.metricsToDraw
        guard let top = metrics.first else { return context.emptyDocument(module: Self.screenID) }
        var blocks = [context.headerBlock()]
        let builder = MetricChartBuilder(context: context)
        var input = try builder.input(for: top)
        if !input.hasData, context.newestDay(for: top) != nil { input.emptyMessage = context.nothingLoggedMessage(for: top) }
        blocks.append(context.chartBlock(input, chartTypeID: top.chartTypeID, metricID: top.id))
        if !input.hasData { blocks.append(context.emptyBlock(for: top, includeMessage: false)) }
        if let weighIns = try context.weighInsBlock(for: top) { blocks.append(weighIns) }
        if let budget = try context.budgetBlock(series: top.binding.seriesID.map { [$0] } ?? [], metricID: top.id) { blocks.append(budget) }
        if let more = context.moreBlock(for: top) { blocks.append(more) }
        if let about = context.aboutBlock(for: top) { blocks.append(about) }
        for child in metrics.dropFirst() { blocks.append(try builder.block(for: child)) }
        return context.document(module: Self.screenID, blocks: blocks)
    }
}

extension ScreenContext {
    /// A document for this context's screen with `blocks`.
    public func document(module: String, blocks: [ScreenBlock]) -> ScreenDocument {
        ScreenDocument(screenID: screen.id, name: screen.name, pillarID: screen.pillarID,
                       subjectID: screen.subjectID, module: module, asOf: asOf, blocks: blocks)
    }

    /// The document of a screen with nothing to draw: its header and the empty state.
    public func emptyDocument(module: String) -> ScreenDocument {
        document(module: module, blocks: [headerBlock(), emptyBlock(for: nil)])
    }
}
