import TestSupport
import XCTest

@testable import VitalsKit

/// Each kind of broken file gets a diagnostic with file, line and column, never a crash.
/// The text report of fixture `BadInput/<name>.yaml` is the golden `Goldens/bad-input/<name>.txt`
/// (underscores as hyphens).
final class BadInputTests: XCTestCase {
    private let directory = TestPaths.fixtures.appendingPathComponent("BadInput")

    private func report(for name: String) throws -> (String, [Diagnostic]) {
        let cwd = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(directory.path)
        defer { FileManager.default.changeCurrentDirectoryPath(cwd) }
        let loaded = try CatalogLoader.load(paths: [name])
        let diagnostics = Validator().validate(loaded)
        let text = TextDiagnosticFormat.report(
            diagnostics, summary: ValidationSummary(loaded, diagnostics), sources: loaded.sources)
        return (text, diagnostics)
    }

    private func assertGolden(
        _ name: String, rule: String, line: Int, file: StaticString = #filePath, testLine: UInt = #line
    ) throws {
        let (text, diagnostics) = try report(for: name + ".yaml")
        XCTAssertTrue(
            diagnostics.contains { $0.rule == rule && $0.location.line == line && $0.severity == .error },
            "\(name): expected \(rule) at line \(line), got \(diagnostics)", file: file, line: testLine)
        assertSnapshot(
            text, named: "bad-input/" + name.replacingOccurrences(of: "_", with: "-"),
            filePath: file, line: testLine)
    }

    func testMalformedYAML() throws { try assertGolden("malformed", rule: RuleID.yamlSyntax, line: 3) }
    func testEmptyFile() throws { try assertGolden("empty", rule: RuleID.fileFormat, line: 1) }
    func testCommentOnlyFile() throws { try assertGolden("comment_only", rule: RuleID.fileFormat, line: 1) }
    func testNotAMapping() throws { try assertGolden("not_a_mapping", rule: RuleID.fileFormat, line: 1) }
    func testTabs() throws { try assertGolden("tabs", rule: RuleID.yamlSyntax, line: 2) }
    /// A character YAML does not allow (here BEL on line 3, after a 'ü'): named with its line,
    /// its column in characters and its code point (it was reported at 1:1).
    func testControlCharacter() throws {
        try assertGolden("control_character", rule: RuleID.yamlSyntax, line: 3)
        let (_, diagnostics) = try report(for: "control_character.yaml")
        XCTAssertEqual(diagnostics.first?.location.column, 18)
        XCTAssertTrue(diagnostics.first?.message.contains("(U+0007)") ?? false, "\(diagnostics)")
    }
    func testNotUTF8() throws { try assertGolden("not_utf8", rule: RuleID.fileFormat, line: 3) }
    func testAliasBomb() throws { try assertGolden("alias_bomb", rule: RuleID.yamlSyntax, line: 6) }
    func testDeepNesting() throws { try assertGolden("deep_nesting", rule: RuleID.yamlSyntax, line: 1) }
    func testDuplicateKey() throws { try assertGolden("duplicate_key", rule: RuleID.duplicateKey, line: 5) }
    func testWrongTypes() throws { try assertGolden("wrong_types", rule: RuleID.wrongType, line: 3) }
    func testTwoDocuments() throws { try assertGolden("two_documents", rule: RuleID.yamlSyntax, line: 2) }

    func testFiftyMegabyteFileIsRefusedUnread() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-big-\(getpid()).yaml")
        defer { try? FileManager.default.removeItem(at: url) }
        let line = Data("# padding padding padding padding padding padding padding padding padding\n".utf8)
        var data = Data(capacity: 50 * 1_048_576)
        while data.count < 50 * 1_048_576 { data.append(line) }
        try data.write(to: url)
        let loaded = try CatalogLoader.load(paths: [url.path])
        XCTAssertEqual(loaded.diagnostics.count, 1)
        XCTAssertEqual(loaded.diagnostics.first?.rule, RuleID.fileFormat)
        XCTAssertEqual(loaded.diagnostics.first?.location.line, 1)
        XCTAssertTrue(loaded.diagnostics.first?.message.contains("50.0 MB") ?? false)
    }

    func testMissingPathIsExitCodeTwo() {
        XCTAssertThrowsError(try CatalogLoader.load(paths: ["/no/such/dir"])) { error in
            XCTAssertEqual((error as? CatalogLocationError)?.kind, .cannotRun)
        }
    }
}
