import Foundation
import XCTest

/// End-to-end tests of `vitals import apple-health`: the built binary, its output and exit codes.
final class ImportAppleHealthCLITests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-import-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    private func run(_ arguments: [String]) throws -> VitalsProcess.Run {
        try VitalsProcess.run(arguments)
    }

    private static let export = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE HealthData [
    <!ATTLIST ExportDate
      value CDATA #REQUIRED
    ]>
    <HealthData locale="nl_NL">
     <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-05-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexMale"/>
     <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Weegschaal\u{0B}" unit="kg" startDate="2024-03-30 08:00:00 +0100" endDate="2024-03-30 08:00:00 +0100" value="80.5"/>
     <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Weegschaal\u{0B}" unit="kg" startDate="2024-03-31 08:00:00 +0200" endDate="2024-03-31 08:00:00 +0200" value="80.1"/>
     <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" startDate="2024-03-31 00:10:00 +0100" endDate="2024-03-31 01:00:00 +0100" value="HKCategoryValueSleepAnalysisAsleepDeep"/>
    </HealthData>

    """

    func testImportTwiceThenTruncated() throws {
        let path = directory.appendingPathComponent("export.xml")
        try Self.export.write(to: path, atomically: true, encoding: .utf8)
        let db = directory.appendingPathComponent("v.sqlite").path

        let first = try run(["import", "apple-health", path.path, "--db", db])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("5 new, 0 already present, 0 skipped"), first.stdout)
        XCTAssertTrue(first.stdout.contains("Me: born 1990-05-01, male"), first.stdout)
        XCTAssertFalse(first.stdout.contains("\u{0B}"), "control characters are stripped on output")
        XCTAssertEqual(first.stderr, "", "no progress bar when stderr is not a terminal")

        let again = try run(["import", "apple-health", path.path, "--db", db, "--quiet"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stdout, "")

        let cut = directory.appendingPathComponent("cut.xml")
        try String(Self.export.dropLast(40)).write(to: cut, atomically: true, encoding: .utf8)
        let truncated = try run(["import", "apple-health", cut.path, "--db", db])
        XCTAssertEqual(truncated.status, 1)
        XCTAssertTrue(truncated.stderr.hasPrefix("vitals: error: the export is truncated at line 10"), truncated.stderr)
        XCTAssertTrue(truncated.stderr.contains("the database was not changed"), truncated.stderr)

        let missing = try run(["import", "apple-health", directory.appendingPathComponent("nope.zip").path, "--db", db])
        XCTAssertEqual(missing.status, 2)
    }
}
