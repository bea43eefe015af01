import VitalsKit
import XCTest

/// Output formats come the way every extension comes (`Extensions(outputFormats:)`): each is a
/// format of the command its protocol says, one id per command, and a clash or a format of no
/// command is a conflict `vitals` refuses to start with.
final class OutputFormatsTests: XCTestCase {
    private enum Lines: ScreenFormat, DiagnosticFormat {
        static let id = "lines"
        static let summary = "one line per screen and per finding"
        static let text = OutputText.text
        static func write(_ screens: [ScreenDocument], profile: RenderProfile) -> String {
            screens.map(\.screenID).joined(separator: "\n")
        }
        static func write(_ report: ValidationReport) -> String {
            report.diagnostics.map(\.message).joined(separator: "\n")
        }
    }

    private enum OtherJSON: ScreenFormat {
        static let id = "json"
        static let summary = "a second json"
        static let text = OutputText.json
        static func write(_ screens: [ScreenDocument], profile: RenderProfile) -> String { "{}" }
    }

    private enum NoCommand: OutputFormat {
        static let id = "nowhere"
        static let summary = "neither kind"
        static let text = OutputText.text
    }

    func testTheBuiltInFormatsComeWithTheSDK() {
        let formats = Extensions.sdk.outputFormats
        XCTAssertEqual(formats.screens.map { $0.id }, ["text", "json"])
        XCTAssertEqual(formats.diagnostics.map { $0.id }, ["text", "json", "github", "sarif"])
        XCTAssertTrue(formats.screenFormat("json") == JSONScreenFormat.self)
        XCTAssertTrue(formats.diagnosticFormat("json") == JSONDiagnosticFormat.self)
        XCTAssertNil(formats.screenFormat("sarif"), "sarif is a format of validate only")
        XCTAssertTrue(Extensions.sdk.conflicts.isEmpty)
    }

    func testAFormatOfBothCommandsIsEach() {
        let run = Extensions.sdk + Extensions(outputFormats: [Lines.self])
        XCTAssertTrue(run.outputFormats.screenFormat("lines") == Lines.self)
        XCTAssertTrue(run.outputFormats.diagnosticFormat("lines") == Lines.self)
        XCTAssertTrue(run.conflicts.isEmpty)
        let finding = Diagnostic(.error, rule: "r", "it broke", at: SourceLocation(file: "a.yaml", line: 1, column: 1))
        let summary = ValidationSummary(files: 1, screens: 0, metrics: 0, errors: 1, warnings: 0)
        XCTAssertEqual(Lines.report([finding], summary: summary), "it broke")
    }

    func testAClaimedIdAndAFormatOfNoCommandAreConflicts() {
        let run = Extensions.sdk + Extensions(outputFormats: [OtherJSON.self, NoCommand.self])
        // The plug-in value finds its own format of no command; the sum then finds the clash.
        XCTAssertEqual(run.conflicts, [.formatOfNoCommand("nowhere"), .outputFormat("json")])
        XCTAssertTrue(run.outputFormats.screenFormat("json") == JSONScreenFormat.self, "the first keeps its id")
        XCTAssertEqual(run.outputFormats.screens.count, 2)
        XCTAssertEqual(
            run.conflicts.map(\.description),
            [
                "the output format nowhere is neither a ScreenFormat nor a DiagnosticFormat: no command can write it",
                "two output formats of one command claim --format json",
            ])
    }

    func testTheTextFormatPutsTwoBlankLinesBetweenScreens() throws {
        let profile = RenderProfile(width: 40)
        let screen = ScreenDocument(
            screenID: "SCREEN_A", name: "A", pillarID: "p", subjectID: "me", module: "generic",
            asOf: LocalDate(year: 2026, month: 11, day: 20),
            blocks: [ScreenBlock(kind: .summary, rows: [.line("Today: 3 of 5")], data: .null)], profile: profile)
        let text = TextScreenFormat.write([screen, screen], profile: profile)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let one = screen.lines(width: 40)
        XCTAssertFalse(one.isEmpty)
        XCTAssertEqual(lines.count, one.count * 2 + 2 + 1)
        XCTAssertEqual(lines[one.count], Substring(String(repeating: " ", count: 40)))
        XCTAssertEqual(lines[one.count + 1], Substring(String(repeating: " ", count: 40)))
    }
}
