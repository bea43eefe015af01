import Foundation
import TestSupport
import XCTest

/// `vitals import FILE`, `--dry-run` and `vitals sources` as a person runs them, on a Health
/// Connect export the generator writes: the importer is picked by content, a dry run creates no
/// database, the receipt of a re-import says nothing was new, and the sources list the apps.
final class ImportFileCLITests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-importfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    func testImportByContentDryRunReimportAndSources() throws {
        let python = try OptionalTool.require(.python3)
        let zip = scratch.appendingPathComponent("hc export.zip").path
        let generator = Process()
        generator.executableURL = URL(fileURLWithPath: python)
        generator.arguments = [
            VitalsProcess.packageRoot.appendingPathComponent("Tests/Fixtures/Generators/health_connect_export.py").path,
            "--days", "3", "--out", zip,
        ]
        try generator.run()
        generator.waitUntilExit()
        XCTAssertEqual(generator.terminationStatus, 0)
        let db = scratch.appendingPathComponent("v.sqlite").path

        let dry = try VitalsProcess.run(["import", zip, "--db", db, "--dry-run"])
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(dry.stdout.hasPrefix("Health Connect"), dry.stdout)
        XCTAssertTrue(dry.stdout.contains("dry run: would store"), dry.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: db), "a dry run creates no database")

        let first = try VitalsProcess.run(["import", zip, "--db", db])
        XCTAssertEqual(first.status, 0, first.stderr)
        let wouldStore = dry.stdout.components(separatedBy: "would store ").last?.split(separator: " ").first
        XCTAssertTrue(first.stdout.contains("\n\(wouldStore ?? "?") new, 0 already stored"), first.stdout)

        let again = try VitalsProcess.run(["import", "--format", "health-connect", zip, "--db", db])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(
            again.stdout.contains("nothing new: all \(wouldStore ?? "?") samples were stored before"), again.stdout)

        let sources = try VitalsProcess.run(["sources", "--db", db])
        XCTAssertEqual(sources.status, 0, sources.stderr)
        XCTAssertTrue(sources.stdout.contains("health-connect:com.withings.wiscale2"), sources.stdout)

        let unknown = scratch.appendingPathComponent("notes.txt")
        try "nothing to import\n".write(to: unknown, atomically: true, encoding: .utf8)
        let refused = try VitalsProcess.run(["import", unknown.path, "--db", db])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("notes.txt: no importer recognises this file"), refused.stderr)
    }
}
