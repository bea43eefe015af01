/// The screen pane's input: which screen, drawn how.
public struct ExplorerPaneRequest: Sendable, Hashable {
    public var screenID: String
    public var request: ScreenRequest
    public var width: Int
    public var colorOn: Bool

    public init(screenID: String, request: ScreenRequest, width: Int, colorOn: Bool) {
        self.screenID = screenID; self.request = request; self.width = width; self.colorOn = colorOn
    }
}

/// A rendered screen for the pane: its lines and the line each metric's block starts on.
public struct ExplorerPaneContent: Sendable {
    public var lines: [String]
    public var metricLines: [String: Int]

    public init(lines: [String], metricLines: [String: Int] = [:]) {
        self.lines = lines; self.metricLines = metricLines
    }
}

/// Where the screen pane's lines come from; tests and the command pass a
/// `RegistryScreenSource`, other sources can stand in.
public protocol ExplorerScreenSource: AnyObject {
    /// The screen drawn for `request`; a failure is drawn as its message.
    func content(for request: ExplorerPaneRequest) -> ExplorerPaneContent
    /// The colour level used when colour is on.
    var colorLevel: ColorLevel { get }
    /// The glyphs every pane is drawn with.
    var glyphs: Glyphs { get }
}

/// Draws screens with a `ScreenRegistry` — the code `vitals render` uses — and keeps the
/// results, so moving back and forth does not query the store again.
public final class RegistryScreenSource: ExplorerScreenSource {
    public let catalog: Catalog
    public let store: SampleStore
    public let registry: ScreenRegistry
    public let colorLevel: ColorLevel
    public let glyphs: Glyphs
    public let numbers: NumberStyle
    private var cache: [ExplorerPaneRequest: ExplorerPaneContent] = [:]

    /// - Parameter colorLevel: the level used while colour is on (`c` turns it off and on).
    public init(catalog: Catalog, store: SampleStore, registry: ScreenRegistry,
                colorLevel: ColorLevel, glyphs: Glyphs, numbers: NumberStyle = .point) {
        self.catalog = catalog; self.store = store; self.registry = registry
        self.colorLevel = colorLevel; self.glyphs = glyphs; self.numbers = numbers
    }

    public func content(for request: ExplorerPaneRequest) -> ExplorerPaneContent {
        if let cached = cache[request] { return cached }
        let content = render(request)
        if cache.count > 200 { cache.removeAll() }
        cache[request] = content
        return content
    }

    private func render(_ request: ExplorerPaneRequest) -> ExplorerPaneContent {
        let width = max(RenderProfile.minimumWidth, request.width)
        let profile = RenderProfile(width: width, colorLevel: request.colorOn ? colorLevel : .none,
                                    glyphs: glyphs, numbers: numbers)
        guard let screen = catalog.screen(request.screenID) else {
            return ExplorerPaneContent(lines: ["No screen \(request.screenID)"])
        }
        do {
            let document = try registry.render(ScreenContext(catalog: catalog, screen: screen, store: store,
                                                             request: request.request, profile: profile))
            var lines: [String] = []
            var metricLines: [String: Int] = [:]
            for block in document.blocks where !block.lines.isEmpty {
                if !lines.isEmpty { lines.append(String(repeating: " ", count: width)) }
                if let id = block.metricID, metricLines[id] == nil { metricLines[id] = lines.count }
                lines += block.lines
            }
            return ExplorerPaneContent(lines: lines, metricLines: metricLines)
        } catch {
            let message = (error as? any VitalsError)?.message ?? String(describing: error)
            let text = ScreenText(profile: profile)
            return ExplorerPaneContent(lines: text.lines(
                [("\(glyphs.cross) \(screen.name) could not be drawn", Style(bold: true))]
                + ScreenText.wrap(message, width: width - 2).map { ("  " + $0, ScreenText.muted) }))
        }
    }
}
