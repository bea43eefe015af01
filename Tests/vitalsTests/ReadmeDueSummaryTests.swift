import Foundation
import XCTest

/// Two examples of the README are what the command prints on the embedded demo data: `due` at
/// 21:00 (only what was logged by then counts) and Ollie's summary (her Dutch screen in Dutch).
/// Each is read from README.md (the `$ vitals …` line and the lines under it up to the next
/// command or the end of the block) and run with no database and no settings.
final class ReadmeDueSummaryTests: XCTestCase {
    static let examples = ["due --at 2026-11-20T21:00", "summary --as-of 2026-11-20 --subject ollie --format markdown"]

    /// The output the README shows under `$ vitals <command>`.
    private func example(_ command: String) throws -> String {
        let readme = try String(contentsOf: VitalsProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let after = try XCTUnwrap(readme.components(separatedBy: "\n$ vitals \(command)\n").dropFirst().first,
                                  "the README shows `vitals \(command)`")
        var lines: [String] = []
        for line in after.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("$ ") || line.hasPrefix("```") { break }
            lines.append(String(line))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func testTheExamplesAreWhatTheCommandsPrint() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        for command in Self.examples {
            let shown = try example(command)
            let run = try VitalsProcess.run(command.split(separator: " ").map(String.init),
                                            environment: ["HOME": home.path, "XDG_DATA_HOME": "", "TZ": "Europe/Amsterdam"])
            XCTAssertEqual(run.status, command.hasPrefix("due") ? 1 : 0, run.stderr)
            XCTAssertEqual(run.stdout, shown, "README's `vitals \(command)` differs from what it prints")
        }
    }
}
