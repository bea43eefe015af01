import ArgumentParser
import Foundation
import XCTest

@testable import VitalsCLI
@testable import VitalsImport
@testable import VitalsKit
@testable import VitalsScaffold

/// The one mapping from an error to what the CLI prints and its exit code (README, "Exit
/// codes": 1 findings or a refused input; 2 usage error or could not run).
final class ErrorMappingTests: XCTestCase {
    func testEachKindOfLibraryErrorHasItsRowOfTheExitCodeTable() {
        let table: [VitalsErrorKind: (reason: ExitReason, code: Int32)] = [
            .refused: (.refused, 1),
            .badArgument: (.usage, 2),
            .cannotRun: (.cannotRun, 2),
        ]
        XCTAssertEqual(Set(table.keys), Set(VitalsErrorKind.allCases), "every kind is in the table")
        for (kind, row) in table {
            XCTAssertEqual(ExitReason(kind), row.reason, "\(kind)")
            XCTAssertEqual(ExitReason(kind).exitCode, row.code, "\(kind)")
        }
        XCTAssertEqual(ExitReason.allCases.map(\.exitCode), [1, 2, 2])
        XCTAssertEqual(UsageHint.usageExitCode, 2)
    }

    func testALibraryErrorIsPrintedWithItsHintsAndExitsWithItsKindsCode() {
        let unknown = ErrorReport(CatalogLookupError.unknownScreen("protien", suggestions: ["SCREEN_PROTEIN"]))
        XCTAssertEqual(
            unknown,
            ErrorReport(
                message: "unknown screen 'protien'",
                hints: ["did you mean: SCREEN_PROTEIN?", "vitals tree lists every screen"],
                reason: .refused))
        XCTAssertEqual(
            unknown?.lines,
            [
                "vitals: error: unknown screen 'protien'",
                "  did you mean: SCREEN_PROTEIN?", "  vitals tree lists every screen",
            ])
        XCTAssertEqual(unknown?.exitCode, 1)

        XCTAssertEqual(ErrorReport(StoreError.lockedByImport(path: "/tmp/v.sqlite"))?.exitCode, 2)
        XCTAssertEqual(ErrorReport(StoreError.notSQLite(path: "/tmp/v.txt"))?.exitCode, 1)
        XCTAssertEqual(
            ErrorReport(CatalogLocationError.noSuchPath("x.yaml"))?.lines,
            ["vitals: error: no such file or directory: x.yaml"])
        XCTAssertEqual(ErrorReport(CatalogLocationError.noSuchPath("x.yaml"))?.exitCode, 2)
        XCTAssertEqual(ErrorReport(ScaffoldError.unusableName("9"))?.exitCode, 2)
        XCTAssertEqual(ErrorReport(WidthTooSmallError(width: 10, source: "--width"))?.exitCode, 2)
        XCTAssertEqual(ErrorReport(WidthTooSmallError(width: 30, source: "the terminal"))?.exitCode, 2)
        XCTAssertEqual(ErrorReport(HealthExportError.notFound(path: "export.zip"))?.exitCode, 2)
        XCTAssertEqual(
            ErrorReport(HealthExportError.notHealthExport(root: "html", at: XMLPosition(line: 1, byteOffset: 0)))?
                .exitCode, 1)
    }

    func testTheCLIsOwnErrorsCarryTheirRow() {
        XCTAssertEqual(
            ErrorReport(CommandError("no entry 7", hints: ["vitals entries --day DATE lists entries with their ids"])),
            ErrorReport(
                message: "no entry 7", hints: ["vitals entries --day DATE lists entries with their ids"],
                reason: .refused))
        XCTAssertEqual(ErrorReport(CommandError("--range expects …", .usage))?.exitCode, 2)
        XCTAssertEqual(ErrorReport(CommandError("cannot read x.csv", .cannotRun))?.exitCode, 2)
        // A library error with what the command adds: its own kind, the command's hints last.
        let added = CommandError(
            HealthExportError.unreadable(path: "e.zip", reason: "denied"),
            addingHints: ["the database was not changed"])
        XCTAssertEqual(
            ErrorReport(added)?.lines,
            ["vitals: error: e.zip: cannot be read: denied", "  the database was not changed"])
        XCTAssertEqual(ErrorReport(added)?.exitCode, 2)
    }

    func testAnythingElseIsLeftToArgumentParser() {
        XCTAssertNil(ErrorReport(ExitCode(1)))
        XCTAssertNil(ErrorReport(CocoaError(.fileReadUnknown)))
    }

    /// A command that ArgumentParser runs itself (a program that bypasses `VitalsCLI.main`)
    /// is refused as a usage error naming it, rather than run with other extensions.
    func testACommandRunOutsideVitalsCLIMainIsRefused() throws {
        var command = try ValidateCommand.parseAsRoot(["--catalog", "nowhere"])
        let refusal: CommandError
        do {
            try command.run()
            return XCTFail("validate ran outside VitalsCLI.main")
        } catch let error as CommandError {
            refusal = error
        }
        XCTAssertEqual(refusal.reason, .usage)
        XCTAssertEqual(refusal.message, "validate runs through VitalsCLI.main, which hands it the program's extensions")
    }
}
