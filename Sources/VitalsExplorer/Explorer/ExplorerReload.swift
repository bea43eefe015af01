import VitalsKit

/// What the explorer shows after its files changed: a new screen source, the new catalog
/// (nil when it has errors: the list keeps the last good one while `source` shows the
/// errors), and the settings read again.
package struct ExplorerReload {
    package var catalog: Catalog?
    package var source: any ExplorerScreenSource
    package var weighIn: WeighInPolicy?
    package var dayCutoffMinutes: Int?

    package init(
        catalog: Catalog?, source: any ExplorerScreenSource, weighIn: WeighInPolicy? = nil,
        dayCutoffMinutes: Int? = nil
    ) {
        self.catalog = catalog
        self.source = source
        self.weighIn = weighIn
        self.dayCutoffMinutes = dayCutoffMinutes
    }
}

/// Gives a running explorer a reload when its files change (`TerminalSession.run` asks after
/// every wake). The command line's reloader watches the catalog, the settings file and the
/// database with a `FileWatcher`.
package protocol ExplorerReloader: AnyObject {
    /// Polled with the terminal's input: readable when something may have changed (nil: the
    /// reloader is asked on every wake, which comes at least every `millisecondsUntilNextCheck`).
    var descriptor: Int32? { get }
    /// The longest the explorer may wait before asking again.
    func millisecondsUntilNextCheck() -> Int
    /// Never blocks long: a reload when the files changed, else nil.
    func reload() -> ExplorerReload?
}

/// A screen pane that shows the same lines for every screen: the diagnostics of a catalog
/// saved with errors, where the screen was, until a good save brings the screen back.
package final class MessageScreenSource: ExplorerScreenSource {
    package let lines: [String]
    package let colorLevel: ColorLevel
    package let glyphs: Glyphs

    package init(lines: [String], colorLevel: ColorLevel, glyphs: Glyphs) {
        self.lines = lines
        self.colorLevel = colorLevel
        self.glyphs = glyphs
    }

    package func content(for request: ExplorerPaneRequest) -> ExplorerPaneContent {
        let width = max(1, request.width)
        var canvas = TextCanvas(width: width)
        for (index, line) in lines.enumerated() {
            let style = index == 0 ? Style(bold: true) : Style.plain
            // A line that fits keeps its spaces (a quoted source line and the caret under it).
            let wrapped = DisplayWidth.of(line) <= width ? [line] : ScreenText.wrap(line, width: width)
            for part in wrapped { canvas.addLine(part, style: style) }
        }
        return ExplorerPaneContent(rows: canvas)
    }
}
