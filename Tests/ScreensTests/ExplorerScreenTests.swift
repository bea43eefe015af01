import VitalsExplorer
import VitalsKit
import VitalsScreens
import XCTest

/// The explorer with the built-in screen modules: its screen pane is what `vitals render`
/// draws at the pane's width, for every shipped screen and every drill-down.
final class ExplorerScreenTests: XCTestCase {
    private let size = ExplorerSize(columns: 100, rows: 30)

    private func explorer() -> Explorer {
        let source = RegistryScreenSource(
            catalog: ScreenFixtures.catalog, store: ScreenFixtures.demoStore,
            extensions: .sdk + .builtInScreens, colorLevel: .truecolor,
            glyphs: .unicode)
        return Explorer(
            state: ExplorerState(catalog: ScreenFixtures.catalog, asOf: ScreenFixtures.asOf, size: size),
            source: source)
    }

    /// `render`'s lines without its "▸ N more metrics — vitals render … --children" (the pane
    /// holds no shell command; the key bar says Enter opens them).
    private func paneLines(_ id: String, profile: RenderProfile) throws -> [String] {
        var document = try ScreenFixtures.document(id, profile: profile)
        document.blocks.removeAll { $0.kind == .more }
        return document.lines(width: profile.width)
    }

    func testEveryScreenPaneMatchesRender() throws {
        var explorer = explorer()
        let layout = ExplorerLayout(size: size)
        let profile = ScreenFixtures.profile("unicode", width: layout.screenWidth)
        var seen = 0
        while seen < ScreenFixtures.catalog.activeScreensInOrder.count {
            if case .screen(let id) = explorer.state.selected {
                let expected = try paneLines(id, profile: profile).prefix(layout.paneHeight)
                let pane = explorer.frame().text.dropFirst().prefix(expected.count)
                    .map { String($0.dropFirst(layout.listWidth + 2)) }
                XCTAssertEqual(pane, Array(expected), id)
                seen += 1
            }
            let before = explorer.state.selected
            explorer.press(.down)
            if explorer.state.selected == before { break }
        }
        XCTAssertEqual(seen, ScreenFixtures.catalog.activeScreensInOrder.count)
    }

    func testDrillIntoEveryMetricWithChildrenMatchesRenderWithFocus() throws {
        let layout = ExplorerLayout(size: size)
        let profile = ScreenFixtures.profile("unicode", width: layout.screenWidth)
        for screen in ScreenFixtures.catalog.activeScreensInOrder {
            guard let primary = ScreenFixtures.catalog.primary(of: screen.id),
                !ScreenFixtures.catalog.children(of: primary.id).isEmpty
            else { continue }
            var explorer = explorer()
            var state = explorer.state
            state.select(.screen(screen.id))
            explorer = Explorer(state: state, source: explorer.view.source)
            explorer.press([.enter, .enter])
            XCTAssertEqual(explorer.state.screenRequest.focusMetricID, primary.id)
            let request = ScreenRequest(asOf: ScreenFixtures.asOf, showChildren: true, focusMetricID: primary.id)
            let expected = try ScreenFixtures.lines(screen.id, profile: profile, request: request)
            let pane = explorer.frame().text.dropFirst().prefix(min(layout.paneHeight, expected.count))
                .map { String($0.dropFirst(layout.listWidth + 2)) }
            XCTAssertEqual(pane, Array(expected.prefix(pane.count)), screen.id)
            for child in ScreenFixtures.catalog.children(of: primary.id) {
                XCTAssertTrue(expected.contains { $0.contains(child.displayName) }, "\(screen.id): \(child.id) drawn")
            }
        }
    }

    /// The `r` key's range reaches every chart, modules included: at a year the Protein pane's
    /// chart is regrouped into weekly means a day, as `vitals render protein --range 1y` draws it.
    func testTheRangeKeyReachesModuleCharts() throws {
        var explorer = explorer()
        var state = explorer.state
        state.select(.screen("SCREEN_PROTEIN"))
        explorer = Explorer(state: state, source: explorer.view.source)
        while explorer.state.range != .years(1) { explorer.press(.character("r")) }
        let layout = ExplorerLayout(size: size)
        let request = ScreenRequest(asOf: ScreenFixtures.asOf, range: .years(1))
        let expected = try ScreenFixtures.lines(
            "protein", profile: ScreenFixtures.profile("unicode", width: layout.screenWidth),
            request: request)
        let pane = explorer.frame().text.dropFirst().prefix(min(layout.paneHeight, expected.count))
            .map { String($0.dropFirst(layout.listWidth + 2)) }
        XCTAssertEqual(pane, Array(expected.prefix(pane.count)))
        XCTAssertTrue(
            pane.contains { $0.hasPrefix("Protein per day, weekly mean a day") }, pane.joined(separator: "\n"))
    }
}
