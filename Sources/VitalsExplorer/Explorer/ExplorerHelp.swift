import VitalsKit

/// The explorer's fixed texts: the key list (`?`) and the card shown for a selected pillar.
package enum ExplorerHelp {
    /// Every key, as (keys, what it does); the README's table says the same.
    package static let keys: [(keys: String, action: String)] = [
        ("Up/Down, k/j", "move in the list (scroll in the screen pane)"),
        ("Enter, Right, l", "expand a pillar, open a screen, drill into a metric"),
        ("Left, Backspace, h", "back out of a metric, a screen, or to the pillar"),
        ("Tab", "switch between the list and the screen pane"),
        ("PgUp/PgDn, K/J, Space", "scroll the screen a page"),
        ("Home/End, g/G", "first/last row, or top/bottom of the screen"),
        ("/", "filter screens by name, alias or id (Enter keeps, Esc clears)"),
        ("r", "range: default, 7d, 30d, 12w, 6m, 1y, all"),
        ("u", "units: metric, US, UK"),
        ("c", "colour on or off"),
        ("Ctrl-L", "draw everything again"),
        ("?", "this help"),
        ("q, Esc, Ctrl-C", "quit (Esc clears a filter first)"),
    ]

    /// The key list drawn at `width`: keys and actions side by side when there is room for
    /// both, else each action under its keys.
    package static func canvas(width: Int, glyphs: Glyphs) -> TextCanvas {
        let keyWidth = keys.map { DisplayWidth.of($0.keys) }.max()! + 2
        let sideBySide = width - keyWidth >= 36
        let actionColumn = sideBySide ? keyWidth : 4
        var canvas = TextCanvas(width: width)
        canvas.addLine("Keys", style: Style(bold: true))
        canvas.addRow()
        for (keys, action) in keys {
            if !sideBySide { canvas.addLine(keys, style: Style(bold: true)) }
            for (index, line) in ScreenText.wrap(action, width: width - actionColumn).enumerated() {
                let row = canvas.addRow()
                if sideBySide && index == 0 { canvas.write(keys, row: row, column: 0, style: Style(bold: true)) }
                canvas.write(line, row: row, column: actionColumn)
            }
        }
        canvas.addRow()
        canvas.addLine("A metric marked \(glyphs.isUnicode ? "▸" : "+")N has N child metrics.", style: ScreenText.muted)
        return canvas
    }

    /// A pillar's name in its colour and the screens it holds.
    package static func pillarCard(
        _ pillar: Pillar, screens: [DisplayScreen], width: Int,
        glyphs: Glyphs
    ) -> TextCanvas {
        var canvas = TextCanvas(width: width)
        canvas.addLine(pillar.name, style: Style(hex: pillar.color, bold: true))
        canvas.addLine(
            String(repeating: glyphs.axisHorizontal, count: width), style: Style(hex: pillar.color, dim: true))
        canvas.addLine("\(screens.count) screen\(screens.count == 1 ? "" : "s")", style: ScreenText.muted)
        for screen in screens {
            let icon = glyphs.isUnicode ? screen.icon.map { $0 + " " } ?? "" : ""
            canvas.addLine("  \(glyphs.bullet) \(icon)\(screen.name)")
        }
        canvas.addRow()
        canvas.addLine("Enter shows or hides its screens; Down selects one.", style: ScreenText.muted)
        return canvas
    }
}
