import Foundation
import VitalsKit
import XCTest

/// `vitals validate` checks a catalog's language tables against English and every screen's
/// `language:`: each missing key named at the table's file and line, exit code 1.
final class LanguageValidateCLITests: XCTestCase {
    private var project: URL!

    override func setUpWithError() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-language-cli-\(UUID().uuidString)")
        project = base.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: VitalsProcess.packageRoot.appendingPathComponent("Tests/VitalsKitTests/Fixtures/MiniCatalog"),
            to: project)
        addTeardownBlock { try? FileManager.default.removeItem(at: base) }
    }

    func validate() throws -> VitalsProcess.Run {
        try VitalsProcess.run(
            ["validate", "--catalog", project.path],
            environment: ["XDG_DATA_HOME": project.appendingPathComponent("no-data").path])
    }

    func write(_ text: String, to path: String) throws {
        let url = project.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func testAKeyALanguageLacksIsNamedWithFileAndLine() throws {
        XCTAssertEqual(try validate().status, 0, "the mini catalog is clean without a languages/ directory")
        try write("language: en\nchart.centre: centre\nchart.today: today\n", to: "languages/en.yaml")
        try write("# Deutsch\nlanguage: de\nchart.today: heute\n", to: "languages/de.yaml")
        let run = try validate()
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("languages/de.yaml:2:1"), run.stdout)
        XCTAssertTrue(run.stdout.contains("'chart.centre'"), run.stdout)
        XCTAssertTrue(run.stdout.contains("1 error"), run.stdout)
    }

    func testAScreenInAnUnknownLanguageIsAnError() throws {
        let screens = project.appendingPathComponent("screens/core_care.yaml")
        let text = try String(contentsOf: screens, encoding: .utf8)
        try text.replacingOccurrences(of: "    is_active: true", with: "    language: xx\n    is_active: true")
            .write(to: screens, atomically: true, encoding: .utf8)
        let run = try validate()
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("core_care.yaml:8:"), run.stdout)
        XCTAssertTrue(run.stdout.contains("no language table 'xx'"), run.stdout)
    }

    func render() throws -> VitalsProcess.Run {
        try VitalsProcess.run(
            ["render", "steps", "--catalog", project.path, "--as-of", "2026-06-15"],
            environment: [
                "XDG_DATA_HOME": project.appendingPathComponent("no-data").path,
                "VITALS_NO_CACHE": "1",
            ])
    }

    func setLanguage(_ code: String) throws {
        let screens = project.appendingPathComponent("screens/core_care.yaml")
        let text = try String(contentsOf: screens, encoding: .utf8)
        try text.replacingOccurrences(of: "    is_active: true", with: "    language: \(code)\n    is_active: true")
            .write(to: screens, atomically: true, encoding: .utf8)
    }

    /// What `validate` refuses, `render` refuses: a `language:` that names no table, at the
    /// screen file's line, exit code 1, nothing drawn.
    func testRenderRefusesAScreenInAnUnknownLanguage() throws {
        XCTAssertEqual(try render().status, 0)
        try setLanguage("xx")
        let run = try render()
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(run.stderr.contains("core_care.yaml:8:"), run.stderr)
        XCTAssertTrue(run.stderr.contains("no language table 'xx'"), run.stderr)
        XCTAssertEqual(run.stdout, "")
    }

    /// A catalog's own `languages/` table is the one its screens are drawn with, as `validate`
    /// reads it: a language vitals does not ship, and the catalog's word for one key.
    func testRenderDrawsWithTheCatalogsOwnTable() throws {
        let english = try String(
            contentsOf: VitalsProcess.packageRoot.appendingPathComponent("languages/en.yaml"), encoding: .utf8)
        XCTAssertTrue(english.contains("more.metrics_one: \"1 more metric\""))
        try write(english, to: "languages/en.yaml")
        try write(
            english.replacingOccurrences(of: "language: en", with: "language: xx")
                .replacingOccurrences(
                    of: "more.metrics_one: \"1 more metric\"", with: "more.metrics_one: \"one further gauge\""),
            to: "languages/xx.yaml")
        try setLanguage("xx")
        XCTAssertEqual(try validate().status, 0, "the catalog's own table is complete")
        let run = try render()
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("one further gauge"), run.stdout)
        XCTAssertFalse(run.stdout.contains("1 more metric"), run.stdout)
    }
}
