import Foundation
import XCTest

/// Every command `vitals --help` lists, run on a copy of the shipped catalog whose every text
/// (pillar, screen, metric, subject and food names, descriptions, about texts, messages,
/// notes) starts with ESC, OSC 52 (the clipboard), OSC 0 (the title), CSI 2J (clear), a colour
/// code, C1 controls, bidirectional overrides and zero-width characters: what reaches standard
/// output and standard error holds none of them, in any format.
final class HostileCatalogCLITests: XCTestCase {
    /// As YAML double-quoted escapes.
    static let hostileYAML = #"\e]52;c;aGk=\a\e]0;T\a\e[2J\e[31m\e\N\x9B\u0085\u202E\u2066\u200B\uFEFF"#
    static let textKeys =
        "name|description|display_name|about_why|about_what|empty_message|guidance|breed|notes|note|label|title"
    static let asOf = "2026-11-20"

    /// The scalars that must never be printed raw, counted the naive way.
    static func unsafeCount(_ text: String) -> Int {
        text.unicodeScalars.filter { scalar in
            let v = scalar.value
            return (v < 0x20 && v != 0x0A && v != 0x09) || (0x7F...0x9F).contains(v)
                || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
                || [0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x061C, 0x2060, 0xFEFF].contains(v)
        }.count
    }

