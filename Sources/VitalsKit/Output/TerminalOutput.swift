/// The terminal backend: draws a `ScreenDocument` as styled rows of exactly the profile's
/// width, and those rows as lines with the profile's colour level (none, 16, 256 or 24-bit).
///
/// Drawing keeps styles as values until the last step, so the explorer can show the same
/// rows with colour and without it, and a test can compare the plain text.
package struct TerminalOutput: Sendable {
    package let profile: RenderProfile

    package init(profile: RenderProfile) { self.profile = profile }

    /// The document's rows, one blank row between blocks, and the row each metric's first
    /// block starts on.
    package func draw(_ document: ScreenDocument) -> (canvas: TextCanvas, metricRows: [String: Int]) {
        document.speaking { drawBlocks(document) }
    }

    private func drawBlocks(_ document: ScreenDocument) -> (canvas: TextCanvas, metricRows: [String: Int]) {
        var canvas = TextCanvas(width: profile.width)
        var metricRows: [String: Int] = [:]
        for block in document.blocks {
            let drawn = draw(block)
            guard drawn.height > 0 else { continue }
            if canvas.height > 0 { canvas.addRow() }
            if let id = block.metricID, metricRows[id] == nil { metricRows[id] = canvas.height }
            canvas.append(drawn)
        }
        return (canvas, metricRows)
    }

    /// The document as lines in the profile's colour level.
    package func lines(_ document: ScreenDocument) -> [String] {
        draw(document).canvas.lines(colorLevel: profile.colorLevel)
    }

    /// One block's rows.
    package func draw(_ block: ScreenBlock) -> TextCanvas {
        switch block.content {
        case .header(let header):
            return TerminalText(profile: profile).header(header)
        case .chart(let figure):
            var canvas = figure.kind.draw(figure.input, profile: profile)
            canvas.append(TerminalText(profile: profile).rows(figure.terminalLegend + figure.notes))
            return canvas
        case .text(let rows):
            return TerminalText(profile: profile).rows(rows)
        case .drawing(let drawing):
            return drawing.draw(profile: profile)
        case .table(let table):
            // The terminal's drawing holds the whole table, its notes included.
            return table.terminalDrawing?.draw(profile: profile)
                ?? TerminalText(profile: profile).rows(table.terminalRows + table.notes)
        }
    }
}
