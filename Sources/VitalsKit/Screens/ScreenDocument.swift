/// One part of a rendered screen: its text lines and the same content as data.
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
    /// Lines of exactly the profile's width (colour codes aside).
    public var lines: [String]
    /// The block's content for `--format json`.
    public var data: JSONValue

    public init(kind: Kind, metricID: String? = nil, lines: [String], data: JSONValue) {
        self.kind = kind; self.metricID = metricID; self.lines = lines; self.data = data
    }
}

/// A rendered screen: who made it and its blocks in order.
public struct ScreenDocument: Sendable {
    public var screenID: String
    public var name: String
    public var pillarID: String
    public var subjectID: String
    /// The module that composed it (`generic` or the custom module's screen id).
    public var module: String
    public var asOf: LocalDate
    public var blocks: [ScreenBlock]

    public init(screenID: String, name: String, pillarID: String, subjectID: String,
                module: String, asOf: LocalDate, blocks: [ScreenBlock]) {
        self.screenID = screenID; self.name = name; self.pillarID = pillarID
        self.subjectID = subjectID; self.module = module; self.asOf = asOf; self.blocks = blocks
    }

    /// The screen as lines of `width` columns, one blank line between blocks.
    public func lines(width: Int) -> [String] {
        let blank = String(repeating: " ", count: width)
        var out: [String] = []
        for block in blocks where !block.lines.isEmpty {
            if !out.isEmpty { out.append(blank) }
            out += block.lines
        }
        return out
    }

    /// The screen as data: ids, the as-of date and every block's content.
    public var json: JSONValue {
        .object([
            ("screen_id", .string(screenID)),
            ("name", .string(name)),
            ("pillar", .string(pillarID)),
            ("subject", .string(subjectID)),
            ("module", .string(module)),
            ("as_of", .string(asOf.description)),
            ("blocks", .array(blocks.map { block in
                var pairs: [(String, JSONValue)] = [("kind", .string(block.kind.rawValue))]
                if let id = block.metricID { pairs.append(("metric_id", .string(id))) }
                pairs.append(("data", block.data))
                return .object(pairs)
            })),
        ])
    }
}
