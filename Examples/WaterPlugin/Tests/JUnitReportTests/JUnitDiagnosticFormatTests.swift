import Foundation
import JUnitReport
import VitalsKit
import XCTest

#if canImport(FoundationXML)
    // XMLDocument: in Foundation on macOS, in FoundationXML (libxml2) elsewhere.
    import FoundationXML
#endif

/// The example output format, from outside Vitals: a well-formed JUnit document whose counts
/// are the findings', an error failing and a warning passing, outside text escaped.
final class JUnitDiagnosticFormatTests: XCTestCase {
    private func finding(_ file: String, _ line: Int, _ severity: Severity, _ message: String) -> Diagnostic {
        Diagnostic(
            severity, rule: "ring-needs-target", message, at: SourceLocation(file: file, line: line, column: 3))
    }

    func testFindingsBecomeSuitesAndCases() throws {
        let findings = [
            finding("metrics/water.yaml", 4, .error, "'WATER' is drawn as a ring but has no target"),
            finding("metrics/water.yaml", 9, .warning, "a <b> & \"c\""),
            finding("screens/water.yaml", 2, .error, "second file"),
        ]
        var summary = ValidationSummary(files: 2, screens: 1, metrics: 2, errors: 2, warnings: 1)
        let xml = JUnitDiagnosticFormat.report(findings, summary: summary)
        let document = try XMLDocument(xmlString: xml)
        let root = try XCTUnwrap(document.rootElement())
        XCTAssertEqual(root.attribute(forName: "tests")?.stringValue, "3")
        XCTAssertEqual(root.attribute(forName: "failures")?.stringValue, "2")
        let suites = root.elements(forName: "testsuite")
        XCTAssertEqual(
            suites.map { $0.attribute(forName: "name")?.stringValue }, ["metrics/water.yaml", "screens/water.yaml"])
        XCTAssertEqual(suites.map { $0.attribute(forName: "failures")?.stringValue }, ["1", "1"])
        let cases = suites[0].elements(forName: "testcase")
        XCTAssertEqual(cases.count, 2)
        XCTAssertEqual(cases[0].elements(forName: "failure").count, 1)
        XCTAssertEqual(cases[1].elements(forName: "failure").count, 0, "a warning passes")
        XCTAssertEqual(cases[1].elements(forName: "system-out").first?.stringValue, "warning: a <b> & \"c\"")

        summary.errors = 0
        let empty = try XMLDocument(xmlString: JUnitDiagnosticFormat.report([], summary: summary))
        XCTAssertEqual(empty.rootElement()?.attribute(forName: "tests")?.stringValue, "0")
        XCTAssertEqual(empty.rootElement()?.elements(forName: "testsuite").count, 0)
    }

    func testItIsAFormatOfValidateOnly() {
        let formats = (Extensions.sdk + Extensions(outputFormats: [JUnitDiagnosticFormat.self])).outputFormats
        XCTAssertTrue(formats.diagnosticFormat("junit") == JUnitDiagnosticFormat.self)
        XCTAssertNil(formats.screenFormat("junit"))
        XCTAssertEqual(formats.diagnostics.map { $0.id }, ["text", "json", "github", "sarif", "junit"])
    }
}
