import XCTest

@testable import VitalsExplorer
@testable import VitalsKit

/// Frames drawn from key sequences, read as a person would read the terminal.
final class ExplorerViewTests: XCTestCase {
    private let listWidth = ExplorerLayout(size: ExplorerSize(columns: 100, rows: 30)).listWidth

    func testEveryRowHasTheTerminalsWidth() {
        for (columns, rows) in [(100, 30), (60, 20), (200, 60), (50, 15), (5, 2)] {
            var explorer = ExplorerFixtures.explorer(columns: columns, rows: rows)
            for keys in [[ExplorerKey](), [.enter, .enter], [.character("?")], [.character("c")]] {
                explorer.press(keys)
                let frame = explorer.frame()
                XCTAssertEqual(frame.lines.count, rows)
                for line in frame.text {
                    XCTAssertEqual(DisplayWidth.of(line), columns, "\(columns)x\(rows): \(line)")
                }
            }
        }
    }

    func testFirstFrameShowsPillarsScreensAndTheSelectedScreen() {
        let frame = ExplorerFixtures.explorer().frame()
        let text = frame.screenText
        XCTAssertTrue(frame.text[0].contains("Healthful Nutrition › Protein"), text)
        XCTAssertTrue(frame.text[1].hasPrefix(" ▾ Healthful Nutrition"), text)
        XCTAssertTrue(frame.text[2].hasPrefix("›   Protein"), text)
        XCTAssertTrue(text.contains("Protein per day (g)"), "the screen pane draws the screen")
        XCTAssertTrue(frame.text.last!.contains("? keys"), text)
    }

    /// The pane is the screen, not a shell: `render`'s "▸ 3 more metrics — vitals render
    /// protein --children" is left out, and the key bar says Enter opens them.
    func testThePaneHoldsNoShellCommandAndTheKeyBarSaysHowToOpenMore() {
        let frame = ExplorerFixtures.explorer().frame()
        let pane = frame.text.dropFirst().dropLast().map { String($0.dropFirst(listWidth + 2)) }.joined(separator: "\n")
        XCTAssertFalse(pane.contains("vitals render") || pane.contains("more metrics"), pane)
        XCTAssertTrue(frame.text.last!.contains("⏎ open (3 more metrics)"), frame.screenText)
    }

    /// The title names the units as the catalog's when none are chosen, and says "demo data"
    /// when the data is the embedded demo — at every width the layout takes.
    func testTheTitleSaysCatalogUnitsAndDemoData() {
        XCTAssertTrue(ExplorerFixtures.explorer().frame().text[0].contains("catalog units"))
        XCTAssertFalse(ExplorerFixtures.explorer().frame().text[0].contains("demo data"))
        for columns in [60, 80, 100, 200] {
            var state = ExplorerFixtures.state(columns: columns, rows: 24)
            state.showsDemoData = true
            let title = Explorer(state: state, source: ExplorerFixtures.source()).frame().text[0]
            XCTAssertTrue(title.contains("demo data"), "\(columns): \(title)")
            XCTAssertFalse(title.contains("YAML"), title)
        }
    }

    func testScreenPaneMatchesRenderAtThePaneWidth() throws {
        let explorer = ExplorerFixtures.explorer()
        let width = ExplorerLayout(size: explorer.state.size).screenWidth
        let screen = try XCTUnwrap(ExplorerFixtures.catalog.screen("SCREEN_PROTEIN"))
        let document = try ScreenRegistry.genericOnly.render(
            ScreenContext(
                catalog: ExplorerFixtures.catalog, screen: screen, store: ExplorerFixtures.store,
                request: ScreenRequest(asOf: ExplorerFixtures.asOf), profile: RenderProfile(width: width)))
        let rendered = document.lines(width: width)
        let pane = explorer.frame().text.dropFirst().prefix(10).map { String($0.dropFirst(listWidth + 2)) }
        XCTAssertEqual(Array(pane), Array(rendered.prefix(10)))
    }

