import Foundation
import VitalsDemo
import VitalsKit
import VitalsScaffold
import VitalsScreens
import XCTest

/// Every shipped screen renders, at every width and profile, on the demo data and on an
/// empty database, with rows of exactly the width and valid JSON.
final class ShippedScreensTests: XCTestCase {
    typealias F = ScreenFixtures

    func testEveryScreenRendersAtEveryWidthWithRowsOfThatWidth() throws {
        for screen in F.catalog.activeScreensInOrder {
            for width in [40, 80, 120] {
                for (name, profile) in F.profiles(width: width) {
                    for (storeName, store) in [("demo", F.demoStore), ("empty", F.emptyStore)] {
                        let request = ScreenRequest(asOf: F.asOf, showChildren: true)
                        let lines = try F.lines(screen.id, store: store, profile: profile, request: request)
                        XCTAssertGreaterThan(lines.count, 3, "\(screen.id) \(name) \(width) \(storeName)")
                        for line in lines {
                            XCTAssertEqual(
                                DisplayWidth.of(F.stripANSI(line)), width,
                                "\(screen.id) \(name) \(width) \(storeName): \(line)")
                        }
                        if !profile.usesColor {
                            XCTAssertFalse(lines.joined().contains("\u{1B}"), "\(screen.id) \(name) has escapes")
                        }
                        if profile.glyphs.isUnicode == false {
                            XCTAssertTrue(
                                lines.joined().unicodeScalars.allSatisfy(\.isASCII),
                                "\(screen.id) \(width) \(storeName) is not ASCII: \(lines.joined(separator: "\n"))")
                        }
                    }
                }
            }
        }
    }

    func testEveryScreenGivesParsableJSONWithItsBlocks() throws {
        for screen in F.catalog.activeScreensInOrder {
            let document = try F.document(screen.id, profile: F.profile("unicode"))
            let data = Data(document.json.text().utf8)
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            XCTAssertEqual(object["screen_id"] as? String, screen.id)
            let blocks = try XCTUnwrap(object["blocks"] as? [[String: Any]])
            XCTAssertEqual(blocks.first?["kind"] as? String, "header")
            XCTAssertTrue(blocks.contains { $0["kind"] as? String == "chart" }, "\(screen.id) has no chart")
        }
    }

    func testAScreenWithoutDataShowsItsEmptyMessageAndTheLogCommand() throws {
        let text = try F.lines("steps", store: F.emptyStore, profile: F.profile("unicode")).joined(separator: "\n")
        let screen = try XCTUnwrap(F.catalog.screen(named: "steps"))
        XCTAssertTrue(text.contains(try XCTUnwrap(screen.emptyMessage)), text)
        XCTAssertTrue(text.contains("Log one:  vitals log steps VALUE"), text)
        XCTAssertEqual(
            text.components(separatedBy: try XCTUnwrap(screen.emptyMessage)).count, 2,
            "the empty message is shown once")
    }

    /// A screen whose primary metric has no demo data — one added with `vitals new-screen`, say —
    /// shows its empty state on the demo data (not an empty chart alone). Checked on the shipped
    /// catalog and on it with a screen scaffolded exactly as CONTRIBUTING.md shows.
    func testAScreenWithoutDemoDataShowsItsEmptyState() throws {
        let demoSeries = Set(DemoData(asOf: F.asOf).samples().map(\.seriesID))
        // CONTRIBUTING's example, or (when that screen has since been added) the next free name.
        let names = ["Blood Glucose"] + (2...9).map { "Blood Glucose \($0)" }
        let scaffold = try XCTUnwrap(
            names.lazy.compactMap {
                try? ScreenScaffold.plan(
                    ScreenScaffold.Request(name: $0, pillarID: "core_care", chartTypeID: "line"),
                    catalog: F.catalog, packageRoot: nil)
            }.first)
        let existing = F.loaded.sources.map { SourceFile(path: $0.key, text: $0.value) }.sorted { $0.path < $1.path }
        let grown = scaffold.catalogAfter(existing: existing).catalog
        var checked = 0
        for catalog in [F.catalog, grown] {
            for screen in catalog.activeScreensInOrder {
                guard let primary = catalog.primary(of: screen.id), let series = primary.binding.seriesID,
                    !demoSeries.contains(series)
                else { continue }
                let message = try XCTUnwrap(screen.emptyMessage, "\(screen.id) has no demo data and no empty_message")
                let context = ScreenContext(
                    catalog: catalog, screen: screen, store: F.demoStore,
                    request: ScreenRequest(asOf: F.asOf), profile: F.profile("unicode"))
                let lines = try BuiltInScreenModules.registry.render(context).lines(width: 80)
                XCTAssertTrue(
                    Self.words(lines).contains(Self.words([message])), "\(screen.id):\n\(lines.joined(separator: "\n"))"
                )
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 0, "the scaffolded screen was not checked")
    }

    /// The words of `lines`, however they were wrapped.
    private static func words(_ lines: [String]) -> String {
        lines.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    func testChildrenAreNamedWithoutChildrenAndDrawnWithThem() throws {
        let profile = F.profile("unicode")
        let children = F.catalog.descendants(of: try XCTUnwrap(F.catalog.primary(of: "SCREEN_BODY")).id)
        let plain = try F.document("body", profile: profile)
        XCTAssertTrue(
            plain.lines(width: 80).joined().contains("▸ \(children.count) more metrics — vitals render body --children")
        )
        XCTAssertEqual(plain.blocks.filter { $0.kind == .chart }.count, 1)
        let full = try F.document("body", profile: profile, request: ScreenRequest(asOf: F.asOf, showChildren: true))
        XCTAssertEqual(
            full.blocks.filter { $0.kind == .chart }.map(\.metricID),
            [F.catalog.primary(of: "SCREEN_BODY")?.id] + children.map(\.metric.id))
        XCTAssertFalse(full.blocks.contains { $0.kind == .more })
    }

    func testAControlSequenceInADisplayNameIsNotPrinted() throws {
        var catalog = F.catalog
        var screen = try XCTUnwrap(catalog.screen(named: "steps"))
        screen.name = "Steps\u{1B}]0;pwned\u{07}"
        screen.id = "SCREEN_EVIL"
        _ = catalog.add(screen)
        let context = ScreenContext(
            catalog: catalog, screen: screen, store: F.demoStore,
            request: ScreenRequest(asOf: F.asOf), profile: F.profile("unicode-colour"))
        let text = try BuiltInScreenModules.registry.render(context).lines(width: 80).joined()
        XCTAssertFalse(text.contains("\u{1B}]"), "an OSC sequence reached the output")
        XCTAssertFalse(text.contains("\u{07}"))
    }
}
