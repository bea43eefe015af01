/// The layout every screen without a custom module gets: the header, the primary metric's
/// chart (its empty state and the command to log data when it has none), a line naming the
/// child metrics (or, with `--children`, their charts), and the About text.
public struct GenericScreen: ScreenModule {
    /// The generic module serves no one screen; the registry falls back to it.
    public static let screenID = "generic"

    public init() {}

    /// A screen without a module may give its `growth_curve` charts a reference band as data:
    /// `config: {reference: {breed: …, tolerance_percent: 15, points: [{week, kg}, …]}}` —
    /// another breed or a child's growth chart needs no Swift.
    public func decodeConfig(
        _ node: YAMLNode?, of screen: DisplayScreen, in catalog: Catalog,
        problems: inout ConfigProblems
    ) -> GenericConfig? {
        guard let node, let reference = node["reference"] else { return GenericConfig() }
        for key in (node.pairs ?? []).compactMap(\.key.scalarText) where key != "reference" {
            problems.warning(
                "'\(Sanitize.inline(key))' is not read by the generic screen (it reads reference)",
                at: node[key])
        }
        guard let band = ReferenceBand.decode(reference, problems: &problems) else { return nil }
        guard let table = band.table else {
            problems.error(
                "the generic screen draws a table reference (points by week); a rule reference "
                    + "needs its screen's module", at: reference)
            return nil
        }
        return GenericConfig(reference: table, axisTitle: band.axisTitle)
    }

    public func render(_ context: ScreenContext, config: GenericConfig?) throws -> ScreenDocument {
        try context.compose(
            module: Self.screenID,
            adjust: { input, _ in
                guard let reference = config?.reference, var growth = input.growth else { return }
                // The table is in kg; the chart may be in another unit of mass.
                let factor = input.unit.flatMap { KnownUnit.convert(1, from: "kg", to: $0) } ?? 1
                let through = growth.measured.map(\.week).max().map { $0.rounded(.up) + 4 }
                growth.reference = reference.scaled(by: factor).bands(through: through)
                let tolerance =
                    "\(context.profile.glyphs.plusMinus)\(context.profile.numbers.compact(reference.tolerancePercent)) %"
                growth.referenceLabel = [reference.breed, reference.sex, tolerance].compactMap { $0 }.joined(
                    separator: " ")
                if let axis = config?.axisTitle { growth.axisTitle = axis }
                input.growth = growth
            },
            extras: {
                guard let top = context.metricsToDraw.first else { return [] }
                var blocks: [ScreenBlock] = []
                if let weighIns = try context.weighInsBlock(for: top) { blocks.append(weighIns) }
                if let goal = try context.goalBlock(for: top) { blocks.append(goal) }
                if let budget = try context.budgetBlock(
                    series: top.binding.seriesID.map { [$0] } ?? [], metricID: top.id)
                {
                    blocks.append(budget)
                }
                return blocks
            })
    }
}

/// What the generic screen reads from a `config` block: a reference band for its growth
/// curves, in kg by week.
public struct GenericConfig: Sendable {
    public var reference: ReferenceTable?
    public var axisTitle: String?

    public init(reference: ReferenceTable? = nil, axisTitle: String? = nil) {
        self.reference = reference
        self.axisTitle = axisTitle
    }
}

extension ScreenContext {
    /// A document for this context's screen with `blocks`.
    public func document(module: String, blocks: [ScreenBlock]) -> ScreenDocument {
        var document = ScreenDocument(
            screenID: screen.id, name: screen.name, pillarID: screen.pillarID,
            subjectID: screen.subjectID, module: module, asOf: asOf, blocks: blocks,
            profile: profile)
        let words = catalog.words(for: screen.language)
        document.language = words.code
        document.words = words
        return document
    }

    /// The document of a screen with nothing to draw: its header and the empty state.
    public func emptyDocument(module: String) -> ScreenDocument {
        document(module: module, blocks: [headerBlock(), emptyBlock(for: nil)])
    }
}
