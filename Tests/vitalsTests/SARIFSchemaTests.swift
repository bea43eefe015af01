import Foundation
import XCTest

/// `vitals validate --format sarif` is valid SARIF 2.1.0 (the OASIS schema, vendored under
/// Tests/Fixtures/SARIF, run by Python `jsonschema` with formats asserted), also when file
/// names hold a space, `#`, `%`, `?` or `ü`: `artifactLocation.uri` is percent-encoded.
final class SARIFSchemaTests: XCTestCase {
    private let names = ["with space.yaml", "hash#1.yaml", "100%.yaml", "grüße.yaml", "what?.yaml", "plain.yaml"]

    private func catalog() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-sarif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("metrics"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("screens"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        for (index, name) in names.enumerated() {
            // Each file has one error: an unknown key.
            try "pillars:\n  - {pillar_id: p\(index), name: P, colour: green}\n"
                .write(to: root.appendingPathComponent("screens/\(name)"), atomically: true, encoding: .utf8)
        }
        return root
    }

    private func sarif(_ arguments: [String], in root: URL) throws -> (text: String, uris: [String]) {
        let run = try VitalsProcess.run(["validate", "--format", "sarif"] + arguments, in: root)
        XCTAssertEqual(run.status, 1, run.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let results = try XCTUnwrap((json["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let uris = results.compactMap { result -> String? in
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            return (location?["artifactLocation"] as? [String: Any])?["uri"] as? String
        }
        return (run.stdout, uris)
    }

    func testURIsArePercentEncodedAndDecodeBackToTheFileNames() throws {
        let root = try catalog()
        let (_, uris) = try sarif([], in: root)
        XCTAssertEqual(uris.count, names.count)
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/%")
        for uri in uris {
            XCTAssertTrue(uri.unicodeScalars.allSatisfy(allowed.contains), "not RFC 3986: \(uri)")
            XCTAssertNotNil(URL(string: uri), uri)
        }
        let decoded = Set(uris.compactMap { $0.removingPercentEncoding })
        XCTAssertEqual(decoded, Set(names.map { "screens/\($0)" }))
        XCTAssertEqual(
            uris.sorted(),
            [
                "screens/100%25.yaml", "screens/gr%C3%BC%C3%9Fe.yaml", "screens/hash%231.yaml",
                "screens/plain.yaml", "screens/what%3F.yaml", "screens/with%20space.yaml",
            ])
    }

    /// A catalog file given by its absolute path, from another directory, is named relative to
    /// its catalog root; only a file in no catalog keeps its absolute path, as a `file://` URI.
    func testAbsolutePathsBecomeFileURIs() throws {
        let root = try catalog()
        let elsewhere = URL(fileURLWithPath: "/")  // the paths are not under it
        func firstURI(_ path: String) throws -> String {
            let run = try VitalsProcess.run(["validate", "--format", "sarif", path], in: elsewhere)
            return try XCTUnwrap(
                run.stdout.components(separatedBy: "\"uri\": \"").dropFirst().first?.components(separatedBy: "\"")
                    .first,
                run.stdout + run.stderr)
        }
        XCTAssertEqual(
            try firstURI(root.appendingPathComponent("screens/with space.yaml").path), "screens/with%20space.yaml")
        let loose = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-sarif-loose-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: loose, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: loose) }
        let file = loose.appendingPathComponent("with space.yaml")
        try FileManager.default.copyItem(at: root.appendingPathComponent("screens/with space.yaml"), to: file)
        let uri = try firstURI(file.path)
        XCTAssertTrue(uri.hasPrefix("file:///"), uri)
        XCTAssertTrue(uri.hasSuffix("/with%20space.yaml"), uri)
        XCTAssertEqual(URL(string: uri)?.path, file.path)
    }

    func testOutputIsValidAgainstTheSARIF210Schema() throws {
        let root = try catalog()
        let (text, _) = try sarif([], in: root)
        let output = root.appendingPathComponent("report.sarif")
        try text.write(to: output, atomically: true, encoding: .utf8)
        let schema = VitalsProcess.packageRoot.appendingPathComponent("Tests/Fixtures/SARIF/sarif-schema-2.1.0.json")
        try JSONSchemaChecker.requireValidator(formats: true)
        let verdicts = try JSONSchemaChecker.check(schema: schema, files: [output], formats: true)
        let verdict = try XCTUnwrap(verdicts[output.path])
        XCTAssertTrue(verdict.valid, verdict.reason)

        // The same check refuses the raw file name this report used to write.
        let broken = root.appendingPathComponent("broken.sarif")
        try text.replacingOccurrences(of: "screens/with%20space.yaml", with: "screens/with space.yaml")
            .write(to: broken, atomically: true, encoding: .utf8)
        // The check runs outside XCTUnwrap: a missing validator is a skip, not a failure.
        let brokenVerdicts = try JSONSchemaChecker.check(schema: schema, files: [broken], formats: true)
        let refused = try XCTUnwrap(brokenVerdicts[broken.path])
        XCTAssertFalse(refused.valid, "the schema check does not look at URIs")
    }
}
