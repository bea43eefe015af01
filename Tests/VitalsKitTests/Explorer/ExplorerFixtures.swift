import Foundation
import XCTest

@testable import VitalsDemo
@testable import VitalsExplorer
@testable import VitalsKit

/// The shipped catalog, the demo data at a fixed day and explorers built on them, drawn by the
/// generic screen module (this target does not link the custom modules).
enum ExplorerFixtures {
    static let asOf = LocalDate(year: 2026, month: 6, day: 15)
    static let catalog: Catalog = try! CatalogLoader.load(paths: TestPaths.shippedCatalog).withDemoSubjects(true)
        .catalog
    static let store: SampleStore = try! DemoData(asOf: asOf).makeInMemoryStore()

    static func source(colorLevel: ColorLevel = .truecolor, glyphs: Glyphs = .unicode) -> RegistryScreenSource {
        RegistryScreenSource(
            catalog: catalog, store: store, extensions: .sdk,
            colorLevel: colorLevel, glyphs: glyphs)
    }

    static func state(columns: Int = 100, rows: Int = 30) -> ExplorerState {
        ExplorerState(catalog: catalog, asOf: asOf, size: ExplorerSize(columns: columns, rows: rows))
    }

    static func explorer(columns: Int = 100, rows: Int = 30, glyphs: Glyphs = .unicode) -> Explorer {
        Explorer(state: state(columns: columns, rows: rows), source: source(glyphs: glyphs))
    }
}

extension ExplorerFrame {
    /// The frame's text joined with newlines, for failure messages.
    var screenText: String { text.joined(separator: "\n") }

    /// The list pane's text of every row (the columns left of the rule).
    func listText(width: Int) -> [String] {
        text.dropFirst().dropLast().map { String($0.prefix(width)).trimmingCharacters(in: .whitespaces) }
    }
}
