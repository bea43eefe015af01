import Foundation
import XCTest

@testable import VitalsExplorer
@testable import VitalsKit

/// The outline lists what render, report and tree show: a screen whose subject no file
/// declares is left out, and so is a pillar with nothing else — on a copy of the small fixture.
final class ExplorerOutlineTests: XCTestCase {
    private var base: URL!

    override func setUpWithError() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-outline-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: TestPaths.fixtures.appendingPathComponent("MiniCatalog"), to: base)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: base) }

    func testScreensOfAnUndeclaredSubjectAreNotListed() throws {
        try """
        pillars:
          - pillar_id: pregnancy
            name: Pregnancy
            color: "#C04A8F"
            order: 2
        """.write(to: base.appendingPathComponent("screens/pregnancy_pillar.yaml"), atomically: true, encoding: .utf8)
        try """
        screens:
          - screen_id: SCREEN_BUMP
            name: Bump
            pillar: pregnancy
            subject: baby
            order: 1
            description: Weeks.
            empty_message: Nothing yet.
            is_active: true
          - screen_id: SCREEN_WALKS
            name: Walks
            pillar: core_care
            subject: ollie
            order: 2
            description: Walks.
            empty_message: Nothing yet.
            is_active: true
        """.write(to: base.appendingPathComponent("screens/undeclared.yaml"), atomically: true, encoding: .utf8)
        let catalog = try CatalogLoader.load(paths: [
            base.appendingPathComponent("screens").path,
            base.appendingPathComponent("metrics").path,
        ]).catalog
        XCTAssertEqual(catalog.screens(of: "core_care").count, 2, "the fixture holds the undeclared screens")
        for filter in ["", "w", "bump"] {
            let outline = ExplorerOutline(catalog: catalog, collapsed: [], filter: filter)
            let screens = outline.rows.compactMap { row -> String? in
                if case .screen(let id) = row.item { return id } else { return nil }
            }
            let expected = catalog.activeScreensInOrder.map(\.id).filter {
                ExplorerOutline.matches(catalog.screen($0)!, query: filter)
            }
            XCTAssertEqual(screens, expected, "filter \(filter)")
            XCTAssertFalse(outline.rows.contains { $0.item == .pillar("pregnancy") }, "filter \(filter)")
        }
        XCTAssertEqual(
            ExplorerOutline(catalog: catalog, collapsed: [], filter: "").rows.map(\.item),
            [.pillar("core_care"), .screen("SCREEN_STEPS")])
    }
}