    func testColourCodesOnlyWhenColourIsOn() {
        var explorer = ExplorerFixtures.explorer()
        XCTAssertFalse(explorer.frame().lines.joined().contains("\u{1B}["))
        explorer.press(.character("c"))
        let lines = explorer.frame().lines.joined()
        XCTAssertTrue(lines.contains("\u{1B}[7m"), "the selection is inverse")
        XCTAssertTrue(lines.contains("\u{1B}[1;38;2;"), "pillars in their colour")
    }

    func testFilterProtShowsOnlyProtein() {
        var explorer = ExplorerFixtures.explorer()
        explorer.press([.down, .down])
        explorer.type("/prot")
        let frame = explorer.frame()
        let list = frame.listText(width: listWidth).filter { !$0.isEmpty }
        XCTAssertEqual(list, ["▾ Healthful Nutrition", "›   Protein"], frame.screenText)
        XCTAssertTrue(frame.text.last!.hasPrefix(" /prot▏  1 screen"), frame.text.last!)
        XCTAssertTrue(frame.text[0].contains("› Protein"))
        explorer.press(.enter)
        XCTAssertTrue(explorer.frame().text.last!.contains("filter \"prot\""))
    }

    func testDrillIntoChildrenAndBack() {
        var explorer = ExplorerFixtures.explorer()
        explorer.press(.enter)
        var list = explorer.frame().listText(width: listWidth)
        XCTAssertEqual(list[0], "‹ Protein")
        XCTAssertTrue(list[1].hasPrefix("› ★ Protein per day"), list[1])
        XCTAssertTrue(list[1].hasSuffix("▸3"), "the primary is marked as having 3 children: \(list[1])")

        explorer.press(.enter)
        let frame = explorer.frame()
        list = frame.listText(width: listWidth)
        XCTAssertEqual(
            Array(list.prefix(5)),
            [
                "‹ Protein", "Protein per day", "› Protein per meal",
                "Protein per kg body weig…", "7-day average",
            ])
        XCTAssertTrue(frame.text[0].contains("Protein › Protein per day"), frame.text[0])
        XCTAssertFalse(frame.screenText.contains("more metrics"), "children are drawn, not announced")

        explorer.press(.down)
        let scrolled = explorer.frame()
        XCTAssertGreaterThan(explorer.state.scroll, 0)
        XCTAssertTrue(
            scrolled.text.dropFirst().contains { $0.contains("Protein per kg body weight (g/kg)") },
            "the pane scrolls to the selected child's chart:\n" + scrolled.screenText)
        explorer.press(.up)
        XCTAssertTrue(
            explorer.frame().text[1].contains("Protein per meal (g)"),
            "a chart that can reach the top is drawn at the top:\n" + explorer.frame().screenText)

        explorer.press(.left)
        list = explorer.frame().listText(width: listWidth)
        XCTAssertTrue(list[1].hasPrefix("› ★ Protein per day"), list.joined(separator: "\n"))
        XCTAssertEqual(explorer.state.scroll, 0)
        explorer.press(.left)
        XCTAssertTrue(explorer.frame().text[2].hasPrefix("›   Protein"))
    }

    func testRangeCyclingRedrawsWithTheNewRange() {
        var explorer = ExplorerFixtures.explorer()
        XCTAssertTrue(explorer.frame().text[0].contains("default range"))
        explorer.press(.character("r"))
        let week = explorer.frame()
        XCTAssertTrue(week.text[0].contains("7d"), week.text[0])
        XCTAssertTrue(week.screenText.contains("06-09"), "seven days end on the as-of date")
        XCTAssertFalse(week.screenText.contains("06-03"), week.screenText)
        explorer.press([.character("r"), .character("r")])
        XCTAssertTrue(explorer.frame().text[0].contains("12w"))
    }