    /// `value` (a YAML scalar as written) as a double-quoted scalar with the hostile text first.
    static func hostile(_ value: String) -> String {
        var value = value.trimmingCharacters(in: .whitespaces)
        if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
            return "\"" + hostileYAML + " " + value.dropFirst().dropLast() + "\""
        }
        if value.hasPrefix("'"), value.hasSuffix("'"), value.count >= 2 {
            value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
        } else if let comment = value.range(of: #"\s+#.*$"#, options: .regularExpression) {
            value.removeSubrange(comment)
        }
        let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"" + hostileYAML + " " + escaped + "\""
    }

    /// The catalog's text with every free text made hostile: block-style `key: value` lines
    /// and the keys of flow mappings (`- {food_id: apple, name: Apple}`).
    static func hostileCatalogText(_ text: String) throws -> String {
        let block = try NSRegularExpression(pattern: #"^(\s*(?:- )?)("# + textKeys + #"):[ ]+(.*)$"#)
        let flow = try NSRegularExpression(
            pattern: #"([{,]\s*)("# + textKeys
                + #"):[ ]+("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^,}"'\s][^,}]*?)(?=\s*[,}])"#)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { piece -> String in
            let line = String(piece)
            let whole = NSRange(line.startIndex..., in: line)
            if let match = block.firstMatch(in: line, range: whole), let value = Range(match.range(at: 3), in: line),
                !line[value].isEmpty, !"|>{[".contains(line[value].first!)
            {
                let lead = line[Range(match.range(at: 1), in: line)!]
                let key = line[Range(match.range(at: 2), in: line)!]
                return lead + key + ": " + hostile(String(line[value]))
            }
            guard line.contains("{") else { return line }
            var out = line
            for match in flow.matches(in: line, range: whole).reversed() {
                guard let range = Range(match.range, in: out), let lead = Range(match.range(at: 1), in: line),
                    let key = Range(match.range(at: 2), in: line), let value = Range(match.range(at: 3), in: line)
                else { continue }
                out.replaceSubrange(range, with: line[lead] + line[key] + ": " + hostile(String(line[value])))
            }
            return out
        }.joined(separator: "\n")
    }

    /// A copy of the shipped catalog with every text hostile, in `directory`.
    private func hostileCatalog(in directory: URL) throws -> URL {
        let root = directory.appendingPathComponent("catalog")
        let fm = FileManager.default
        for folder in ["screens", "metrics"] {
            let from = VitalsProcess.packageRoot.appendingPathComponent(folder)
            try fm.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            for name in try fm.contentsOfDirectory(atPath: from.path) where name.hasSuffix(".yaml") {
                let text = try String(contentsOf: from.appendingPathComponent(name), encoding: .utf8)
                try Self.hostileCatalogText(text).write(
                    to: root.appendingPathComponent(folder + "/" + name), atomically: true, encoding: .utf8)
            }
        }
        return root
    }

    func testTheHostileCatalogReallyIsHostileAndValid() throws {
        let catalog = try hostileCatalog(in: FaultProcess.scratch(self, "hostile"))
        let pillars = try String(contentsOf: catalog.appendingPathComponent("screens/pillars.yaml"), encoding: .utf8)
        XCTAssertGreaterThan(pillars.components(separatedBy: "]52;").count - 1, 5, pillars)
        let foods = try String(contentsOf: catalog.appendingPathComponent("metrics/foods.yaml"), encoding: .utf8)
        XCTAssertGreaterThan(foods.components(separatedBy: "]52;").count - 1, 20)
        let run = try VitalsProcess.run(["validate"], in: catalog)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        // The names are read with the characters in them: JSON carries them, escaped.
        let tree = try VitalsProcess.run(["tree", "--format", "json"], in: catalog)
        XCTAssertTrue(
            tree.stdout.contains("\\u001b]52;c;aGk=") || tree.stdout.contains("\\u001B]52;c;aGk="),
            tree.stdout.prefix(2000).description)
        XCTAssertTrue(
            tree.stdout.contains("\\u202E") || tree.stdout.contains("\\u202e"), tree.stdout.prefix(2000).description)
    }

    func testEveryCommandPrintsNoControlBidiOrZeroWidthCharacter() throws {
        let scratch = FaultProcess.scratch(self, "hostile")
        let catalog = try hostileCatalog(in: scratch)
        let db = scratch.appendingPathComponent("h.sqlite").path
        // The other side of a diff: one target moved, so screens (and their names) are listed.
        let other = scratch.appendingPathComponent("other")
        try FileManager.default.copyItem(at: catalog, to: other)
        let steps = other.appendingPathComponent("metrics/steps.yaml")
        let stepsText = try String(contentsOf: steps, encoding: .utf8)
        let target = try XCTUnwrap(stepsText.range(of: #"value: \d+"#, options: .regularExpression))
        try stepsText.replacingCharacters(in: target, with: "value: 1234").write(
            to: steps, atomically: true, encoding: .utf8)
        let csv = scratch.appendingPathComponent("in.csv")
        try "date,value,note\n2026-11-19,70,\"\u{1B}]0;x\u{07}hi\u{202E}\"\n".write(
            to: csv, atomically: true, encoding: .utf8)

        let day = Self.asOf
        var runs: [[String]] = [
            ["demo", "--db", db],
            ["render", "--all", "--as-of", day, "--db", db], ["render", "--all", "--as-of", day, "--format", "json"],
            ["report", "--all", "--as-of", day],
            ["validate"], ["validate", "--format", "github"], ["validate", "--format", "json"],
            ["validate", "--format", "sarif"],
            ["diff", "--against", other.path, "--as-of", day],
            ["diff", "--against", other.path, "--as-of", day, "--format", "json"],
            ["diff", "--against", other.path, "--as-of", day, "--format", "github"],
            ["diff", "--against", other.path, "--as-of", day, "--format", "html"],
            ["rules"], ["modules"], ["modules", "--format", "json"], ["tree"], ["tree", "--format", "json"], ["schema"],
            ["explore"],
            ["log", "body_mass", "70", "--db", db], ["import", "csv", csv.path, "--series", "body_mass", "--db", db],
            ["import", csv.path, "--series", "body_mass", "--db", db, "--dry-run"], ["sources", "--db", db],
            ["export", "csv", "--db", db], ["export", "json", "--db", db],
            ["milestone", "list", "--db", db, "--subject", "ollie"], ["foods"], ["foods", "apple"],
            ["entries", "--db", db, "--day", "2026-11-19"], ["edit", "1", "71", "--db", db],
            ["delete", "1", "--db", db],
            ["undo", "--db", db], ["config"],
            ["correlate", "STEPS_DAILY", "body_mass", "--db", db, "--as-of", day],
            ["correlate", "steps", "body_mass", "--as-of", day, "--format", "json"],
            ["goal", "show", "--db", db], ["due", "--at", "20:00", "--db", db],
            ["due", "--at", "20:00", "--format", "json", "--db", db],
            ["summary", "--week", "--as-of", day], ["summary", "--week", "--as-of", day, "--format", "markdown"],
            ["summary", "--week", "--as-of", day, "--format", "html"],
            ["new-screen", "Hostile \u{1B}]0;x\u{07} \u{202E}", "--pillar", "core_care"],
            ["init", scratch.appendingPathComponent("init \u{1B}]0;x\u{07}\u{202E}").path],
            ["lsp", "--as-of", day],
        ]
        #if PostgreSQL
            // The PostgreSQL commands, against a server that is not there: what they print names the
            // location, the subject and the role, all hostile here.
            let server = "postgres://h\u{1B}]0;x\u{07}@127.0.0.1:1/db\u{202E}?connect_timeout=2"
            runs += [
                ["push", "--to", server, "--db", db], ["pull", "--from", server, "--db", db],
                ["grant", "ollie\u{1B}[2J", "role\u{202E}", "--db", server],
                ["revoke", "ollie\u{1B}[2J", "role\u{202E}", "--db", server],
                ["catalog", "push", "--to", server],
            ]
        #endif
        // Every command of the help is run at least once.
        let help = try VitalsProcess.run(["--help"], in: catalog).stdout
        let listed =
            help.components(separatedBy: "SUBCOMMANDS:").last?.split(separator: "\n")
            .compactMap { line -> String? in
                let words = line.split(separator: " ")
                return line.hasPrefix("  ") && !line.hasPrefix("   ") ? words.first.map(String.init) : nil
            } ?? []
        XCTAssertGreaterThan(listed.count, 20, help)
        let covered = Set(runs.map { $0[0] })
        let extra = Set(listed).subtracting(["See"]).subtracting(covered)
        XCTAssertEqual(extra, [], "commands of --help this test does not run")

        var printedBytes = 0
        for arguments in runs {
            let run = try VitalsProcess.run(
                arguments, in: catalog, input: arguments[0] == "lsp" ? Self.lspSession(catalog) : nil)
            printedBytes += run.stdout.utf8.count + run.stderr.utf8.count
            // The language server's frames end their header lines in CR LF, as the protocol has it.
            let stdout = arguments[0] == "lsp" ? run.stdout.replacingOccurrences(of: "\r\n", with: "\n") : run.stdout
            if arguments[0] == "lsp" {
                XCTAssertEqual(run.status, 0, run.stderr)
                XCTAssertTrue(
                    stdout.lowercased().contains("\\u202e"),
                    "the hover and outline carry the hostile names, escaped:\n\(stdout.prefix(3000))")
            }
            XCTAssertEqual(
                Self.unsafeCount(stdout), 0,
                "vitals \(arguments.joined(separator: " ")) stdout:\n\(run.stdout.debugDescription.prefix(3000))")
            XCTAssertEqual(
                Self.unsafeCount(run.stderr), 0,
                "vitals \(arguments.joined(separator: " ")) stderr:\n\(run.stderr.debugDescription.prefix(3000))")
        }
        // They printed something to count in (not all refusals).
        XCTAssertGreaterThan(printedBytes, 100_000)
    }

    /// A language server session on the catalog: its hover, completion and outline print the
    /// hostile names (as JSON), then it shuts down.
    static func lspSession(_ catalog: URL) throws -> String {
        let uri = catalog.appendingPathComponent("metrics/protein.yaml").absoluteString
        let text = try String(contentsOf: catalog.appendingPathComponent("metrics/protein.yaml"), encoding: .utf8)
        let document = ["uri": uri]
        let messages: [[String: Any]] = [
            [
                "jsonrpc": "2.0", "id": 1, "method": "initialize",
                "params": ["rootUri": catalog.absoluteString, "capabilities": [String: Any]()],
            ],
            ["jsonrpc": "2.0", "method": "initialized", "params": [String: Any]()],
            [
                "jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": text]],
            ],
            [
                "jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
                "params": ["textDocument": document, "position": ["line": 2, "character": 25]],
            ],
            [
                "jsonrpc": "2.0", "id": 3, "method": "textDocument/hover",
                "params": ["textDocument": document, "position": ["line": 3, "character": 25]],
            ],
            [
                "jsonrpc": "2.0", "id": 4, "method": "textDocument/completion",
                "params": ["textDocument": document, "position": ["line": 3, "character": 23]],
            ],
            ["jsonrpc": "2.0", "id": 5, "method": "textDocument/documentSymbol", "params": ["textDocument": document]],
            ["jsonrpc": "2.0", "id": 6, "method": "shutdown"],
            ["jsonrpc": "2.0", "method": "exit"],
        ]
        return try messages.map { message in
            let body = String(decoding: try JSONSerialization.data(withJSONObject: message), as: UTF8.self)
            return "Content-Length: \(body.utf8.count)\r\n\r\n" + body
        }.joined()
    }
}
