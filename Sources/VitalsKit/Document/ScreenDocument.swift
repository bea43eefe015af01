/// One part of a screen: what it is, which metric it belongs to, what it shows (as values)
/// and the same content as data for `--format json`.
public struct ScreenBlock: Sendable {
    /// What the block is, for JSON readers and for the explorer.
    public enum Kind: String, Sendable {
        /// The screen's name, pillar and subject.
        case header
        /// A metric's chart (`metricID` set).
        case chart
        /// A headline number or sentence composed by a module (a hero, a verdict, streaks).
        case summary
        /// "▸ 3 more metrics — vitals render protein --children".
        case more
        /// A metric's About text (what / why).
        case about
        /// Nothing to show yet, with the command that logs data.
        case empty
    }

    public var kind: Kind
    /// The metric the block belongs to, if any.
    public var metricID: String?
    /// What the block shows; an output backend draws it.
    public var content: BlockContent
    /// The block's content for `--format json`.
    public var data: JSONValue

    public init(kind: Kind, metricID: String? = nil, content: BlockContent, data: JSONValue) {
        self.kind = kind
        self.metricID = metricID
        self.content = content
        self.data = data
    }

    /// A block of text rows.
    public init(kind: Kind, metricID: String? = nil, rows: [TextRow], data: JSONValue) {
        self.init(kind: kind, metricID: metricID, content: .text(rows), data: data)
    }

    /// Adds `rows` under the block: a chart's notes, or more text rows.
    public mutating func append(_ rows: [TextRow]) {
        switch content {
        case .chart(var figure):
            figure.notes += rows
            content = .chart(figure)
        case .text(let existing):
            content = .text(existing + rows)
        case .table(var table):
            table.notes += rows
            content = .table(table)
        case .header, .drawing:
            break
        }
    }
}

/// A screen as values: who made it, for which day, and its blocks in order. Composed once;
/// drawn by an output backend — `TerminalOutput` for text (any colour level, width or glyph
/// set of the same layout), `json` for data — without querying again.
public struct ScreenDocument: Sendable {
    public var screenID: String
    public var name: String
    public var pillarID: String
    public var subjectID: String
    /// The module that composed it (`generic` or the custom module's screen id).
    public var module: String
    public var asOf: LocalDate
    public var blocks: [ScreenBlock]
    /// The profile the document was composed for: its width decided how many buckets fit.
    public var profile: RenderProfile
    /// The language of its words (`en`, `nl`): every backend draws its chrome in it.
    public var language: String = "en"
    /// The table of `language` when the catalog brings its own (`Catalog.words(for:)`); nil:
    /// the shipped one.
    public var words: LanguageTable? = nil

    public init(
        screenID: String, name: String, pillarID: String, subjectID: String,
        module: String, asOf: LocalDate, blocks: [ScreenBlock],
        profile: RenderProfile = RenderProfile(width: 80)
    ) {
        self.screenID = screenID
        self.name = name
        self.pillarID = pillarID
        self.subjectID = subjectID
        self.module = module
        self.asOf = asOf
        self.blocks = blocks
        self.profile = profile
    }

    /// `body` with the words of the document's language (`Words.current`).
    public func speaking<T>(_ body: () throws -> T) rethrows -> T {
        try Words.speaking(words ?? LanguageTables.table(for: language), body)
    }

    /// The screen as data: ids, the language when not English, the as-of date and every
    /// block's content.
    public var json: JSONValue {
        .object(
            [
                ("screen_id", .string(screenID)),
                ("name", .string(name)),
                ("pillar", .string(pillarID)),
                ("subject", .string(subjectID)),
                ("module", .string(module)),
            ] + (language == "en" ? [] : [("language", .string(language))]) + [
                ("as_of", .string(DateWords.iso(asOf))),
                (
                    "blocks",
                    .array(
                        blocks.map { block in
                            var pairs: [(String, JSONValue)] = [("kind", .string(block.kind.rawValue))]
                            if let id = block.metricID { pairs.append(("metric_id", .string(id))) }
                            pairs.append(("data", block.data))
                            return .object(pairs)
                        })
                ),
            ])
    }
}
