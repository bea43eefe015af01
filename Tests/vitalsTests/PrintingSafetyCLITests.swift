import Foundation
import XCTest

/// What vitals prints that came from outside (YAML text, data, file names, paths, argument
/// values echoed in errors) cannot drive the terminal: no escape sequences, no control
/// characters, no bidirectional overrides, in every format meant for a terminal. JSON and
/// SARIF escape them instead, and read back to the original text.
final class PrintingSafetyCLITests: XCTestCase {
    /// A file name that would set the terminal's title (OSC 0) if printed raw.
    private let titleSequence = "\u{1B}]0;pwned\u{07}"
    /// Right-to-left override: "txt.exe" shown as "exe.txt".
    private let override = "\u{202E}"

    /// Control characters and bidirectional controls that must never reach a terminal.
    private func unsafeScalars(in text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            let v = scalar.value
            let control = (v < 0x20 && v != 0x0A) || (0x7F...0x9F).contains(v)
            let bidi =
                (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || [0x200E, 0x200F, 0x061C].contains(v)
            return control || bidi
        }.map { String(format: "U+%04X", $0.value) }
    }

    private func assertSafe(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(
            unsafeScalars(in: text), [], "\(what) prints unsafe characters:\n\(text.debugDescription)", file: file,
            line: line)
    }

