import Foundation
import TestSupport
import XCTest

/// Runs `vitals arguments` (see `VitalsProcess.run`) and asserts its exit code and its whole
/// stdout and stderr, after `replacing` the parts that differ from run to run (a temporary
/// directory: `["$TMP": root.path]`) and the `patterns` (regular expression → replacement,
/// for a timing: `[#"[0-9.]+ s"#: "$SECONDS s"]`).
///
/// - `stdout`/`stderr`: the exact text expected; `nil` when the caller checks it another way
///   (JSON it parses, a binary's help it only scans).
/// - `stdoutGolden`: a name under `Tests/vitalsTests/Goldens/` for output too long to write
///   inline (see `assertSnapshot`); it replaces `stdout`.
///
/// On a difference the failure shows both texts and the first differing line. Returns the run,
/// unchanged, for further checks.
@discardableResult
func assertCommand(
    _ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil,
    replacing variables: [String: String] = [:], patterns: [String: String] = [:],
    stdout: String? = "", stdoutGolden: String? = nil, stderr: String? = "", exitCode: Int32 = 0,
    fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line
) throws -> VitalsProcess.Run {
    try assertOutput(
        of: VitalsProcess.run(arguments, environment: environment, in: directory),
        command: "vitals " + arguments.joined(separator: " "), replacing: variables, patterns: patterns,
        stdout: stdout, stdoutGolden: stdoutGolden, stderr: stderr, exitCode: exitCode,
        fileID: fileID, file: file, line: line)
}

/// `assertCommand` on a run made another way (the installed binary's, in a namespace).
@discardableResult
func assertOutput(
    of run: VitalsProcess.Run, command: String,
    replacing variables: [String: String] = [:], patterns: [String: String] = [:],
    stdout: String? = "", stdoutGolden: String? = nil, stderr: String? = "", exitCode: Int32 = 0,
    fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line
) -> VitalsProcess.Run {
    let out = CommandOutput.normalised(run.stdout, variables, patterns)
    let err = CommandOutput.normalised(run.stderr, variables, patterns)
    XCTAssertEqual(run.status, exitCode, "\(command): exit code; stderr:\n\(err)", file: file, line: line)
    if let stdoutGolden {
        assertSnapshot(out, named: stdoutGolden, fileID: fileID, filePath: file, line: line)
    } else if let stdout, out != stdout {
        XCTFail(
            "\(command): stdout differs\n" + CommandOutput.difference(expected: stdout, actual: out)
                + CommandOutput.keep(out, "\(file)", line, "stdout"), file: file, line: line)
    }
    if let stderr, err != stderr {
        XCTFail(
            "\(command): stderr differs\n" + CommandOutput.difference(expected: stderr, actual: err)
                + CommandOutput.keep(err, "\(file)", line, "stderr"), file: file, line: line)
    }
    return run
}

enum CommandOutput {
    /// The shipped catalog's list of series in an "unknown series" message, not written out in
    /// tests (adding a series keeps them green).
    static let shippedSeries = [#"(?m)^  known series: .*$"#: "  known series: (the shipped catalog's)"]

    /// `text` with each value of `variables` (and the same path with symbolic links resolved,
    /// as in macOS's /var → /private/var) replaced by its name, longest value first.
    /// Then each of `patterns` (a regular expression) replaced by its value.
    static func normalised(_ text: String, _ variables: [String: String], _ patterns: [String: String] = [:]) -> String
    {
        let pairs = variables.flatMap { name, value in
            [(name, value), (name, URL(fileURLWithPath: value).resolvingSymlinksInPath().path)]
        }
        let named = pairs.sorted { $0.1.count > $1.1.count }.reduce(text) { text, pair in
            pair.1.isEmpty ? text : text.replacingOccurrences(of: pair.1, with: pair.0)
        }
        return patterns.sorted { $0.key < $1.key }.reduce(named) { text, pattern in
            text.replacingOccurrences(
                of: pattern.key, with: NSRegularExpression.escapedTemplate(for: pattern.value),
                options: .regularExpression)
        }
    }

    /// Both texts in full, then the first line where they part.
    static func difference(expected: String, actual: String) -> String {
        "--- expected\n\(expected)\n--- actual\n\(actual)\n--- "
            + Snapshot.difference(expected: expected, actual: actual)
    }

    /// Writes the actual `text` of a failed comparison to
    /// `$TMPDIR/vitals-actual/<test file>-<line>.<stream>` and says where, to copy from.
    static func keep(_ text: String, _ file: String, _ line: UInt, _ stream: String) -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-actual")
        let url = directory.appendingPathComponent(
            "\(URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent)-\(line).\(stream)")
        guard (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)) != nil,
            (try? text.write(to: url, atomically: true, encoding: .utf8)) != nil
        else { return "" }
        return "\n(actual \(stream) written to \(url.path))"
    }
}
