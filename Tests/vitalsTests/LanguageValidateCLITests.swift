import Foundation
import XCTest
import VitalsKit

/// `vitals validate` checks a catalog's language tables against English and every screen's
/// `language:`: each missing key named at the table's file and line, exit code 1.
final class LanguageValidateCLITests: XCTestCase {
    private var project: URL!

    override func setUpWithError() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-language-cli-\(UUID().uuidString)")
        project = base.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: VitalsProcess.packageRoot.appendingPathComponent("Tests/VitalsKitTests/Fixtures/MiniCatalog"),
                                         to: project)
        addTeardownBlock { try? FileManager.default.removeItem(at: base) }
    }

    func validate() throws -> VitalsProcess.Run {
        try VitalsProcess.run(["validate", "--catalog", project.path],
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
}
