import Foundation
import XCTest

/// Every block of README.md, CONTRIBUTING.md, ARCHITECTURE.md and docs/*.md marked
/// `<!-- example: SETTING -->` is what its commands print (`GuideExample`): each command runs on
/// the built binary, in the block's setting, and its output must be the block's lines under it.
/// So an example cannot show a number the binary no longer prints.
final class GuideExampleTests: XCTestCase {
    /// The documentation files, relative to the package root.
    static var files: [String] {
        let docs =
            (try? FileManager.default.contentsOfDirectory(
                atPath: VitalsProcess.packageRoot.appendingPathComponent("docs").path)) ?? []
        return ["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md"]
            + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    static func examples() throws -> [GuideExample] {
        try files.flatMap { file -> [GuideExample] in
            let url = VitalsProcess.packageRoot.appendingPathComponent(file)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
            return try GuideExample.examples(in: text, file: file)
        }
    }

    /// The notices a run without a database or a catalog of the reader's prints on stderr;
    /// the guide says them once in its prose instead of under every example.
    private static let notices = ["vitals: no database at ", "vitals: no screens/ or metrics/ in "]

    func testEveryMarkedExampleIsWhatItsCommandsPrint() throws {
        let examples = try Self.examples()
        XCTAssertGreaterThan(examples.count, 10, "the guide's examples are marked")
        for example in examples {
            try run(example)
        }
    }

    /// The examples the README used to hold by a test of their own are still marked.
    func testTheDueAndSummaryExamplesAreAmongThem() throws {
        let commands = try Self.examples().flatMap(\.steps).map { $0.words.joined(separator: " ") }
        for command in [
            "vitals due --at 2026-11-20T21:00", "vitals summary --as-of 2026-11-20 --subject ollie --format markdown",
            "vitals goal --as-of 2026-11-20",
        ] {
            XCTAssertTrue(commands.contains(command), "no marked example runs `\(command)`")
        }
    }

    private func run(_ example: GuideExample) throws {
        // The reader's home is /home/me in the guide: the scratch home is written so in the output.
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-guide-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let environment = [
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
            "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path, "TZ": "Europe/Amsterdam",
            "LANG": "C.UTF-8",
            "COLUMNS": "", "TERM": "xterm-256color",
        ]
        var directory = home
        switch example.setting {
        case .demo:
            break
        case .demoDatabase:
            let data = home.appendingPathComponent(".local/share/vitals")
            try FileManager.default.createDirectory(
                at: data, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let db = data.appendingPathComponent("vitals.sqlite").path
            let demo = try VitalsProcess.run(
                ["demo", "--db", db, "--as-of", "2026-11-20"], environment: environment, in: home)
            XCTAssertEqual(demo.status, 0, "\(example.file):\(example.line): vitals demo: \(demo.stderr)")
        case .catalog:
            directory = home.appendingPathComponent("catalog")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for folder in ["screens", "metrics", "languages", "schemas"] {
                try FileManager.default.copyItem(
                    at: VitalsProcess.packageRoot.appendingPathComponent(folder),
                    to: directory.appendingPathComponent(folder))
            }
        case .checkout:
            directory = VitalsProcess.packageRoot
        }
        for step in example.steps {
            let shown = "\(example.file):\(step.line): `\(step.words.joined(separator: " "))`"
            if step.words.first == "sed" {
                try edit(step, in: directory, shown: shown)
                continue
            }
            guard step.words.first == "vitals" else {
                XCTFail("\(shown): an example runs vitals (or sed -i 's/OLD/NEW/' FILE)")
                continue
            }
            let run = try VitalsProcess.run(Array(step.words.dropFirst()), environment: environment, in: directory)
            XCTAssertLessThanOrEqual(run.status, 2, "\(shown) crashed: \(run.stderr)")
            let stderr = GuideExample.lines(CommandOutput.normalised(run.stderr, ["/home/me": home.path]))
                .filter { line in !Self.notices.contains { line.hasPrefix($0) } }
            let printed = GuideExample.lines(CommandOutput.normalised(run.stdout, ["/home/me": home.path])) + stderr
            let expected = GuideExample.lines(step.expected.joined(separator: "\n"))
            if !GuideExample.matches(expected, printed) {
                XCTFail(
                    "\(shown) prints otherwise than the guide shows; it prints:\n" + printed.joined(separator: "\n"))
            }
        }
    }

    /// `sed -i 'Ns/OLD/NEW/' FILE`, done here: on line N the first OLD (plain text) becomes NEW;
    /// without N, OLD must be in the file exactly once.
    private func edit(_ step: GuideExample.Step, in directory: URL, shown: String) throws {
        let words = step.words
        let script = words.count == 4 ? words[2] : ""
        let number = Int(script.prefix(while: \.isNumber))
        let parts = script.drop(while: \.isNumber).components(separatedBy: "/")
        guard words.count == 4, words[1] == "-i", parts.count == 4, parts[0] == "s", parts[3].isEmpty, !parts[1].isEmpty
        else {
            return XCTFail("\(shown): only `sed -i '[N]s/OLD/NEW/' FILE` is run by the test")
        }
        let (old, new) = (parts[1], parts[2])
        let file = directory.appendingPathComponent(words[3])
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        if let number {
            guard number >= 1, number <= lines.count, let range = lines[number - 1].range(of: old) else {
                return XCTFail("\(shown): line \(number) of \(words[3]) has no '\(old)'")
            }
            lines[number - 1].replaceSubrange(range, with: new)
        } else {
            let text = lines.joined(separator: "\n")
            guard text.components(separatedBy: old).count == 2 else {
                return XCTFail("\(shown): '\(old)' is not in \(words[3]) exactly once")
            }
            lines = text.replacingOccurrences(of: old, with: new).components(separatedBy: "\n")
        }
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        XCTAssertTrue(step.expected.allSatisfy { $0.isEmpty }, "\(shown): sed prints nothing")
    }
}

/// The parts of `GuideExample` that decide what passes, on text of the test's own.
final class GuideExampleParsingTests: XCTestCase {
    func testAnEllipsisLineStandsForAnyLinesAndNothingElseDoes() {
        XCTAssertTrue(GuideExample.matches(["a", "…", "c"], ["a", "c"]))
        XCTAssertTrue(GuideExample.matches(["a", "…", "c"], ["a", "b", "b", "c"]))
        XCTAssertFalse(GuideExample.matches(["a", "…", "c"], ["a", "b"]))
        XCTAssertFalse(GuideExample.matches(["a", "c"], ["a", "b", "c"]))
        XCTAssertFalse(GuideExample.matches(["a"], ["a", "b"]))
        XCTAssertTrue(GuideExample.matches(["5 new in …"], ["5 new in 0.1 s"]))
        XCTAssertFalse(GuideExample.matches(["5 new in …"], ["6 new in 0.1 s"]))
        XCTAssertFalse(GuideExample.matches(["Treats (alc… 0.5"], ["Treats (alc… 0.75"]))
    }

    func testABlockIsSplitIntoCommandsAndTheirOutput() throws {
        let text = """
            prose
            <!-- example: demo -->
            ```
            $ vitals log food "brown rice" 180 g   # a comment
            logged
            $ vitals undo
            ```
            """
        let examples = try GuideExample.examples(in: text, file: "t.md")
        XCTAssertEqual(examples.count, 1)
        XCTAssertEqual(
            examples.first?.steps.map(\.words),
            [["vitals", "log", "food", "brown rice", "180", "g"], ["vitals", "undo"]])
        XCTAssertEqual(examples.first?.steps.map(\.expected), [["logged"], []])
        XCTAssertEqual(examples.first?.steps.first?.line, 4)
    }

    func testAMarkerOrCommandTheTestCannotRunIsRefused() {
        XCTAssertThrowsError(
            try GuideExample.examples(in: "<!-- example: nowhere -->\n```\n$ vitals\n```", file: "t.md"))
        XCTAssertThrowsError(try GuideExample.examples(in: "<!-- example: demo -->\n```\noutput\n```", file: "t.md"))
        XCTAssertThrowsError(
            try GuideExample.examples(in: "<!-- example: demo -->\n```\n$ vitals x > y\n```", file: "t.md"))
        XCTAssertThrowsError(
            try GuideExample.examples(in: "<!-- example: demo -->\n```\n$ vitals 'x\n```", file: "t.md"))
    }
}
