import VitalsKit

/// Writes frames to a terminal by rows: only the rows that differ from the last frame are
/// sent, each after a cursor move, so nothing is cleared and nothing flickers.
///
/// A new size (or `invalidate()`, after Ctrl-L) clears the screen once and sends every row.
package struct FrameDiff: Sendable {
    private var previous: ExplorerFrame?

    package init() {}

    /// Forgets the last frame, so the next one is sent whole.
    package mutating func invalidate() { previous = nil }

    /// The rows of `frame` that differ from `old` (all of them when the size changed).
    package static func changedRows(from old: ExplorerFrame?, to frame: ExplorerFrame) -> [Int] {
        guard let old, old.size == frame.size, old.lines.count == frame.lines.count else {
            return Array(frame.lines.indices)
        }
        return frame.lines.indices.filter { old.lines[$0] != frame.lines[$0] }
    }

    /// The bytes that turn the terminal's last frame into `frame` ("" when nothing changed).
    package mutating func output(for frame: ExplorerFrame) -> String {
        let full = previous == nil || previous?.size != frame.size
        let rows = Self.changedRows(from: previous, to: frame)
        previous = frame
        guard !rows.isEmpty else { return "" }
        var out = "\u{1B}[?2026h"  // synchronized update, where the terminal supports it
        if full { out += "\u{1B}[0m\u{1B}[2J" }
        for row in rows {
            out += "\u{1B}[\(row + 1);1H" + frame.lines[row]
        }
        out += "\u{1B}[0m\u{1B}[?2026l"
        return out
    }
}
