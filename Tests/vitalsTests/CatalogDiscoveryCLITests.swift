import Foundation
import XCTest

/// Which catalog a command reads: found from the working directory up like git finds its
/// repository, and `validate FILE` reading the file within the catalog it belongs to.
final class CatalogDiscoveryCLITests: XCTestCase {
    private var project: URL!

    override func setUpWithError() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-discovery-cli-\(UUID().uuidString)")
        project = base.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: VitalsProcess.packageRoot.appendingPathComponent("Tests/VitalsKitTests/Fixtures/MiniCatalog"),
                                         to: project)
        try FileManager.default.createDirectory(at: project.appendingPathComponent("notes/2026"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: base) }
    }

    private func run(_ arguments: [String], in directory: URL) throws -> VitalsProcess.Run {
        try VitalsProcess.run(arguments, environment: ["VITALS_DB": project.appendingPathComponent("none.sqlite").path], in: directory)
    }

    func testCommandsFindTheCatalogInAParentDirectory() throws {
        let below = project.appendingPathComponent("notes/2026")
        let validate = try run(["validate"], in: below)
        XCTAssertEqual(validate.status, 0, validate.stdout + validate.stderr)
        XCTAssertTrue(validate.stdout.contains("5 files, "), validate.stdout)
        XCTAssertTrue(validate.stdout.contains(", 2 metrics: 0 errors, 0 warnings"), validate.stdout)
        let tree = try run(["tree", "--ascii"], in: below)
        XCTAssertEqual(tree.status, 0, tree.stderr)
        XCTAssertTrue(tree.stdout.contains("Steps [SCREEN_STEPS]"), tree.stdout)
        XCTAssertFalse(tree.stdout.contains("SCREEN_PROTEIN"), "read the built-in catalog instead: \(tree.stdout)")
        XCTAssertFalse(tree.stderr.contains("built into"), tree.stderr)
    }

    func testAFileArgumentIsValidatedWithinItsCatalog() throws {
        // The usage the README shows, on the shipped catalog: a valid file has no findings.
        let shipped = try run(["validate", "metrics/body.yaml"], in: VitalsProcess.packageRoot)
        XCTAssertEqual(shipped.status, 0, shipped.stdout)
        XCTAssertTrue(shipped.stdout.hasSuffix("0 errors, 0 warnings\n"), shipped.stdout)
        XCTAssertTrue(shipped.stdout.contains("1 file, "), shipped.stdout)
        let inside = try run(["validate", "body.yaml"], in: VitalsProcess.packageRoot.appendingPathComponent("metrics"))
        XCTAssertEqual(inside.status, 0, inside.stdout)

        // Only the named file's findings are reported.
        let screens = project.appendingPathComponent("screens/core_care.yaml")
        try String(contentsOf: screens, encoding: .utf8).replacingOccurrences(of: "pillar: core_care", with: "pillar: core_cair")
            .write(to: screens, atomically: true, encoding: .utf8)
        let metricsOnly = try run(["validate", "metrics/steps.yaml"], in: project)
        XCTAssertEqual(metricsOnly.status, 0, metricsOnly.stdout)
        XCTAssertTrue(metricsOnly.stdout.contains("1 file, 0 screens, 2 metrics: 0 errors, 0 warnings"), metricsOnly.stdout)
        let screensOnly = try run(["validate", "screens/core_care.yaml"], in: project)
        XCTAssertEqual(screensOnly.status, 1, screensOnly.stdout)
        XCTAssertTrue(screensOnly.stdout.contains("screens/core_care.yaml:4:13: error:"), screensOnly.stdout)
        XCTAssertFalse(screensOnly.stdout.contains("metrics/"), screensOnly.stdout)
    }

    /// A file or directory named by a path that does not start at the working directory
    /// (`../metrics/steps.yaml`, `..`, a path through a symbolic link) is the same file as the
    /// one the catalog loads: its findings are reported and counted, never dropped. (They were:
    /// `validate ../metrics/steps.yaml` printed "0 metrics: 0 errors" and exited 0.)
    func testFilesNamedFromAnotherDirectoryKeepTheirFindings() throws {
        let steps = project.appendingPathComponent("metrics/steps.yaml")
        try String(contentsOf: steps, encoding: .utf8).replacingOccurrences(of: "chart_type_id: line", with: "chart_type_id: lines")
            .write(to: steps, atomically: true, encoding: .utf8)
        let screens = project.appendingPathComponent("screens")
        let finding = "unknown chart_type_id 'lines'; did you mean 'line'?"

        let file = try run(["validate", "../metrics/steps.yaml"], in: screens)
        XCTAssertEqual(file.status, 1, file.stdout + file.stderr)
        XCTAssertTrue(file.stdout.contains(finding), file.stdout)
        XCTAssertTrue(file.stdout.hasSuffix("1 file, 0 screens, 2 metrics: 1 error, 0 warnings\n"), file.stdout)

        let directory = try run(["validate", "../metrics"], in: screens)
        XCTAssertEqual(directory.status, 1, directory.stdout + directory.stderr)
        XCTAssertTrue(directory.stdout.hasSuffix("2 files, 0 screens, 2 metrics: 1 error, 0 warnings\n"), directory.stdout)

        let root = try run(["validate", ".."], in: screens)
        XCTAssertEqual(root.status, 1, root.stdout + root.stderr)
        XCTAssertTrue(root.stdout.hasSuffix("5 files, 1 screens, 2 metrics: 1 error, 0 warnings\n"), root.stdout)

        // The same file through a symbolic link to the catalog, with --catalog naming the real
        // directory: read once (no duplicate ids), its finding reported.
        let link = project.deletingLastPathComponent().appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: project)
        let linked = try run(["validate", "--catalog", project.path, link.appendingPathComponent("metrics/steps.yaml").path],
                             in: project.deletingLastPathComponent())
        XCTAssertEqual(linked.status, 1, linked.stdout + linked.stderr)
        XCTAssertTrue(linked.stdout.contains(finding), linked.stdout)
        XCTAssertFalse(linked.stdout.contains("duplicate"), linked.stdout)
        XCTAssertTrue(linked.stdout.hasSuffix("1 file, 0 screens, 2 metrics: 1 error, 0 warnings\n"), linked.stdout)
    }

    func testWithoutACatalogValidateExits2AndReadingCommandsSaySoOnStderr() throws {
        let empty = project.deletingLastPathComponent().appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let validate = try run(["validate"], in: empty)
        XCTAssertEqual(validate.status, 2, validate.stdout)
        XCTAssertEqual(validate.stdout, "")
        XCTAssertTrue(validate.stderr.contains("no catalog found: no screens/ or metrics/ directory in \(empty.path) or any directory above it"),
                      validate.stderr)
        let json = try run(["validate", "--format", "sarif"], in: empty)
        XCTAssertEqual(json.status, 2)

        let tree = try run(["tree"], in: empty)
        XCTAssertEqual(tree.status, 0, tree.stderr)
        XCTAssertTrue(tree.stderr.contains("using the catalog built into vitals"), tree.stderr)

        let missing = try run(["render", "steps", "--catalog", empty.path], in: empty)
        XCTAssertEqual(missing.status, 2, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("has no screens/ or metrics/ directory"), missing.stderr)
    }
}
