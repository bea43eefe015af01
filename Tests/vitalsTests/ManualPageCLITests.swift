import Foundation
import TestSupport
import XCTest

/// The manual page (docs/vitals.1, docs/install.md; `ManualPage` below) is written
/// from the help texts as `--experimental-dump-help` gives them, each line of a text becoming a
/// line of mdoc. An empty line there makes `man vitals` print "mdoc warning: Empty input line"
/// on the reader's terminal, and a line starting with `.` or `'` would be read as a macro.
final class ManualPageCLITests: XCTestCase {
    private struct Text {
        var command: String
        var text: String
    }

    /// Every abstract, discussion and argument help of `command` and its subcommands.
    private func texts(_ command: [String: Any], path: String) -> [Text] {
        var found: [Text] = []
        for key in ["abstract", "discussion"] {
            if let text = command[key] as? String { found.append(Text(command: path, text: text)) }
        }
        for argument in command["arguments"] as? [[String: Any]] ?? [] {
            for key in ["abstract", "discussion"] {
                if let text = argument[key] as? String { found.append(Text(command: path, text: text)) }
            }
        }
        for sub in command["subcommands"] as? [[String: Any]] ?? [] {
            found += texts(sub, path: path + " " + (sub["commandName"] as? String ?? "?"))
        }
        return found
    }

    func testHelpTextsMakeAManualPageWithoutMdocWarnings() throws {
        let dump = try VitalsProcess.run(["--experimental-dump-help"])
        XCTAssertEqual(dump.status, 0, dump.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let root = try XCTUnwrap(json["command"] as? [String: Any])
        let all = texts(root, path: "vitals")
        XCTAssertGreaterThan(all.count, 20, "the dump has the commands' texts")
        for item in all {
            let lines = item.text.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertFalse(
                lines.contains { $0.trimmingCharacters(in: .whitespaces).isEmpty } && lines.count > 1,
                "\(item.command): an empty line in \(item.text.debugDescription)")
            XCTAssertFalse(
                lines.contains { $0.hasPrefix(".") || $0.hasPrefix("'") },
                "\(item.command): a line mdoc reads as a macro in \(item.text.debugDescription)")
        }
        // The exit-code table is in the page (the root's discussion).
        let discussion = try XCTUnwrap(root["discussion"] as? String)
        XCTAssertTrue(discussion.contains("Exit codes: 0 ok; 1 findings or a refused input"), discussion)
    }

    /// The committed page `docs/vitals.1` is what `ManualPage` writes from this build's help
    /// (`VITALS_RECORD_GOLDENS=1` rewrites it), and groff reads it without a warning.
    func testCommittedManualPageIsCurrent() throws {
        let dump = try VitalsProcess.run(["--experimental-dump-help"])
        XCTAssertEqual(dump.status, 0, dump.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let page = ManualPage.render(dump: try XCTUnwrap(json["command"] as? [String: Any]))
        let file = VitalsProcess.packageRoot.appendingPathComponent("docs/vitals.1")
        if ProcessInfo.processInfo.environment["VITALS_RECORD_GOLDENS"] == "1" {
            try page.write(to: file, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: file, encoding: .utf8)
        XCTAssertEqual(
            committed, page, "docs/vitals.1 is stale: VITALS_RECORD_GOLDENS=1 swift test --filter ManualPageCLITests")
        for command in ["render", "validate", "modules", "report", "log"] {
            XCTAssertTrue(committed.contains(".It Cm \(command)\n"), "no \(command) in the page")
        }
        XCTAssertFalse(committed.contains(".It Cm push"), "the trait's commands are named, not described")
        XCTAssertFalse(committed.contains("\n\n"), "an empty line in the page")
        // groff (the `man` command's formatter) reads it without warnings; skipped without groff.
        let groff = try OptionalTool.require(.groff)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: groff)
        process.arguments = ["-mandoc", "-ww", "-z", "-T", "utf8", file.path]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let warnings = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, warnings)
        XCTAssertEqual(warnings, "", "groff warns about docs/vitals.1")
    }
}