    func testResizeBelowMinimumShowsMessageAndBack() {
        var explorer = ExplorerFixtures.explorer()
        explorer.press(.enter)
        explorer.resize(ExplorerSize(columns: 50, rows: 15))
        let small = explorer.frame()
        XCTAssertEqual(small.lines.count, 15)
        XCTAssertTrue(small.screenText.contains("Terminal too small (50x15)"), small.screenText)
        XCTAssertTrue(small.screenText.contains("at least 60x20"))
        explorer.resize(ExplorerSize(columns: 80, rows: 19))
        XCTAssertTrue(explorer.frame().screenText.contains("too small"), "one dimension short is too small")
        explorer.resize(ExplorerSize(columns: 60, rows: 20))
        let back = explorer.frame()
        XCTAssertFalse(back.screenText.contains("too small"))
        XCTAssertTrue(back.text[1].hasPrefix("‹ Protein"), "the state survived: \(back.text[1])")
        XCTAssertEqual(ExplorerLayout(size: back.size).screenWidth, 40)
    }

    func testScrollIsClampedToTheContent() {
        var explorer = ExplorerFixtures.explorer()
        explorer.press([.tab, .pageDown, .pageDown, .pageDown, .pageDown])
        let content = try! XCTUnwrap(explorer.view.content(explorer.state))
        XCTAssertEqual(explorer.state.scroll, max(0, content.lines.count - 28))
        explorer.press(.pageUp)
        XCTAssertEqual(explorer.state.scroll, max(0, content.lines.count - 28 - 27))
        explorer.press(.home)
        XCTAssertEqual(explorer.state.scroll, 0)
    }

    func testLongListScrollsToKeepTheSelectionInView() {
        var explorer = ExplorerFixtures.explorer(columns: 80, rows: 20)
        explorer.press(.end)
        let frame = explorer.frame()
        XCTAssertTrue(frame.listText(width: 26).contains { $0.hasPrefix("›") }, frame.screenText)
        XCTAssertGreaterThan(explorer.state.listScroll, 0)
    }

    func testHelpListsTheKeysAndAPillarShowsItsCard() {
        var explorer = ExplorerFixtures.explorer()
        explorer.press(.character("?"))
        let help = explorer.frame().screenText
        XCTAssertTrue(help.contains("Keys"))
        XCTAssertTrue(help.contains("filter screens by name, alias or id"), help)
        explorer.press(.up)  // closes help
        explorer.press(.up)
        let card = explorer.frame().screenText
        XCTAssertTrue(card.contains("7 screens") || card.contains("screens"), card)
        XCTAssertTrue(card.contains("• 🥩 Protein"), card)
    }

    func testASCIIGlyphs() {
        var explorer = ExplorerFixtures.explorer(glyphs: .ascii)
        explorer.press([.enter])
        let frame = explorer.frame()
        XCTAssertTrue(frame.text[1].hasPrefix("< Protein"), frame.text[1])
        XCTAssertTrue(frame.listText(width: listWidth)[1].hasSuffix("+3"))
        XCTAssertTrue(frame.text.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }, frame.screenText)
    }
}

extension ExplorerViewTests {
    func testUnitsToggleRedrawsInImperial() {
        var explorer = ExplorerFixtures.explorer()
        var state = explorer.state
        state.select(.screen("SCREEN_BODY"))
        explorer = Explorer(state: state, source: explorer.view.source)
        XCTAssertTrue(explorer.frame().screenText.contains("kg"))
        explorer.press(.character("u"))
        let frame = explorer.frame()
        XCTAssertTrue(frame.text[0].contains("US units"), frame.text[0])
        XCTAssertTrue(frame.screenText.contains("lb"), frame.screenText)
    }

    func testNoScreenMatchesTheFilter() {
        var explorer = ExplorerFixtures.explorer()
        explorer.type("/zzz")
        let frame = explorer.frame()
        XCTAssertTrue(frame.screenText.contains("No screens match \"zzz\"."), frame.screenText)
        XCTAssertTrue(frame.text.last!.contains("0 screens"))
    }
}
