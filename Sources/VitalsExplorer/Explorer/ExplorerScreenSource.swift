import VitalsKit

/// The screen pane's input: which screen, at which width. Colour is not part of it: the
/// pane's rows keep their styles, and the view shows them with or without colour.
package struct ExplorerPaneRequest: Sendable, Hashable {
    package var screenID: String
    package var request: ScreenRequest
    package var width: Int

    package init(screenID: String, request: ScreenRequest, width: Int) {
        self.screenID = screenID
        self.request = request
        self.width = width
    }
}

/// A drawn screen for the pane: its styled rows, the row each metric's block starts on, and
/// how many more metrics the screen has than it shows (the key bar says how to open them).
package struct ExplorerPaneContent: Sendable {
    package var rows: TextCanvas
    package var metricLines: [String: Int]
    package var moreMetrics: Int

    package init(rows: TextCanvas, metricLines: [String: Int] = [:], moreMetrics: Int = 0) {
        self.rows = rows
        self.metricLines = metricLines
        self.moreMetrics = moreMetrics
    }

    /// The number of rows.
    package var lineCount: Int { rows.height }

    /// The rows as plain text.
    package var lines: [String] { rows.lines(colorLevel: .none) }
}

/// Where the screen pane's lines come from; tests and the command pass a
/// `RegistryScreenSource`, other sources can stand in.
package protocol ExplorerScreenSource: AnyObject {
    /// The screen drawn for `request`; a failure is drawn as its message.
    func content(for request: ExplorerPaneRequest) -> ExplorerPaneContent
    /// The colour level used when colour is on.
    var colorLevel: ColorLevel { get }
    /// The glyphs every pane is drawn with.
    var glyphs: Glyphs { get }
}

/// Draws screens with a `ScreenRegistry` — the code `vitals render` uses — and keeps the
/// drawn rows, so moving back and forth or turning colour off and on does not query the
/// store again.
package final class RegistryScreenSource: ExplorerScreenSource {
    package let catalog: Catalog
    package let store: SampleStore
    /// The screen modules and chart kinds of the run.
    package let extensions: Extensions
    package var registry: ScreenRegistry { extensions.screens }
    package let colorLevel: ColorLevel
    package let glyphs: Glyphs
    package let numbers: NumberStyle
    private var cache: [ExplorerPaneRequest: ExplorerPaneContent] = [:]

    /// - Parameter colorLevel: the level used while colour is on (`c` turns it off and on).
    package init(
        catalog: Catalog, store: SampleStore, extensions: Extensions,
        colorLevel: ColorLevel, glyphs: Glyphs, numbers: NumberStyle = .point
    ) {
        self.catalog = catalog
        self.store = store
        self.extensions = extensions
        self.colorLevel = colorLevel
        self.glyphs = glyphs
        self.numbers = numbers
    }

    package func content(for request: ExplorerPaneRequest) -> ExplorerPaneContent {
        if let cached = cache[request] { return cached }
        let content = render(request)
        if cache.count > 200 { cache.removeAll() }
        cache[request] = content
        return content
    }

    private func render(_ request: ExplorerPaneRequest) -> ExplorerPaneContent {
        let width = max(RenderProfile.minimumWidth, request.width)
        let profile = RenderProfile(width: width, colorLevel: colorLevel, glyphs: glyphs, numbers: numbers)
        guard let screen = catalog.screen(request.screenID) else {
            var canvas = TextCanvas(width: width)
            canvas.addLine("No screen \(request.screenID)")
            return ExplorerPaneContent(rows: canvas)
        }
        do {
            var document = try registry.render(
                ScreenContext(
                    catalog: catalog, screen: screen, store: store,
                    request: request.request, profile: profile,
                    chartKinds: extensions.chartKinds))
            // "▸ 3 more metrics — vitals render protein --children" is a shell command; here
            // Enter opens them, and the key bar says so instead.
            let more = document.blocks.filter { $0.kind == .more }.reduce(0) { $0 + Self.count(in: $1.data) }
            document.blocks.removeAll { $0.kind == .more }
            let drawn = TerminalOutput(profile: document.profile).draw(document)
            return ExplorerPaneContent(rows: drawn.canvas, metricLines: drawn.metricRows, moreMetrics: more)
        } catch {
            let message = (error as? any VitalsError)?.message ?? String(describing: error)
            let rows: [TextRow] =
                [.line("\(glyphs.cross) \(screen.name) could not be drawn", Style(bold: true))]
                + ScreenText.wrap(message, width: width - 2).map { .line("  " + $0, ScreenText.muted) }
            let document = ScreenDocument(
                screenID: screen.id, name: screen.name, pillarID: screen.pillarID,
                subjectID: screen.subjectID, module: "error", asOf: request.request.asOf,
                blocks: [ScreenBlock(kind: .empty, rows: rows, data: .null)],
                profile: profile)
            return ExplorerPaneContent(rows: TerminalOutput(profile: profile).draw(document).canvas)
        }
    }

    /// The `count` of a "more metrics" block's values.
    private static func count(in data: JSONValue) -> Int {
        guard case .object(let pairs) = data, case .number(let count)? = pairs.first(where: { $0.0 == "count" })?.1
        else { return 0 }
        return Int(count)
    }
}
