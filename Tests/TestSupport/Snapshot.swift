import Foundation
import XCTest

#if canImport(Testing)
    import Testing
#endif

/// The one golden-file check of the test suite.
///
/// A golden is a plain text file at `Tests/<Target>/Goldens/<suite>/<case>.txt` (lowercase,
/// words joined by hyphens), found from the calling test file's path. `assertSnapshot`
/// compares `text` with it byte for byte:
///
/// - equal: passes;
/// - different: fails with the first differing line in both versions;
/// - missing: fails with the path and the command that records it;
/// - `VITALS_RECORD_GOLDENS=1`: writes the file and fails ("recorded …"), so a recording run
///   never passes; re-run without the variable to check.
public func assertSnapshot(
    _ text: String, named name: String,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let golden = Snapshot.goldenURL(named: name, testFile: "\(filePath)")
    let outcome: Snapshot.Outcome
    do {
        outcome = try Snapshot.check(text, golden: golden, recording: Snapshot.recording)
    } catch {
        outcome = .failed("could not write \(golden.path): \(error)")
    }
    if case .failed(let message) = outcome {
        Snapshot.fail(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

public enum Snapshot {
    /// The environment variable that turns checking into recording.
    public static let recordVariable = "VITALS_RECORD_GOLDENS"

    public static var recording: Bool { ProcessInfo.processInfo.environment[recordVariable] == "1" }

    public enum Outcome: Equatable {
        case matched
        case failed(String)
    }

    /// `Tests/<Target>/Goldens/<name>.txt` for a test file somewhere under `Tests/<Target>/`.
    public static func goldenURL(named name: String, testFile: String) -> URL {
        var components = URL(fileURLWithPath: testFile).standardizedFileURL.pathComponents
        if let tests = components.lastIndex(of: "Tests"), tests + 1 < components.count - 1 {
            components.removeSubrange((tests + 2)...)
        } else {
            components.removeLast()
        }
        return URL(fileURLWithPath: NSString.path(withComponents: components))
            .appendingPathComponent("Goldens")
            .appendingPathComponent(name + ".txt")
    }

    /// Compares `text` with the file at `golden`, or records it there when `recording`.
    public static func check(_ text: String, golden: URL, recording: Bool) throws -> Outcome {
        if recording {
            try FileManager.default.createDirectory(
                at: golden.deletingLastPathComponent(),
                withIntermediateDirectories: true)
            try text.write(to: golden, atomically: true, encoding: .utf8)
            return .failed("recorded \(golden.path); re-run without \(recordVariable) to check it")
        }
        guard let data = FileManager.default.contents(atPath: golden.path) else {
            return .failed(
                "no golden at \(golden.path); record it with "
                    + "\(recordVariable)=1 swift test --filter <this test>, read it, then re-run without")
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected == text { return .matched }
        return .failed(
            "\(golden.path) differs (if the change is right, re-record with \(recordVariable)=1)\n"
                + difference(expected: expected, actual: text))
    }

    /// The first line where `actual` departs from `expected`, both versions shown, with escape
    /// characters made visible.
    public static func difference(expected: String, actual: String) -> String {
        let old = expected.components(separatedBy: "\n")
        let new = actual.components(separatedBy: "\n")
        let differing = (0..<max(old.count, new.count)).filter { index in
            (index < old.count ? old[index] : nil) != (index < new.count ? new[index] : nil)
        }
        guard let first = differing.first else { return "(same lines)" }
        func show(_ lines: [String]) -> String {
            first < lines.count ? visible(lines[first]) : "<no line: \(lines.count) lines in all>"
        }
        return """
            first difference at line \(first + 1) (\(differing.count) differing lines; \
            \(old.count) lines expected, \(new.count) actual):
              expected: \(show(old))
              actual:   \(show(new))
            """
    }

    /// `line` with ESC, tabs, carriage returns and trailing spaces made visible; an empty line named.
    public static func visible(_ line: String) -> String {
        if line.isEmpty { return "(empty line)" }
        var shown = line.replacingOccurrences(of: "\u{1B}", with: "\\e")
            .replacingOccurrences(of: "\t", with: "\\t")
            .replacingOccurrences(of: "\r", with: "\\r")
        let trailing = shown.reversed().prefix { $0 == " " }.count
        if trailing > 0 { shown = String(shown.dropLast(trailing)) + String(repeating: "·", count: trailing) }
        return shown
    }

    /// Records a failure in whichever framework runs the current test.
    public static func fail(_ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        #if canImport(Testing)
            if Test.current != nil {
                Issue.record(
                    Comment(rawValue: message),
                    sourceLocation: SourceLocation(
                        fileID: fileID, filePath: "\(filePath)",
                        line: Int(line), column: Int(column)))
                return
            }
        #endif
        XCTFail(message, file: filePath, line: line)
    }
}
