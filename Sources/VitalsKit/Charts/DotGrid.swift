/// A plot surface of dots in layers: braille (2×4 dots a cell) or ASCII (one mark a cell).
///
/// Layer 0 has the highest priority: a cell takes the style (and, in ASCII, the mark) of
/// the first layer with a dot in it; in braille the dots of all layers are combined.
public struct DotGrid {
    public let columns: Int, rows: Int
    public let braille: Bool
    private var masks: [[UInt8]]

    public var dotColumns: Int { columns * (braille ? 2 : 1) }
    public var dotRows: Int { rows * (braille ? 4 : 1) }

    public init(columns: Int, rows: Int, layers: Int, braille: Bool) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.braille = braille
        masks = Array(repeating: Array(repeating: 0, count: self.columns * self.rows), count: layers)
    }

    /// Sets the dot at (`x`, `y`), y counted from the top; dots outside are ignored.
    public mutating func set(x: Int, y: Int, layer: Int) {
        guard x >= 0, y >= 0, x < dotColumns, y < dotRows else { return }
        if braille {
            let bits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]
            masks[layer][(y / 4) * columns + x / 2] |= bits[x % 2][y % 4]
        } else {
            masks[layer][y * columns + x] = 1
        }
    }

    /// Draws a straight line of dots; `dotted` leaves every other dot out.
    public mutating func line(
        from start: (x: Int, y: Int), to end: (x: Int, y: Int), layer: Int,
        dotted: Bool = false
    ) {
        var x = start.x
        var y = start.y
        let dx = abs(end.x - x)
        let dy = -abs(end.y - y)
        let sx = x < end.x ? 1 : -1
        let sy = y < end.y ? 1 : -1
        var error = dx + dy
        var count = 0
        while true {
            if !dotted || count % 2 == 0 { set(x: x, y: y, layer: layer) }
            count += 1
            if x == end.x && y == end.y { break }
            let doubled = 2 * error
            if doubled >= dy {
                error += dy
                x += sx
            }
            if doubled <= dx {
                error += dx
                y += sy
            }
        }
    }

    /// Whether any layer has a dot in the cell.
    public func isSet(column: Int, row: Int) -> Bool {
        masks.contains { $0[row * columns + column] != 0 }
    }

    /// Writes the non-empty cells onto `canvas` with the top-left cell at (`top`, `left`).
    public func draw(
        on canvas: inout TextCanvas, top: Int, left: Int, styles: [Style],
        asciiMarks: [String]
    ) {
        for row in 0..<rows {
            for column in 0..<columns {
                let index = row * columns + column
                guard let layer = masks.indices.first(where: { masks[$0][index] != 0 }) else { continue }
                let text: String
                if braille {
                    let bits = masks.reduce(UInt8(0)) { $0 | $1[index] }
                    text = Unicode.Scalar(0x2800 + UInt32(bits)).map { String(Character($0)) } ?? asciiMarks[layer]
                } else {
                    text = asciiMarks[layer]
                }
                canvas.write(text, row: top + row, column: left + column, style: styles[layer])
            }
        }
    }
}
