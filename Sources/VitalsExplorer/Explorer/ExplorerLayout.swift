import VitalsKit

/// Where the explorer's parts go at a terminal size: a title row, the list pane on the left,
/// a rule and a space, the screen pane (at least 40 columns) and a key bar at the bottom.
package struct ExplorerLayout: Sendable, Hashable {
    /// Below this the explorer shows a message instead of its panes.
    package static let minimumSize = ExplorerSize(columns: 60, rows: 20)

    package let size: ExplorerSize

    package init(size: ExplorerSize) { self.size = size }

    /// Whether the panes fit.
    package var fits: Bool {
        size.columns >= Self.minimumSize.columns && size.rows >= Self.minimumSize.rows
    }

    /// Columns of the list pane: a third of the terminal, 19 to 30, leaving the screen pane 40.
    package var listWidth: Int {
        min(max(19, size.columns / 3), 30, size.columns - RenderProfile.minimumWidth - 2)
    }

    /// Columns of the screen pane.
    package var screenWidth: Int { size.columns - listWidth - 2 }

    /// Rows of both panes.
    package var paneHeight: Int { max(1, size.rows - 2) }
}

/// One drawn frame: exactly `size.rows` lines of `size.columns` columns (SGR codes aside).
package struct ExplorerFrame: Sendable, Hashable {
    package var size: ExplorerSize
    package var lines: [String]

    package init(size: ExplorerSize, lines: [String]) {
        self.size = size
        self.lines = lines
    }

    /// The lines without colour codes, as a person reads them.
    package var text: [String] { lines.map(StyledLine.strip) }
}
