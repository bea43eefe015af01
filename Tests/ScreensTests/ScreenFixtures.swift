import Foundation
import TestSupport
import VitalsDemo
import VitalsKit
import VitalsScreens
import XCTest

/// The shipped catalog, the demo data and an empty store at a fixed as-of date, and the
/// golden-file check every screen test uses (TestSupport's `assertSnapshot`).
enum ScreenFixtures {
    /// 2026-06-15: Ollie is 25 weeks old, several milestones are done and one is due.
    static let asOf = LocalDate(year: 2026, month: 6, day: 15)

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// With the demo's subjects (Ollie, Sanne), as a command reading the demo data has them.
    static let loaded: LoadedCatalog = {
        let root = repositoryRoot.path
        return try! CatalogLoader.load(paths: [root + "/screens", root + "/metrics"]).withDemoSubjects(true)
    }()

    static var catalog: Catalog { loaded.catalog }

    static let demoStore: SampleStore = try! DemoData(asOf: asOf).makeInMemoryStore()
    static let emptyStore: SampleStore = try! SampleStore.inMemory()

    /// The profiles goldens are drawn in, by name.
    static func profiles(width: Int) -> [(name: String, profile: RenderProfile)] {
        [
            ("unicode-colour", RenderProfile(width: width, colorLevel: .truecolor, glyphs: .unicode)),
            ("unicode", RenderProfile(width: width, glyphs: .unicode)),
            ("ascii", RenderProfile(width: width, glyphs: .ascii)),
        ]
    }

    static func profile(_ name: String, width: Int = 80) -> RenderProfile {
        profiles(width: width).first { $0.name == name }!.profile
    }

    /// The screen `id` rendered with the built-in modules.
    static func document(
        _ id: String, store: SampleStore = demoStore, profile: RenderProfile,
        request: ScreenRequest = ScreenRequest(asOf: asOf)
    ) throws -> ScreenDocument {
        let screen = try XCTUnwrap(catalog.screen(named: id), "no screen \(id)")
        return try BuiltInScreenModules.registry.render(
            ScreenContext(catalog: catalog, screen: screen, store: store, request: request, profile: profile))
    }

    static func lines(
        _ id: String, store: SampleStore = demoStore, profile: RenderProfile,
        request: ScreenRequest = ScreenRequest(asOf: asOf)
    ) throws -> [String] {
        try document(id, store: store, profile: profile, request: request).lines(width: profile.width)
    }

    /// Compares `lines` under a header line naming what they show with the golden
    /// `Goldens/<name>.txt` (`<suite>/<case>-<width>-<profile>`; see CONTRIBUTING).
    static func assertGolden(
        _ name: String, header: String, lines: [String],
        fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line
    ) {
        let text = (["# " + header] + lines).joined(separator: "\n") + "\n"
        assertSnapshot(text, named: name, fileID: fileID, filePath: file, line: line)
    }

    /// Goldens of screen `alias` at 80 columns in every profile, on the demo data and on an
    /// empty store: `Goldens/<alias>/<store>-80-<profile>.txt`, each row checked to be
    /// exactly 80 columns wide.
    static func assertScreenGoldens(
        _ alias: String,
        header: (_ store: String, _ profile: String) -> String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        for (storeName, store) in [("demo", demoStore), ("empty", emptyStore)] {
            for (name, profile) in profiles(width: 80) {
                let lines = try self.lines(alias, store: store, profile: profile)
                for row in lines {
                    XCTAssertEqual(DisplayWidth.of(stripANSI(row)), 80, row, file: file, line: line)
                }
                assertGolden(
                    "\(alias)/\(storeName)-80-\(name)", header: header(storeName, name),
                    lines: lines, file: file, line: line)
            }
        }
    }

    /// `text` without ANSI SGR sequences.
    static func stripANSI(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    // MARK: Module screens' number and config tests

    /// The offset the number tests log at: Amsterdam summer time.
    static let summerOffset = 7_200

    /// A sample of `series` at `hour:minute` on `day`, at `summerOffset`.
    static func sample(
        _ series: String, _ day: LocalDate, _ hour: Int, _ value: Double, minute: Int = 0,
        tag: String? = nil
    ) -> Sample {
        Sample(
            seriesID: series,
            start: day.midnight(utcOffsetSeconds: summerOffset)
                .addingTimeInterval(TimeInterval(hour * 3600 + minute * 60)),
            utcOffsetSeconds: summerOffset, value: value, tag: tag)
    }

    /// Screen `alias` on `store` (unicode, 80 columns) and its summary block's data.
    static func summary(_ alias: String, store: SampleStore) throws -> (ScreenDocument, [String: Any]) {
        let document = try document(alias, store: store, profile: profile("unicode"))
        let block = try XCTUnwrap(document.blocks.first { $0.kind == .summary }, "no summary block")
        let object = try JSONSerialization.jsonObject(with: Data(block.data.text().utf8))
        return (document, try XCTUnwrap(object as? [String: Any]))
    }

    /// A summary's current and best streak (-1 when missing).
    static func streak(_ summary: [String: Any]) -> [Double] {
        let streak = summary["streak"] as? [String: Double]
        return [streak?["current"] ?? -1, streak?["best"] ?? -1]
    }

    /// A summary's days on target and days counted over the last `days` days (-1 when missing).
    static func window(_ summary: [String: Any], _ days: Int) -> [Double] {
        let window = (summary["on_target"] as? [String: Any])?["last_\(days)_days"] as? [String: Double]
        return [window?["met"] ?? -1, window?["days"] ?? -1]
    }

    /// The `screen-config` diagnostics of `loaded` with the built-in modules.
    static func configDiagnostics(_ loaded: LoadedCatalog) -> [Diagnostic] {
        Validator(screenModules: BuiltInScreenModules.registry).validate(loaded)
            .filter { $0.rule == ConfigProblems.ruleID }
    }

    /// That `found` is exactly one `screen-config` error at `line`:`column` whose message
    /// contains `text`; `context` names the case in failure messages.
    static func assertOneConfigError(
        _ found: [Diagnostic], line: Int, column: Int, contains text: String,
        context: String = "", file: StaticString = #filePath, at: UInt = #line
    ) {
        XCTAssertEqual(found.count, 1, "\(context) \(found)", file: file, line: at)
        guard let diagnostic = found.first else { return }
        XCTAssertEqual(diagnostic.severity, .error, context, file: file, line: at)
        XCTAssertEqual(diagnostic.rule, ConfigProblems.ruleID, context, file: file, line: at)
        XCTAssertEqual(
            [diagnostic.location.line, diagnostic.location.column], [line, column],
            "\(context) \(diagnostic.message)", file: file, line: at)
        XCTAssertTrue(diagnostic.message.contains(text), "\(context) \(diagnostic.message)", file: file, line: at)
    }

    /// The `--children` golden of screen `alias` on the demo data (unicode, 80 columns).
    static func assertChildrenGolden(
        _ alias: String, screenID: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let children = try lines(
            alias, profile: profile("unicode"), request: ScreenRequest(asOf: asOf, showChildren: true))
        assertGolden(
            "\(alias)/demo-children-80-unicode",
            header: "\(screenID) demo as of \(asOf) at 80 columns, unicode, --children",
            lines: children, file: file, line: line)
    }
}
