import XCTest

@testable import VitalsExplorer
@testable import VitalsKit

/// The explorer taking a catalog read again after a save (`Explorer.reload`).
final class ExplorerReloadTests: XCTestCase {
    /// The shipped catalog with `old` replaced by `new` in the file whose name ends in `file`.
    private func catalog(_ file: String, _ old: String, _ new: String) throws -> Catalog {
        let loaded = try CatalogLoader.load(paths: TestPaths.shippedCatalog)
        let files = loaded.sources.keys.sorted().map { name -> SourceFile in
            let text = loaded.sources[name]!
            guard name.hasSuffix(file) else { return SourceFile(path: name, text: text) }
            XCTAssertTrue(text.contains(old), "\(file) has no \(old)")
            return SourceFile(path: name, text: text.replacingOccurrences(of: old, with: new))
        }
        return CatalogLoader.load(files).catalog
    }

    private func reload(_ explorer: inout Explorer, _ catalog: Catalog) {
        let source = RegistryScreenSource(
            catalog: catalog, store: ExplorerFixtures.store, extensions: .sdk,
            colorLevel: .truecolor, glyphs: .unicode)
        explorer.reload(ExplorerReload(catalog: catalog, source: source))
    }

    func testASavedCatalogIsShownWhereTheExplorerStood() throws {
        var explorer = ExplorerFixtures.explorer()
        explorer.press([.enter, .enter, .down])  // Protein open, drilled into its primary, on the second child
        explorer.press(.tab)
        explorer.press([.down, .down])  // scrolled two rows
        let before = explorer.state
        XCTAssertEqual(before.focusPath, ["PROTEIN_GRAMS_DAILY"])
        XCTAssertFalse(explorer.frame().screenText.contains("Protein per kilogram"))

        reload(
            &explorer,
            try catalog(
                "metrics/protein.yaml", "display_name: Protein per kg body weight",
                "display_name: Protein per kilogram"))
        XCTAssertEqual(explorer.state.openScreenID, "SCREEN_PROTEIN")
        XCTAssertEqual(explorer.state.focusPath, before.focusPath)
        XCTAssertEqual(explorer.state.metricIndex, before.metricIndex)
        XCTAssertEqual(explorer.state.scroll, before.scroll)
        XCTAssertEqual(explorer.state.focus, .screen)
        XCTAssertTrue(explorer.frame().screenText.contains("Protein per kilogram"), explorer.frame().screenText)
    }

    func testWhatWentAwayFallsBackToWhatIsLeft() throws {
        var explorer = ExplorerFixtures.explorer()
        explorer.press([.enter, .enter])
        // The drilled-into metric is no longer active: the screen stays open at its top level.
        reload(
            &explorer,
            try catalog(
                "metrics/protein.yaml", "    is_primary: true\n", "    is_primary: true\n    is_active: false\n"))
        XCTAssertEqual(explorer.state.openScreenID, "SCREEN_PROTEIN")
        XCTAssertEqual(explorer.state.focusPath, [])
        // The screen itself gone: back to the list, on the first screen.
        reload(
            &explorer,
            try catalog("screens/healthful_nutrition.yaml", "screen_id: SCREEN_PROTEIN", "screen_id: SCREEN_PROTEINS"))
        XCTAssertNil(explorer.state.openScreenID)
        XCTAssertEqual(explorer.state.selected, explorer.state.outline.firstScreen)
    }

    func testACatalogWithErrorsShowsTheMessageAndKeepsTheList() {
        var explorer = ExplorerFixtures.explorer()
        explorer.press(.enter)
        let message = MessageScreenSource(
            lines: [
                "vitals: error: the catalog has errors",
                "metrics/protein.yaml:6:20: error: unknown chart_type_id 'lines'",
            ],
            colorLevel: .none, glyphs: .unicode)
        explorer.reload(ExplorerReload(catalog: nil, source: message))
        XCTAssertEqual(explorer.state.openScreenID, "SCREEN_PROTEIN")
        let text = explorer.frame().screenText
        XCTAssertTrue(text.contains("metrics/protein.yaml:6:20: error"), text)
        XCTAssertTrue(text.contains("Protein"), "the list is still there")
        // The next good save brings the screen back.
        let source = ExplorerFixtures.source()
        explorer.reload(ExplorerReload(catalog: ExplorerFixtures.catalog, source: source))
        XCTAssertTrue(explorer.frame().screenText.contains("Protein per day"), explorer.frame().screenText)
    }
}
