import Foundation
import XCTest

/// Which catalog a command reads: found from the working directory up like git finds its
/// repository, and `validate FILE` reading the file within the catalog it belongs to.
final class CatalogDiscoveryCLITests: XCTestCase {
    private var project: URL!

    override func setUpWithError() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-discovery-cli-\(UUID().uuidString)")
        project = base.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: VitalsProcess.packageRoot.appendingPathComponent("Tests/VitalsKitTests/Fixtures/MiniCatalog"),
            to: project)
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("notes/2026"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: base) }
    }

    private func run(_ arguments: [String], in directory: URL) throws -> VitalsProcess.Run {
        try VitalsProcess.run(
            arguments, environment: ["XDG_DATA_HOME": project.appendingPathComponent("no-data").path], in: directory)
    }

    /// `vitals arguments` run in `directory`, its output exact with the temporary directory
    /// holding `project/` written `$TMP`.
    @discardableResult
    private func assertRun(
        _ arguments: [String], in directory: URL, stdout: String? = "", stderr: String? = "",
        exitCode: Int32 = 0, file: StaticString = #filePath, line: UInt = #line
    ) throws -> VitalsProcess.Run {
        // A compiled catalog of this test's own: the built-in catalog's notice is said when it is compiled.
        try assertCommand(
            arguments,
            environment: [
                "XDG_DATA_HOME": project.appendingPathComponent("no-data").path,
                "XDG_CACHE_HOME": project.deletingLastPathComponent().appendingPathComponent("cache").path,
            ],
            in: directory, replacing: ["$TMP": project.deletingLastPathComponent().path],
            stdout: stdout, stderr: stderr, exitCode: exitCode, file: file, line: line)
    }

    func testCommandsFindTheCatalogInAParentDirectory() throws {
        let below = project.appendingPathComponent("notes/2026")
        try assertRun(["validate"], in: below, stdout: "5 files, 1 screens, 2 metrics: 0 errors, 0 warnings\n")
        // The fixture's tree, not the built-in catalog's, and nothing on stderr about it.
        try assertRun(
            ["tree", "--ascii"], in: below,
            stdout: """
                Core Care (core_care)
                `-- Steps [SCREEN_STEPS]
                    `-- * Steps per day [STEPS_DAILY] bar_vertical · steps
                        `-- 7-day average [STEPS_TREND] line · steps

                """)
    }

    func testAFileArgumentIsValidatedWithinItsCatalog() throws {
        // The usage the README shows, on the shipped catalog: a valid file has no findings.
        let shipped = try run(["validate", "metrics/body.yaml"], in: VitalsProcess.packageRoot)
        XCTAssertEqual(shipped.status, 0, shipped.stdout)
        XCTAssertTrue(shipped.stdout.hasSuffix("0 errors, 0 warnings\n"), shipped.stdout)
        XCTAssertTrue(shipped.stdout.contains("1 file, "), shipped.stdout)
        let inside = try run(
            ["validate", "body.yaml"], in: VitalsProcess.packageRoot.appendingPathComponent("metrics"))
        XCTAssertEqual(inside.status, 0, inside.stdout)

        // Only the named file's findings are reported.
        let screens = project.appendingPathComponent("screens/core_care.yaml")
        try String(contentsOf: screens, encoding: .utf8).replacingOccurrences(
            of: "pillar: core_care", with: "pillar: core_cair"
        )
        .write(to: screens, atomically: true, encoding: .utf8)
        try assertRun(
            ["validate", "metrics/steps.yaml"], in: project,
            stdout: "1 file, 0 screens, 2 metrics: 0 errors, 0 warnings\n")
        try assertRun(
            ["validate", "screens/core_care.yaml"], in: project,
            stdout: """
                screens/core_care.yaml:4:13: error: unknown pillar 'core_cair'; did you mean 'core_care'? [unknown-reference]
                        pillar: core_cair
                                ^
                1 file, 1 screens, 0 metrics: 1 error, 0 warnings

                """, exitCode: 1)
    }

    /// A file or directory named by a path that does not start at the working directory
    /// (`../metrics/steps.yaml`, `..`, a path through a symbolic link) is the same file as the
    /// one the catalog loads: its findings are reported and counted, never dropped, and a file
    /// outside the working directory is named relative to the catalog root. (They were:
    /// `validate ../metrics/steps.yaml` printed "0 metrics: 0 errors" and exited 0.)
    func testFilesNamedFromAnotherDirectoryKeepTheirFindings() throws {
        let steps = project.appendingPathComponent("metrics/steps.yaml")
        try String(contentsOf: steps, encoding: .utf8).replacingOccurrences(
            of: "chart_type_id: line", with: "chart_type_id: lines"
        )
        .write(to: steps, atomically: true, encoding: .utf8)
        let screens = project.appendingPathComponent("screens")
        func finding(_ path: String) -> String {
            """
            \(path):19:20: error: unknown chart_type_id 'lines'; did you mean 'line'? [unknown-chart-type]
                    chart_type_id: lines
                                   ^

            """
        }

        try assertRun(
            ["validate", "../metrics/steps.yaml"], in: screens,
            stdout: finding("metrics/steps.yaml") + "1 file, 0 screens, 2 metrics: 1 error, 0 warnings\n",
            exitCode: 1)
        try assertRun(
            ["validate", "../metrics"], in: screens,
            stdout: finding("metrics/steps.yaml") + "2 files, 0 screens, 2 metrics: 1 error, 0 warnings\n",
            exitCode: 1)
        try assertRun(
            ["validate", ".."], in: screens,
            stdout: finding("metrics/steps.yaml") + "5 files, 1 screens, 2 metrics: 1 error, 0 warnings\n",
            exitCode: 1)

        // The same file through a symbolic link to the catalog, with --catalog naming the real
        // directory: read once (no duplicate ids), its finding reported.
        let link = project.deletingLastPathComponent().appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: project)
        try assertRun(
            ["validate", "--catalog", project.path, link.appendingPathComponent("metrics/steps.yaml").path],
            in: project.deletingLastPathComponent(),
            stdout: finding("project/metrics/steps.yaml") + "1 file, 0 screens, 2 metrics: 1 error, 0 warnings\n",
            exitCode: 1)
    }

    func testWithoutACatalogValidateExits2AndReadingCommandsSaySoOnStderr() throws {
        let empty = project.deletingLastPathComponent().appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let noCatalog = """
            vitals: error: no catalog found: no screens/ or metrics/ directory in $TMP/empty or any directory above it
              run it in the directory that holds screens/ and metrics/ (or below it)
              or pass --catalog DIR, or name the files to check

            """
        try assertRun(["validate"], in: empty, stderr: noCatalog, exitCode: 2)
        try assertRun(["validate", "--format", "sarif"], in: empty, stderr: noCatalog, exitCode: 2)

        // The built-in catalog's tree (its content is the shipped catalog's, not checked here).
        try assertRun(
            ["tree"], in: empty, stdout: nil,
            stderr: """
                vitals: no screens/ or metrics/ in $TMP/empty or above; using the catalog built into vitals \
                (--catalog DIR reads another)

                """)

        try assertRun(
            ["render", "steps", "--catalog", empty.path], in: empty,
            stderr: """
                vitals: error: --catalog $TMP/empty has no screens/ or metrics/ directory
                  name the directory that holds screens/ and metrics/

                """, exitCode: 2)
    }
}
