import Foundation
import XCTest

/// Runs Tests/Support/check_json_schema.py: a real JSON Schema validator (the Python package
/// `jsonschema`), for the tests that hold vitals' output and YAML to published schemas.
///
/// When python3 or a package it needs is missing the test is skipped with the message saying
/// which (CI installs them: see .ci/run).
enum JSONSchemaChecker {
    struct Verdict: Equatable {
        var valid: Bool
        var reason: String
    }

    static let script = VitalsProcess.packageRoot.appendingPathComponent("Tests/Support/check_json_schema.py")

    /// The verdict per file path, as given.
    static func check(schema: URL, files: [URL], yaml: Bool = false, formats: Bool = false) throws -> [String: Verdict] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, schema.path] + (yaml ? ["--yaml"] : []) + (formats ? ["--formats"] : [])
            + files.map(\.path)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // .ci/run installs the validator and sets VITALS_REQUIRE_VALIDATORS=1: there a missing
        // package fails the test instead of skipping it, so CI cannot go green unchecked.
        let required = ProcessInfo.processInfo.environment["VITALS_REQUIRE_VALIDATORS"] == "1"
        switch process.terminationStatus {
        case 0: break
        case 127 where !required: throw XCTSkip("python3 is missing: the JSON Schema checks need it (apt-get install python3 python3-jsonschema python3-yaml)")
        case 3 where !required: throw XCTSkip(stderr.trimmingCharacters(in: .whitespacesAndNewlines))
        default: XCTFail("check_json_schema.py failed (\(process.terminationStatus)): \(stderr)")
        }
        var verdicts: [String: Verdict] = [:]
        for line in String(decoding: stdout, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
            guard fields.count >= 2 else { continue }
            verdicts[fields[1]] = Verdict(valid: fields[0] == "ok", reason: fields.count > 2 ? fields[2] : "")
        }
        return verdicts
    }
}
