import Foundation
import VitalsKit
import VitalsScreens
import XCTest

/// Modules find their special metrics by `role:`, and `vitals validate` says when a screen
/// has no metric playing one.
final class MetricRoleTests: XCTestCase {
    typealias F = ScreenFixtures

    /// The shipped catalog's files, with `edit` applied to the one named `name`.
    func catalog(editing name: String, _ edit: (String) -> String) throws -> LoadedCatalog {
        var files: [SourceFile] = []
        for folder in ["screens", "metrics"] {
            let directory = F.repositoryRoot.appendingPathComponent(folder)
            for file in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            where file.hasSuffix(".yaml") {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                files.append(SourceFile(path: "\(folder)/\(file)", text: file == name ? edit(text) : text))
            }
        }
        return CatalogLoader.load(files)
    }

    func testTheShippedModulesFindEveryRoleTheyDraw() {
        XCTAssertEqual(F.configDiagnostics(F.loaded), [])
        XCTAssertNotNil(F.catalog.metric(playing: .duration, on: "SCREEN_SLEEP"))
        XCTAssertNotNil(F.catalog.metric(playing: .growth, on: "SCREEN_GEZONDHEID"))
    }

    func testAMissingRoleIsAWarningNamingWhatIsNotDrawn() throws {
        let loaded = try catalog(editing: "sleep.yaml") {
            $0.replacingOccurrences(of: "    role: duration\n", with: "")
        }
        let found = F.configDiagnostics(loaded)
        XCTAssertEqual(
            found.map(\.message),
            [
                "SCREEN_SLEEP config: no metric has role: duration, so the screen does not draw the nightly bars against the goal"
            ])
        XCTAssertEqual(found.map(\.severity), [.warning])
        // The screen still renders, without the module's bars; with --children the metric is
        // drawn once, as any child.
        let screen = try XCTUnwrap(loaded.catalog.screen("SCREEN_SLEEP"))
        let document = try BuiltInScreenModules.registry.render(
            ScreenContext(
                catalog: loaded.catalog, screen: screen, store: F.demoStore, request: ScreenRequest(asOf: F.asOf),
                profile: F.profile("unicode")))
        XCTAssertFalse(document.blocks.contains { $0.metricID == "SLEEP_DURATION" })
        let children = try BuiltInScreenModules.registry.render(
            ScreenContext(
                catalog: loaded.catalog, screen: screen, store: F.demoStore,
                request: ScreenRequest(asOf: F.asOf, showChildren: true), profile: F.profile("unicode")))
        XCTAssertEqual(children.blocks.filter { $0.metricID == "SLEEP_DURATION" }.count, 1)
    }
}
