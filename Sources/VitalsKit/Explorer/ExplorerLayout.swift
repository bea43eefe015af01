/// Where the explorer's parts go at a terminal size: a title row, the list pane on the left,
/// a rule and a space, the screen pane (at least 40 columns) and a key bar at the bottom.
public struct ExplorerLayout: Sendable, Hashable {
    /// Below this the explorer shows a message instead of its panes.
    public static let minimumSize = ExplorerSize(columns: 60, rows: 20)

    public let size: ExplorerSize

    public init(size: ExplorerSize) { self.size = size }

    /// Whether the panes fit.
    public var fits: Bool {
        size.columns >= Self.minimumSize.columns && size.rows >= Self.minimumSize.rows
    }

    /// Columns of the list pane: a third of the terminal, 19 to 30, leaving the screen pane 40.
    public var listWidth: Int {
        min(max(19, size.columns / 3), 30, size.columns - RenderProfile.minimumWidth - 2)
    }

    /// Columns of the screen pane.
    public var screenWidth: Int { size.columns - listWidth - 2 }

    /// Rows of both panes.
    public var paneHeight: Int { max(1, size.rows - 2) }
}

/// One drawn frame: exactly `size.rows` lines of `size.columns` columns (SGR codes aside).
public struct ExplorerFrame: Sendable, Hashable {
    public var size: ExplorerSize
    public var lines: [String]

    public init(size: ExplorerSize, lines: [String]) { self.size = size; self.lines = lines }

    /// The lines without colour codes, as a person reads them.
    public var text: [String] { lines.map(StyledLine.strip) }
}
