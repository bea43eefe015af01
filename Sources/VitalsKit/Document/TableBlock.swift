/// A table in a document — a caption, column headings, rows of cells, a legend of colour
/// swatches and notes under it — kept as values, so each backend draws it as what it is:
/// an HTML `<table>` (swatches as SVG squares) in a report, columns of text in the terminal.
public struct TableBlock: Sendable {
    /// One cell: its text, colour and weight, or a coloured square (a calendar day) whose
    /// text names it.
    public struct Cell: Sendable, Hashable {
        public var text: String
        /// The text colour (`#RRGGBB`), nil for the default.
        public var color: String?
        public var bold: Bool
        /// A square of this colour instead of the text (the text is its accessible name).
        public var swatch: String?
        /// Drawn hollow (its outline only): a day not judged yet.
        public var hollow: Bool

        public init(
            _ text: String, color: String? = nil, bold: Bool = false, swatch: String? = nil, hollow: Bool = false
        ) {
            self.text = text
            self.color = color
            self.bold = bold
            self.swatch = swatch
            self.hollow = hollow
        }
    }

    /// One entry of the legend: a swatch and what it means.
    public struct Swatch: Sendable, Hashable {
        public var name: String
        public var color: String
        public var hollow: Bool

        public init(name: String, color: String, hollow: Bool = false) {
            self.name = name
            self.color = color
            self.hollow = hollow
        }
    }

    public var caption: String?
    /// Column headings; empty for a table without a heading row.
    public var columns: [String]
    /// Rows of cells; the first cell of each row is the row's heading.
    public var rows: [[Cell]]
    public var legend: [Swatch]
    /// Rows of text under the table ("Most often off: …").
    public var notes: [TextRow]
    /// The terminal's own layout of the same table, notes included (its glyphs and column
    /// widths at the output's width); nil: `terminalRows` and the notes.
    public var terminalDrawing: (any BlockDrawing)?
    /// What the terminal shows when there is no drawing: rows of text.
    public var terminalRows: [TextRow]

    public init(
        caption: String?, columns: [String], rows: [[Cell]], legend: [Swatch] = [], notes: [TextRow] = [],
        terminalDrawing: (any BlockDrawing)? = nil, terminalRows: [TextRow] = []
    ) {
        self.caption = caption
        self.columns = columns
        self.rows = rows
        self.legend = legend
        self.notes = notes
        self.terminalDrawing = terminalDrawing
        self.terminalRows = terminalRows
    }
}
