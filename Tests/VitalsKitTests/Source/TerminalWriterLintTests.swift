import Foundation
import Testing

/// Everything the CLI prints goes through its one writer (`StandardOutput`, `StandardError`
/// and `printError`, in `Sources/VitalsCLI/Options`), which makes it safe for a terminal: a
/// `print`, a `FileHandle.standardOutput` or a `write(STDOUT_FILENO…)` anywhere else in
/// `Sources/VitalsCLI` would be a way around it. Scans the code with comments and strings left out.
@Suite("One terminal writer in the CLI")
struct TerminalWriterLintTests {
    static let writerFiles: Set = [
        "Sources/VitalsCLI/Options/StandardOutput.swift", "Sources/VitalsCLI/Options/ErrorReporting.swift",
    ]

    /// What writes to standard output or standard error other than through the writer.
    static let forbidden: [(name: String, pattern: String)] = [
        ("print(", #"(?<![\w.])(print|debugPrint|dump)\("#),
        ("FileHandle.standardOutput/standardError", #"FileHandle\s*\.\s*standard(Output|Error)"#),
        ("C stdio", #"(?<![\w.])(fputs|fputc|fwrite|fprintf|printf|puts|putchar|vprintf)\("#),
        ("write to fd 1 or 2", #"(?<![\w.])write\(\s*(STDOUT_FILENO|STDERR_FILENO|1|2)\s*,"#),
        ("stdout/stderr streams", #"(?<![\w.])(stdout|stderr)\b"#),
    ]

    static func findings(in text: String, file: String) -> [String] {
        let code = ForceUnwrapScanTests.code(text)
        var found: [String] = []
        for (name, pattern) in forbidden {
            let regex = try! NSRegularExpression(pattern: pattern)
            for match in regex.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                let line = code[..<Range(match.range, in: code)!.lowerBound].filter { $0 == "\n" }.count + 1
                found.append("\(file):\(line): \(name)")
            }
        }
        return found
    }

    @Test func theCLIWritesOnlyThroughTheWriter() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources/VitalsCLI")
        let walker = try #require(FileManager.default.enumerator(atPath: sources.path))
        var scanned = 0
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let file = "Sources/VitalsCLI/" + relative
            scanned += 1
            if Self.writerFiles.contains(file) { continue }
            found += Self.findings(
                in: try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8), file: file)
        }
        #expect(scanned > 30)
        #expect(found == [])
    }

    @Test func theScanFindsEachWayAround() {
        let samples = [
            "print(x)", "FileHandle.standardError.write(d)", "fputs(s, stderr)", "write(STDOUT_FILENO, p, n)",
            "_ = write(2, p, n)", "debugPrint(value)",
        ]
        for sample in samples { #expect(!Self.findings(in: sample, file: "f").isEmpty, "\(sample)") }
        let allowed = [
            "printer.print(html: h)", "try say(x)", "// print(x)", "let s = \"print(x)\"",
            "ioctl(STDOUT_FILENO, r, &s)",
        ]
        for sample in allowed { #expect(Self.findings(in: sample, file: "f").isEmpty, "\(sample)") }
    }
}
