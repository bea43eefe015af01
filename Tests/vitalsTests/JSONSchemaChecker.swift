import Foundation
import TestSupport
import XCTest

/// Runs Tests/Support/check_json_schema.py: a real JSON Schema validator (the Python package
/// `jsonschema`), for the tests that hold vitals' output and YAML to published schemas.
///
/// The test requires the packages first (`requireValidator`, a skip when one is missing; CI
/// installs them: see .ci/run); `check` itself never skips.
enum JSONSchemaChecker {
    /// Skips the test unless python3 has the validator and what `yaml` and `formats` need.
    static func requireValidator(
        yaml: Bool = false, formats: Bool = false, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try OptionalTool.require(.jsonschema, file: file, line: line)
        if yaml { try OptionalTool.require(.pyyaml, file: file, line: line) }
        if formats { try OptionalTool.require(.uriFormat, file: file, line: line) }
    }

    struct Verdict: Equatable {
        var valid: Bool
        var reason: String
    }

    static let script = VitalsProcess.packageRoot.appendingPathComponent("Tests/Support/check_json_schema.py")

    /// The verdict per file path, as given.
    static func check(schema: URL, files: [URL], yaml: Bool = false, formats: Bool = false) throws -> [String: Verdict]
    {
        _ = try OptionalTool.assumed(.jsonschema)
        if yaml { _ = try OptionalTool.assumed(.pyyaml) }
        if formats { _ = try OptionalTool.assumed(.uriFormat) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", script.path, schema.path] + (yaml ? ["--yaml"] : []) + (formats ? ["--formats"] : [])
            + files.map(\.path)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            XCTFail("check_json_schema.py failed (\(process.terminationStatus)): \(stderr)")
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
