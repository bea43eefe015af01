/// A grid of styled cells of a fixed width that renders to lines of exactly that width.
///
/// Text is sanitized and measured by display columns as it is written: a wide character
/// takes two cells, combining marks join the cell before them, and anything that would cross
/// the right edge is clipped. `lines(colorLevel:)` emits ANSI SGR codes only when the level is
/// not `none`, and resets the style at the end of every line that used one.
public struct TextCanvas: Sendable {
    /// One column of a row: its text, or a continuation of a wide character to its left.
    struct Cell: Sendable {
        var text: String
        var style: Style
        /// 1 for a normal cell, 2 for the left half of a wide character, 0 for its right half.
        var width: Int

        static let blank = Cell(text: " ", style: .plain, width: 1)
    }

    /// The width of every row, in display columns.
    public let width: Int
    private(set) var rows: [[Cell]] = []

    /// An empty canvas of `width` columns and `height` blank rows.
    public init(width: Int, height: Int = 0) {
        self.width = max(1, width)
        rows = Array(repeating: Array(repeating: .blank, count: self.width), count: max(0, height))
    }

    /// The number of rows.
    public var height: Int { rows.count }

    /// Appends a blank row and returns its index.
    @discardableResult
    public mutating func addRow() -> Int {
        rows.append(Array(repeating: .blank, count: width))
        return rows.count - 1
    }

    /// Appends a row holding `text` from column 0.
    public mutating func addLine(_ text: String, style: Style = .plain) {
        let row = addRow()
        write(text, row: row, column: 0, style: style)
    }

    /// Writes `text` starting at `column` of `row` and returns the column after it.
    ///
    /// The text is stripped of control characters first; it is clipped at the right edge.
    @discardableResult
    public mutating func write(
        _ text: String, row: Int, column: Int,
        style: Style = .plain
    ) -> Int {
        guard rows.indices.contains(row) else { return column }
        var col = max(0, column)
        for character in Sanitize.inline(text) {
            let w = DisplayWidth.of(character)
            if w == 0 {
                if col > 0 { appendCombining(character, row: row, column: col - 1) }
                continue
            }
            if col + w > width { break }
            clear(row: row, column: col)
            if w == 2 { clear(row: row, column: col + 1) }
            rows[row][col] = Cell(text: String(character), style: style, width: w)
            if w == 2 { rows[row][col + 1] = Cell(text: "", style: style, width: 0) }
            col += w
        }
        return col
    }

    /// Writes `text` so that it ends at column `end` (exclusive); returns its start column.
    @discardableResult
    public mutating func writeRightAligned(
        _ text: String, row: Int, end: Int,
        style: Style = .plain
    ) -> Int {
        let start = max(0, end - DisplayWidth.of(Sanitize.inline(text)))
        write(text, row: row, column: start, style: style)
        return start
    }

    /// Appends the rows of `other`, clipped or padded to this canvas's width.
    public mutating func append(_ other: TextCanvas) {
        for cells in other.rows {
            if cells.count == width {
                rows.append(cells)
                continue
            }
            var row = Array(cells.prefix(width))
            // A wide character cut in half at the edge becomes a blank.
            if let last = row.last, last.width == 2 { row[row.count - 1] = .blank }
            row += Array(repeating: .blank, count: width - row.count)
            rows.append(row)
        }
    }

    /// The rows in `range` (clamped to the canvas) as a canvas of the same width.
    public func slice(_ range: Range<Int>) -> TextCanvas {
        var part = TextCanvas(width: width)
        let lower = max(0, min(range.lowerBound, rows.count))
        let upper = max(lower, min(range.upperBound, rows.count))
        part.rows = Array(rows[lower..<upper])
        return part
    }

    /// Whether the cell at `column` of `row` holds only a space.
    public func isBlank(row: Int, column: Int) -> Bool {
        guard rows.indices.contains(row), (0..<width).contains(column) else { return false }
        return rows[row][column].text == " "
    }

    /// The rows as strings, each exactly `width` display columns wide.
    public func lines(colorLevel: ColorLevel) -> [String] {
        rows.map { line($0, colorLevel: colorLevel) }
    }

    private func line(_ cells: [Cell], colorLevel: ColorLevel) -> String {
        var out = ""
        var current = Style.plain
        var styled = false
        for cell in cells where cell.width > 0 {
            if colorLevel != .none, cell.style != current {
                if styled {
                    out += Style.reset
                    styled = false
                }
                let code = cell.style.sgr(for: colorLevel)
                if !code.isEmpty {
                    out += code
                    styled = true
                }
                current = cell.style
            }
            out += cell.text
        }
        if styled { out += Style.reset }
        return out
    }

    /// Blanks the cell at `column` and the other half of a wide character it belongs to.
    private mutating func clear(row: Int, column: Int) {
        guard (0..<width).contains(column) else { return }
        let cell = rows[row][column]
        if cell.width == 0, column > 0 { rows[row][column - 1] = .blank }
        if cell.width == 2, column + 1 < width { rows[row][column + 1] = .blank }
        rows[row][column] = .blank
    }

    private mutating func appendCombining(_ character: Character, row: Int, column: Int) {
        var target = column
        if rows[row][target].width == 0, target > 0 { target -= 1 }
        rows[row][target].text.append(character)
    }
}
