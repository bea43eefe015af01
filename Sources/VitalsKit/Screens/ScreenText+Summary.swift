/// One row of a module's summary block: parts joined by `joiner` (the separator glyph when
/// nil), wrapped between parts when wider than the profile, all in one style.
public struct SummaryRow: Sendable {
    public var parts: [String]
    public var style: Style
    public var joiner: String?

    public init(_ parts: [String], style: Style = .plain, joiner: String? = nil) {
        self.parts = parts
        self.style = style
        self.joiner = joiner
    }
}

extension ScreenText {
    /// The rows of a module's summary block: each row's parts joined (" · " or " | " by
    /// default), wrapped between parts when the row is wider than the output (continuations
    /// indented by two), every part sanitized.
    public func summaryRows(_ rows: [SummaryRow]) -> [TextRow] {
        rows.map { .parts($0.parts, $0.style, joiner: $0.joiner) }
    }
}