    private func catalog(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-safe-\(UUID().uuidString)")
        for folder in ["screens", "metrics"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for (path, text) in files {
            try text.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root
    }

    private let goodCatalog = """
        pillars: [{pillar_id: core_care, name: "Core \u{202E}Care", color: green}]
        series: [{series_id: body_mass, kind: quantity, unit: kg}]
        screens:
          - {screen_id: SCREEN_BODY, name: "Body \u{202E}txt.exe", pillar: core_care, description: "Weight \u{2066}and\u{2069} \u{200F}more"}
        metrics:
          - {display_metric_id: BODY_WEIGHT, display_screen_id: SCREEN_BODY, display_name: "Weight \u{202D}kg", chart_type_id: line, is_primary: true, series: body_mass}

        """

    func testAFileNamedWithAnEscapeSequenceIsPrintedSafelyByValidate() throws {
        let name = "screens/\(titleSequence)x\(override)y.yaml"
        let root = try catalog([name: "pillars: [{pillar_id: p, name: P, colour: green}]\n"])
        let text = try assertCommand(
            ["validate", "--format", "text"], in: root,
            stdout: """
                screens/xy.yaml:1:35: error: unknown key 'colour' in this pillar; did you mean 'color'? [unknown-key]
                    pillars: [{pillar_id: p, name: P, colour: green}]
                                                      ^
                1 file, 0 screens, 0 metrics: 1 error, 0 warnings

                """, exitCode: 1)
        assertSafe(text.stdout, "validate --format text")
        let github = try assertCommand(
            ["validate", "--format", "github"], in: root,
            stdout: """
                ::error file=screens/xy.yaml,line=1,col=35,title=unknown-key::unknown key 'colour' in this pillar; did you mean 'color'? [unknown-key]
                1 file, 0 screens, 0 metrics: 1 error, 0 warnings

                """, exitCode: 1)
        assertSafe(github.stdout, "validate --format github")
        // JSON escapes the name and reads back to it.
        let json = try VitalsProcess.run(["validate", "--format", "json"], in: root)
        assertSafe(json.stdout, "validate --format json")
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let diagnostic = try XCTUnwrap((parsed["diagnostics"] as? [[String: Any]])?.first)
        XCTAssertEqual(diagnostic["file"] as? String, name)
        // SARIF percent-encodes it.
        let sarif = try VitalsProcess.run(["validate", "--format", "sarif"], in: root)
        assertSafe(sarif.stdout, "validate --format sarif")
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let result = try XCTUnwrap(((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
        let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        XCTAssertEqual(
            (location?["artifactLocation"] as? [String: Any])?["uri"] as? String,
            "screens/%1B%5D0%3Bpwned%07x%E2%80%AEy.yaml", sarif.stdout)
    }

    func testAPathGivenOnTheCommandLineIsPrintedSafely() throws {
        let run = try assertCommand(
            ["validate", "/no/such/\(titleSequence)dir\(override)"],
            stderr: "vitals: error: no such file or directory: /no/such/dir\n", exitCode: 2)
        assertSafe(run.stderr, "validate with a missing path")
    }

    func testBidiControlsInYAMLDoNotReachTreeRenderOrValidate() throws {
        let root = try catalog(["screens/all.yaml": goodCatalog])
        let noDatabase = ["XDG_DATA_HOME": root.appendingPathComponent("no-data").path]
        // "Body txt.exe", in that order.
        let tree = try assertCommand(
            ["tree", "--catalog", root.path], in: root,
            stdout: """
                Core Care (core_care)
                └── Body txt.exe [SCREEN_BODY]
                    └── ★ Weight kg [BODY_WEIGHT] line · body_mass

                """)
        assertSafe(tree.stdout, "tree")
        let render = try assertCommand(
            ["render", "body", "--catalog", root.path, "--as-of", "2026-11-20", "--width", "80"],
            environment: noDatabase, in: root, replacing: ["$TMP": root.path],
            stdoutGolden: "printing-safety/body-bidi-80",
            stderr: """
                vitals: no database at $TMP/no-data/vitals/vitals.sqlite; showing the embedded demo data (vitals demo --db $TMP/no-data/vitals/vitals.sqlite writes it)

                """)
        assertSafe(render.stdout, "render")
        // Colour is still drawn.
        let colour = try assertCommand(
            [
                "render", "body", "--catalog", root.path, "--as-of", "2026-11-20", "--width", "80",
                "--color", "always",
            ],
            environment: noDatabase.merging(["TERM": "xterm", "COLORTERM": ""]) { $1 }, in: root,
            replacing: ["$TMP": root.path], stdoutGolden: "printing-safety/body-bidi-80-colour",
            stderr: CommandOutput.normalised(render.stderr, ["$TMP": root.path]))
        XCTAssertFalse(
            colour.stdout.unicodeScalars.contains {
                (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
            })

        let bad = try catalog([
            "screens/all.yaml": goodCatalog + "subjects: [{subject_id: me, name: Me, kind: \"h\u{202E}uman\"}]\n"
        ])
        let validate = try assertCommand(
            ["validate"], in: bad,
            stdout: """
                screens/all.yaml:7:45: error: 'kind' 'human' (with invisible or control characters) is not one of human, dog, cat; did you mean 'human'? [invalid-value]
                    subjects: [{subject_id: me, name: Me, kind: \"human\"}]
                                                                ^
                1 file, 1 screens, 1 metrics: 1 error, 0 warnings

                """, exitCode: 1)
        assertSafe(validate.stdout, "validate on YAML with bidi controls")
    }

    func testArgumentValuesEchoedInErrorsAreMadeSafe() throws {
        var runs: [VitalsProcess.Run] = []
        // Our own message.
        runs.append(
            try assertCommand(
                ["render", "protein", "--range", "\(titleSequence)fortnight"],
                stderr: """
                    vitals: error: --range expects 7d, 12w, 6m, 1y or all (a count and d, w, m or y), got 'fortnight'

                    """, exitCode: 2))
        // ArgumentParser's message.
        runs.append(
            try assertCommand(
                ["render", "protein", "--color", "\(titleSequence)sometimes"],
                stderr: """
                    Error: The value 'sometimes' is invalid for '--color <WHEN>'. Please provide one of 'auto', 'always' or 'never'.
                    Help:  --color <WHEN>  Colour: auto (a terminal without NO_COLOR), always or never (default: the settings file's color, else auto).
                    Usage: vitals render [<SCREEN> ...] [--all] [--children] [--watch] [--as-of <DATE>] [--range <RANGE>] [--format <format>] [--formats] [--width <N>] [--color <WHEN>] [--ascii] [--units <SYSTEM>] [--catalog <DIR>] [--db <PATH>]
                      See 'vitals render --help' for more information.

                    """, exitCode: 2))
        // An unknown screen.
        runs.append(
            try assertCommand(
                ["render", "\(override)nietsbestaand"],
                stderr: """
                    vitals: error: unknown screen 'nietsbestaand'
                      vitals tree lists every screen

                    """, exitCode: 1))
        runs.append(
            try assertCommand(
                ["tree", "\(titleSequence)protien"],
                stderr: """
                    vitals: error: unknown screen 'protien'
                      vitals tree lists every screen

                    """, exitCode: 1))
        runs.append(
            try assertCommand(
                ["rendr\(titleSequence)"],
                stderr: """
                    Error: Unexpected argument 'rendr'
                    Usage: vitals <subcommand>
                      See 'vitals --help' for more information.

                    """, exitCode: 2))
        runs.append(
            try assertCommand(
                ["export", "\(override)xml"],
                stderr: "vitals: error: unknown export format 'xml': use csv, json or catalog\n", exitCode: 2))
        runs.append(
            try assertCommand(
                ["import", "csv", "/no/such/\(titleSequence).csv"],
                stderr: "vitals: error: cannot read /no/such/.csv\n", exitCode: 2))
        for run in runs {
            assertSafe(run.stderr, "stderr: \(run.stderr)")
        }
    }

    func testDataWithBidiControlsIsDrawnSafely() throws {
        let db = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-safe-\(UUID().uuidString).sqlite")
        addTeardownBlock {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: db.path + suffix) }
        }
        for (grams, tag) in [("20", "\(override)breakfast"), ("25", "lunch\(titleSequence)")] {
            let log = try VitalsProcess.run([
                "log", "protein", grams, "g", "--tag", tag, "--at", "2026-11-20T08:00", "--db", db.path,
            ])
            XCTAssertEqual(log.status, 0, log.stderr)
            assertSafe(log.stdout, "log")
        }
        // The tags drawn as "breakfast" and "lunch".
        let render = try assertCommand(
            ["render", "protein", "--as-of", "2026-11-20", "--width", "80", "--db", db.path],
            stdoutGolden: "printing-safety/protein-bidi-tags-80")
        assertSafe(render.stdout, "render of data with bidi controls")
    }
}
