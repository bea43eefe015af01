import Foundation
import XCTest

/// The JSON Schema (`vitals schema`) and `vitals validate` judge the same files alike: every
/// file of Tests/Fixtures/SchemaAgreement/good passes both, every file of …/bad fails both.
///
/// Each fixture is a whole catalog in one file, so that validate's checks across entries pass
/// on the good ones; the bad ones each break the shape of one entry. The schema is run by a
/// real validator (Python `jsonschema`, YAML read as YAML 1.2 by PyYAML).
final class SchemaAgreementTests: XCTestCase {
    private let fixtures = VitalsProcess.packageRoot.appendingPathComponent("Tests/Fixtures/SchemaAgreement")

    private func files(_ folder: String) throws -> [URL] {
        let directory = fixtures.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "yaml" }.sorted { $0.path < $1.path }
    }

    /// `vitals validate --format json` on a catalog holding only `file`: passed, and its messages.
    private func validate(_ file: URL) throws -> (passed: Bool, messages: [String]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-agree-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["screens", "metrics"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(at: file, to: root.appendingPathComponent("screens/\(file.lastPathComponent)"))
        let run = try VitalsProcess.run(["validate", "--catalog", root.path, "--format", "json"], in: root)
        XCTAssertTrue([0, 1].contains(run.status), "\(file.lastPathComponent): validate could not run: \(run.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let messages = (json?["diagnostics"] as? [[String: Any]] ?? []).map {
            "\($0["rule"] ?? ""): \($0["message"] ?? "")"
        }
        return (run.status == 0, messages)
    }

    func testSchemaAndValidateAgreeFileByFile() throws {
        let schema = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-schema-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: schema) }
        let printed = try VitalsProcess.run(["schema"])
        XCTAssertEqual(printed.status, 0)
        try printed.stdout.write(to: schema, atomically: true, encoding: .utf8)

        let good = try files("good")
        let bad = try files("bad")
        XCTAssertGreaterThanOrEqual(good.count, 10)
        XCTAssertGreaterThanOrEqual(bad.count, 25)
        try JSONSchemaChecker.requireValidator(yaml: true)
        let verdicts = try JSONSchemaChecker.check(schema: schema, files: good + bad, yaml: true)
        for (expectedValid, group) in [(true, good), (false, bad)] {
            for file in group {
                let name = "\(expectedValid ? "good" : "bad")/\(file.lastPathComponent)"
                let schemaVerdict = try XCTUnwrap(verdicts[file.path], "no verdict for \(name)")
                let validated = try validate(file)
                XCTAssertEqual(
                    schemaVerdict.valid, expectedValid, "\(name): the JSON Schema says \(schemaVerdict.reason)")
                XCTAssertEqual(
                    validated.passed, expectedValid,
                    "\(name): vitals validate says \(validated.messages.joined(separator: "; "))")
                XCTAssertEqual(schemaVerdict.valid, validated.passed, "\(name): schema and validate disagree")
            }
        }
    }

    /// The shipped catalog passes the schema file by file, as it passes validate.
    func testShippedCatalogPassesTheCommittedSchema() throws {
        let root = VitalsProcess.packageRoot
        var files: [URL] = []
        for folder in ["screens", "metrics"] {
            files += try FileManager.default.contentsOfDirectory(
                at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil
            )
            .filter { $0.pathExtension == "yaml" }
        }
        XCTAssertFalse(files.isEmpty)
        try JSONSchemaChecker.requireValidator(yaml: true)
        let verdicts = try JSONSchemaChecker.check(
            schema: root.appendingPathComponent("schemas/vitals.schema.json"), files: files, yaml: true)
        for file in files {
            XCTAssertEqual(
                verdicts[file.path]?.valid, true,
                "\(file.lastPathComponent): \(verdicts[file.path]?.reason ?? "no verdict")")
        }
    }
}
