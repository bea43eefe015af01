/// The layout every screen without a custom module gets: the header, the primary metric's
/// chart (its empty state and the command to log data when it has none), a line naming the
/// child metrics (or, with `--children`, their charts), and the About text.
public struct GenericScreen: ScreenModule {
    /// The generic module serves no one screen; the registry falls back to it.
    public static let screenID = "generic"

    public init() {}

    public func render(_ context: ScreenContext, config: NoScreenConfig?) throws -> ScreenDocument {
        try context.compose(module: Self.screenID, extras: {
            guard let top = context.metricsToDraw.first else { return [] }
            var blocks: [ScreenBlock] = []
            if let weighIns = try context.weighInsBlock(for: top) { blocks.append(weighIns) }
            if let budget = try context.budgetBlock(series: top.binding.seriesID.map { [$0] } ?? [], metricID: top.id) {
                blocks.append(budget)
            }
            return blocks
        })
    }
}

extension ScreenContext {
    /// A document for this context's screen with `blocks`.
    public func document(module: String, blocks: [ScreenBlock]) -> ScreenDocument {
        ScreenDocument(screenID: screen.id, name: screen.name, pillarID: screen.pillarID,
                       subjectID: screen.subjectID, module: module, asOf: asOf, blocks: blocks,
                       profile: profile)
    }

    /// The document of a screen with nothing to draw: its header and the empty state.
    public func emptyDocument(module: String) -> ScreenDocument {
        document(module: module, blocks: [headerBlock(), emptyBlock(for: nil)])
    }
}
