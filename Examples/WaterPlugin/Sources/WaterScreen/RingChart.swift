import VitalsKit

/// `ring`: today's value as a share of the target, drawn as a ring of ten segments with the
/// percentage and the amount beside it — the "close your ring" figure of activity apps.
///
/// A chart kind from outside Vitals: it declares the data it reads (`progress`: today's value
/// against the target, which Vitals reads from the store) and draws styled cells; Vitals adds
/// colour, width and ASCII.
public struct RingChart: ChartKind {
    public static let id = "ring"
    public static let data = ChartData.progress

    public init() {}

    public func draw(_ input: ChartInput, profile: RenderProfile) -> TextCanvas {
        var canvas = TextCanvas(width: profile.width)
        canvas.addLine(input.title, style: Style(bold: true))
        guard let item = input.progress.first, let value = item.value else {
            canvas.addLine("  " + (input.emptyMessage ?? "Nothing logged today"), style: Style(dim: true))
            return canvas
        }
        let goal = Self.goal(item.target)
        let share = goal > 0 ? max(0, value / goal) : 0
        let filled = min(10, Int((share * 10).rounded(.down)))
        let (on, off) = profile.glyphs.isUnicode ? ("●", "○") : ("#", ".")
        let color = Style(hex: item.color ?? input.color)
        // Ten segments, clockwise from the top: three across the top, two down each side,
        // three across the bottom; each is a tenth of the goal.
        var grid = Array(repeating: Array(repeating: " ", count: 11), count: 4)
        for (index, cell) in Self.clockwise.enumerated() { grid[cell.row][cell.column] = index < filled ? on : off }
        let unit = item.unit ?? input.unit
        let amount = profile.numbers.format(value, unit: unit ?? "")
        let target = profile.numbers.format(goal, unit: unit ?? "")
        let words = [
            "\(Int((share * 100).rounded())) %", "\(amount) of \(target)", share >= 1 ? "ring closed" : "keep going",
        ]
        for (row, cells) in grid.enumerated() {
            let line = canvas.addRow()
            var column = 2
            for cell in cells {
                column = canvas.write(cell, row: line, column: column, style: cell == on ? color : Style(dim: true))
            }
            if row < words.count {
                canvas.write(words[row], row: line, column: column + 2, style: row == 0 ? Style(bold: true) : .plain)
            }
        }
        return canvas
    }

    /// The amount that closes the ring: the lower end of a range, the value of any other rule.
    static func goal(_ target: Target) -> Double {
        switch target {
        case .atLeast(let v), .atMost(let v), .exact(let v, _): return v
        case .range(let low, _): return low
        }
    }

    /// The ten segments clockwise from the top left, as (row, column) of a 4 × 11 grid.
    static let clockwise: [(row: Int, column: Int)] = [
        (0, 3), (0, 5), (0, 7), (1, 9), (2, 9), (3, 7), (3, 5), (3, 3), (2, 1), (1, 1),
    ]
}
