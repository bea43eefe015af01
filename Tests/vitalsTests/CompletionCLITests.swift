import Foundation
import XCTest

/// What the bash completion script (`vitals --generate-completion-script bash`, installed as
/// docs/install.md shows) offers, run in a real bash the way bash runs it on Tab:
/// COMP_WORDS/COMP_CWORD/COMP_LINE set, `_vitals` called, COMPREPLY read back.
final class CompletionCLITests: XCTestCase {
    private var base: URL!
    private var script: URL!

    override func setUpWithError() throws {
        let fm = FileManager.default
        base = fm.temporaryDirectory.appendingPathComponent("vitals-completion-\(UUID().uuidString)")
        try fm.createDirectory(at: base, withIntermediateDirectories: true)
        try fm.copyItem(
            at: VitalsProcess.packageRoot.appendingPathComponent("Tests/VitalsKitTests/Fixtures/MiniCatalog"),
            to: base.appendingPathComponent("catalog"))
        try "not yaml".write(to: base.appendingPathComponent("catalog/notes.txt"), atomically: true, encoding: .utf8)
        let generated = try VitalsProcess.run(["--generate-completion-script", "bash"])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        script = base.appendingPathComponent("vitals.bash")
        try generated.stdout.write(to: script, atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: base) }

    /// The words bash would offer for `line` (the cursor at its end), typed in `directory`.
    private func complete(_ line: String, in directory: URL) throws -> [String] {
        let driver = """
            source "$1"; cd "$2" || exit 9
            line="$3"; read -ra COMP_WORDS <<< "$line"
            [[ "$line" == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE="$line"; COMP_POINT=${#line}
            _vitals vitals "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", driver, "bash", script.path, directory.path, line]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "bash could not complete '\(line)'")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
            .sorted()
    }

    func testFixedValuesAreOffered() throws {
        XCTAssertEqual(try complete("vitals tree --format ", in: base), ["json", "text"])
        XCTAssertEqual(try complete("vitals validate --format ", in: base), ["github", "json", "sarif", "text"])
        XCTAssertEqual(try complete("vitals new-screen Zinc --pillar core_care --chart spark", in: base), ["sparkline"])
    }

    /// validate's PATH offers YAML files and directories (not other files); --catalog offers directories.
    func testCatalogPathsAreOffered() throws {
        let catalog = base.appendingPathComponent("catalog")
        XCTAssertEqual(try complete("vitals validate metrics/st", in: catalog), ["metrics/steps.yaml"])
        XCTAssertEqual(try complete("vitals validate ", in: catalog), ["metrics", "screens"])
        XCTAssertEqual(try complete("vitals validate no", in: catalog), [])
        XCTAssertEqual(try complete("vitals tree --catalog ca", in: base), ["catalog"])
        XCTAssertEqual(try complete("vitals render --catalog ca", in: base), ["catalog"])
        XCTAssertEqual(try complete("vitals new-screen Zinc --catalog ca", in: base), ["catalog"])
    }
}
