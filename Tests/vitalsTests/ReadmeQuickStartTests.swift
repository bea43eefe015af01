import Foundation
import XCTest

/// The README's quick start is two commands; the block under them is what the first one prints.
/// This reads both from README.md and runs the first one (as `vitals …`, without `swift run`)
/// the way a reader's shell would on a fresh machine: no database, no catalog in reach but the
/// checkout's, output to a pipe (so no colour and 80 columns).
final class ReadmeQuickStartTests: XCTestCase {
    private struct QuickStart {
        var arguments: [String]
        var output: String
    }

    private func quickStart() throws -> QuickStart {
        let readme = try String(
            contentsOf: VitalsProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section =
            try XCTUnwrap(readme.components(separatedBy: "\n## Quick start\n").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        let blocks = section.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        XCTAssertEqual(blocks.count, 2, "the quick start has a command block and an output block")
        let commands = try XCTUnwrap(blocks.first).split(separator: "\n").dropFirst()  // "sh"
            .map { $0.components(separatedBy: "#")[0].trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(commands.count, 2, "two commands: the main job and the tests")
        XCTAssertEqual(commands.last, "swift test")
        let words = commands[0].split(separator: " ").map(String.init)
        XCTAssertEqual(Array(words.prefix(3)), ["swift", "run", "vitals"])
        let output = String(try XCTUnwrap(blocks.last).drop(while: { $0 != "\n" }).dropFirst())
        return QuickStart(arguments: Array(words.dropFirst(3)), output: output)
    }

    func testTheQuickStartOutputIsWhatTheCommandPrints() throws {
        let quickStart = try quickStart()
        XCTAssertTrue(quickStart.arguments.contains("--as-of"), "the output is only reproducible on a fixed day")
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let run = try VitalsProcess.run(
            quickStart.arguments,
            environment: [
                "HOME": home.path, "XDG_DATA_HOME": "", "COLUMNS": "", "NO_COLOR": "", "TERM": "xterm-256color",
            ])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(
            CommandOutput.normalised(run.stderr, ["$HOME": home.path]),
            """
            vitals: no database at $HOME/.local/share/vitals/vitals.sqlite; showing the embedded demo data \
            (vitals demo --db $HOME/.local/share/vitals/vitals.sqlite writes it)

            """)
        let printed = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }.joined(separator: "\n")
        XCTAssertEqual(
            printed, quickStart.output,
            "README's quick-start output differs from what `vitals \(quickStart.arguments.joined(separator: " "))` prints"
        )
    }
}
