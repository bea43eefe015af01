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
            let bidi = (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || [0x200E, 0x200F, 0x061C].contains(v)
            return control || bidi
        }.map { String(format: "U+%04X", $0.value) }
    }

    private func assertSafe(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(unsafeScalars(in: text), [], "\(what) prints unsafe characters:\n\(text.debugDescription)", file: file, line: line)
    }

    private func catalog(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-safe-\(UUID().uuidString)")
        for folder in ["screens", "metrics"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
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
        for format in ["text", "github"] {
            let run = try VitalsProcess.run(["validate", "--format", format], in: root)
            XCTAssertEqual(run.status, 1, run.stdout)
            XCTAssertTrue(run.stdout.contains("xy.yaml"), run.stdout)
            XCTAssertTrue(run.stdout.contains("unknown key 'colour'"), run.stdout)
            assertSafe(run.stdout, "validate --format \(format)")
            assertSafe(run.stderr, "validate --format \(format) (stderr)")
        }
        // JSON escapes the name and reads back to it.
        let json = try VitalsProcess.run(["validate", "--format", "json"], in: root)
        assertSafe(json.stdout, "validate --format json")
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let diagnostic = try XCTUnwrap((parsed["diagnostics"] as? [[String: Any]])?.first)
        XCTAssertEqual(diagnostic["file"] as? String, name)
        // SARIF percent-encodes it.
        let sarif = try VitalsProcess.run(["validate", "--format", "sarif"], in: root)
        assertSafe(sarif.stdout, "validate --format sarif")
        XCTAssertTrue(sarif.stdout.contains("screens/%1B%5D0%3Bpwned%07x%E2%80%AEy.yaml"), sarif.stdout)
    }

    func testAPathGivenOnTheCommandLineIsPrintedSafely() throws {
        let run = try VitalsProcess.run(["validate", "/no/such/\(titleSequence)dir\(override)"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("/no/such/dir"), run.stderr)
        assertSafe(run.stderr, "validate with a missing path")
    }

    func testBidiControlsInYAMLDoNotReachTreeRenderOrValidate() throws {
        let root = try catalog(["screens/all.yaml": goodCatalog])
        let tree = try VitalsProcess.run(["tree", "--catalog", root.path], in: root)
        XCTAssertEqual(tree.status, 0, tree.stderr)
        XCTAssertTrue(tree.stdout.contains("Body txt.exe"), tree.stdout)
        assertSafe(tree.stdout, "tree")
        let render = try VitalsProcess.run(["render", "body", "--catalog", root.path, "--as-of", "2026-11-20", "--width", "80"], in: root)
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertTrue(render.stdout.contains("Body txt.exe"), render.stdout)
        assertSafe(render.stdout, "render")
        let colour = try VitalsProcess.run(["render", "body", "--catalog", root.path, "--as-of", "2026-11-20", "--color", "always"], in: root)
        XCTAssertTrue(colour.stdout.contains("\u{1B}["), "colour is still drawn")
        XCTAssertFalse(colour.stdout.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })

        let bad = try catalog(["screens/all.yaml": goodCatalog + "subjects: [{subject_id: me, name: Me, kind: \"h\u{202E}uman\"}]\n"])
        let validate = try VitalsProcess.run(["validate"], in: bad)
        XCTAssertEqual(validate.status, 1, validate.stdout)
        XCTAssertTrue(validate.stdout.contains("'human' is not one of"), validate.stdout)
        assertSafe(validate.stdout, "validate on YAML with bidi controls")
    }

    func testArgumentValuesEchoedInErrorsAreMadeSafe() throws {
        let cases: [[String]] = [
            ["render", "protein", "--range", "\(titleSequence)fortnight"],   // our own message
            ["render", "protein", "--color", "\(titleSequence)sometimes"],   // ArgumentParser's message
            ["render", "\(override)nietsbestaand"],                          // unknown screen
            ["tree", "\(titleSequence)protien"],
            ["rendr\(titleSequence)"],
            ["export", "\(override)xml"],
            ["import", "csv", "/no/such/\(titleSequence).csv"],
        ]
        for arguments in cases {
            let run = try VitalsProcess.run(arguments)
            XCTAssertNotEqual(run.status, 0, "\(arguments)")
            XCTAssertFalse(run.stderr.isEmpty, "\(arguments)")
            assertSafe(run.stderr, "vitals \(arguments.joined(separator: " "))")
            assertSafe(run.stdout, "vitals \(arguments.joined(separator: " ")) (stdout)")
        }
    }

    func testDataWithBidiControlsIsDrawnSafely() throws {
        let db = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-safe-\(UUID().uuidString).sqlite")
        addTeardownBlock { try? FileManager.default.removeItem(at: db) }
        for (grams, tag) in [("20", "\(override)breakfast"), ("25", "lunch\(titleSequence)")] {
            let log = try VitalsProcess.run(["log", "protein", grams, "g", "--tag", tag, "--at", "2026-11-20T08:00", "--db", db.path])
            XCTAssertEqual(log.status, 0, log.stderr)
            assertSafe(log.stdout, "log")
        }
        let render = try VitalsProcess.run(["render", "protein", "--as-of", "2026-11-20", "--width", "80", "--db", db.path])
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertTrue(render.stdout.contains("breakfast"), render.stdout)
        assertSafe(render.stdout, "render of data with bidi controls")
    }
}
