import Foundation
import Testing

@testable import VitalsKit

/// The fuzzing this reader of outside input gets on every test run: generated documents (mostly
/// catalog-shaped, some with mistakes) and fixture catalog files with one to four characters
/// replaced, inserted or removed, or cut short, composed by `YAMLComposer` (libyaml's events).
/// None traps; every location it gives is in the text: a plain scalar's points at its text (or
/// at the anchor or tag written before it), a duplicate key's comes after the first occurrence,
/// an error's is on a line of the file; a node or an error may also be just past its end.
@Suite struct YAMLComposerMutationTests {
    /// The text's lines as libyaml counts them (LF, CR, CR LF, NEL, LS and PS end a line), each
    /// as Unicode scalars (libyaml's columns count characters).
    static func lines(_ text: String) -> [[Unicode.Scalar]] {
        var lines: [[Unicode.Scalar]] = [[]]
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            if scalar == "\n" && previousWasCR { continue }
            if ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar) {
                lines.append([])
            } else {
                lines[lines.count - 1].append(scalar)
            }
        }
        return lines
    }

    /// What is wrong with the locations of composing `text` (empty when nothing is).
    static func locationProblems(_ text: String, maxDepth: Int = 64, nodeBudget: Int = 200_000) -> [String] {
        var composer = YAMLComposer()
        composer.keyNames = CatalogSchema.keyNames
        composer.maxDepth = maxDepth
        composer.nodeBudget = nodeBudget
        let lines = Self.lines(text)
        // A character the reader refuses is located by counting line feeds only.
        let lineFeedLines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            Array($0.unicodeScalars)
        }
        var problems: [String] = []
        func within(_ location: VitalsKit.SourceLocation, _ lines: [[Unicode.Scalar]]) -> Bool {
            location.line >= 1 && location.line <= lines.count && location.column >= 1
                && location.column <= lines[location.line - 1].count + 1
        }
        func inText(_ location: VitalsKit.SourceLocation, _ what: String, isError: Bool = false) -> Bool {
            // Just past the end: libyaml ends an unfinished last line before the stream ends
            // (an empty value there, or an error at the end of the text).
            let pastEnd = location.line == lines.count + 1 && location.column == 1
            guard location.file == "m.yaml",
                within(location, lines) || pastEnd || (isError && within(location, lineFeedLines))
            else {
                problems.append("\(what) at \(location), outside the text")
                return false
            }
            return true
        }
        do {
            let result = try composer.compose(text, file: "m.yaml")
            // An alias's node is a copy located where its anchor was written: only without
            // aliases does every scalar sit where it is found.
            let aliased = text.contains("*")
            func walk(_ node: YAMLNode) {
                guard inText(node.location, "a node") else { return }
                switch node.value {
                case .scalar(let value, let quoted):
                    // A plain scalar on one line is written exactly as it reads.
                    guard !quoted, !aliased, !value.isEmpty,
                        !value.unicodeScalars.contains(where: {
                            " \t\r\n\u{85}\u{2028}\u{2029}".unicodeScalars.contains($0)
                        })
                    else { return }
                    let written = lines[node.location.line - 1].dropFirst(node.location.column - 1)
                    if !written.starts(with: value.unicodeScalars), written.first != "&", written.first != "!" {
                        problems.append(
                            "\(value.debugDescription) at \(node.location) reads \(String(String.UnicodeScalarView(written)).debugDescription)"
                        )
                    }
                case .sequence(let items):
                    for item in items { walk(item) }
                case .mapping(let pairs):
                    for pair in pairs {
                        walk(pair.key)
                        walk(pair.value)
                    }
                }
            }
            if let root = result.root { walk(root) }
            for duplicate in result.duplicates {
                guard inText(duplicate.location, "a duplicate"), let first = duplicate.related,
                    inText(first, "a first occurrence")
                else { continue }
                if (first.line, first.column) >= (duplicate.location.line, duplicate.location.column) {
                    problems.append("duplicate at \(duplicate.location) before its first occurrence at \(first)")
                }
            }
        } catch let problem as YAMLProblem {
            _ = inText(problem.location, "the error '\(problem.message)'", isError: true)
            if problem.message.isEmpty { problems.append("an error without a message") }
        } catch {
            problems.append("not a YAMLProblem: \(error)")
        }
        return problems
    }

    @Test func generatedDocumentsAreLocatedInTheirText() {
        var refused = 0
        for seed in 0..<3000 {
            var generator = YAMLTextGenerator(seed: UInt64(seed))
            let text = generator.document()
            // Small limits now and then, so that documents past them come up.
            let depth = seed % 7 == 0 ? 3 : 64
            let budget = seed % 11 == 0 ? 12 : 200_000
            let problems = Self.locationProblems(text, maxDepth: depth, nodeBudget: budget)
            #expect(problems.isEmpty, "seed \(seed):\n\(text)\n\(problems.joined(separator: "\n"))")
            if (try? YAMLComposer().compose(text, file: "m.yaml")) == nil { refused += 1 }
        }
        // Both sides are exercised: documents that compose and documents that are refused.
        #expect(refused > 300 && refused < 2700, "\(refused) refused")
    }

    @Test func mutatedDocumentsAreLocatedInTheirText() throws {
        var random = SplitMix(seed: 0x5941_4D4C)
        let alphabet: [Unicode.Scalar] = [
            ":", " ", "\n", "-", "'", "\"", "#", "[", "]", "{", "}", ",", "\t", "&", "*", "!", "|",
            ">", "?", "%", "@", "`", "\r", "a", "1", ".", "\\", "é", "\u{0}", "\u{7}", "\u{85}",
            "\u{FEFF}", "\u{2028}", "🥦",
        ]
        let fixtures = TestPaths.fixtures.appendingPathComponent("MiniCatalog")
        var sources: [String] = []
        for directory in ["screens", "metrics"] {
            let folder = fixtures.appendingPathComponent(directory)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            where name.hasSuffix(".yaml") {
                sources.append(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
            }
        }
        #expect(sources.count >= 4)
        for seed in 0..<40 {
            var generator = YAMLTextGenerator(seed: 10_000 + UInt64(seed))
            sources.append(generator.document())
        }
        var composed = 0
        for round in 0..<1500 {
            var scalars = Array(sources[Int(random.next() % UInt64(sources.count))].unicodeScalars)
            for _ in 0...(random.next() % 4) {
                let at = scalars.isEmpty ? 0 : Int(random.next() % UInt64(scalars.count))
                let scalar = alphabet[Int(random.next() % UInt64(alphabet.count))]
                switch random.next() % 4 {
                case 0 where !scalars.isEmpty: scalars[at] = scalar
                case 1: scalars.insert(scalar, at: at)
                case 2 where !scalars.isEmpty: scalars.remove(at: at)
                default: scalars = Array(scalars[..<at])
                }
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            let problems = Self.locationProblems(text)
            #expect(problems.isEmpty, "round \(round):\n\(text)\n\(problems.joined(separator: "\n"))")
            if (try? YAMLComposer().compose(text, file: "m.yaml")) != nil { composed += 1 }
        }
        // Mutants that still compose and mutants that are refused both come up.
        #expect(composed > 150 && composed < 1350, "\(composed) composed")
    }
}

/// Random YAML documents: mostly in the shape of catalog files (block mappings and sequences,
/// plain, quoted and flow scalars, comments), mixed with what YAML allows beyond that and with
/// mistakes (misindented lines, tabs, CR, control characters, document markers, junk lines).
struct YAMLTextGenerator {
    private var random: SplitMix

    init(seed: UInt64) { random = SplitMix(seed: seed) }

    static let keys = [
        "a", "b", "name", "display_metric_id", "display_screen_id", "value", "k_1", "X", "1", "null", "true",
        "é", "'q'", "\"dq\"", "a b", "-x", "?", "<<", "&an k", "*an", "!t k", "? k", "a :",
    ]
    static let scalars = [
        "plain", "two words", "3", "-5", "0.5", "'single'", "\"double\"", "'it''s'", "\"esc\\n\"",
        "'#2E9E5B'", "#2E9E5B", "a#b", "a #b", "ü", "日本 語", "x: y", "x:y", "a,b", "[a, b]", "{a: 1}",
        "{a: 1, b: [x]}", "[]", "{}", "", "~", "&an v", "*an", "!!str x", "|", ">", "a\tb", "- x", "-x",
        ",x", "a ]", "{a: b c, d: 'e'}", "[a, 'b', \"c\"]", "[a,]", "{a: }", "@x", "`x", "%x",
        "x\u{85}", "x\u{2028}y", "\u{7}", "08:30", "a  b", "-", ":x", "--- x", "{a: x, a: y}",
        "[ a , b ]", "{ a: 1 }", "'a' b", "\"\"", "''", "'x' # c", "v # c", "{a: 'x', b: \"y\"}", "?x",
        "x?", "a [b", "{a: b, c: d e}", "\u{FEFF}", "[a b, c]", "{a: [b, c]}",
    ]
    static let junk = [
        "---", "...", "%YAML 1.1", "\t- x", "? a", ": b", "- ", "-", "#", "  # c", "x", "  y: 1",
        "      deep: 1", "- z: 1", "k: &a 1", "j: *a", "a:\t1",
    ]

    private mutating func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }
    private mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

    /// A key: mostly plain words, now and then anything from `keys`.
    private mutating func key() -> String {
        chance(85) ? pick(["a", "b", "name", "display_metric_id", "value", "k_1", "order", "series"]) : pick(Self.keys)
    }

    private mutating func scalar() -> String {
        chance(60)
            ? pick(["plain", "two words", "3", "-5", "'q'", "\"d\"", "[x, y]", "{r: s, v: 1}", "Müsli", "a#b"])
            : pick(Self.scalars)
    }

    private var space: String { " " }

    /// The lines of a block mapping at `indent`.
    private mutating func mapping(indent: Int, depth: Int) -> [String] {
        var lines: [String] = []
        let count = 1 + Int(random.next() % 4)
        for _ in 0..<count {
            let head = String(repeating: " ", count: indent) + key() + ":"
            let kind = depth >= 4 ? 0 : random.next() % 6
            switch kind {
            case 3:
                lines.append(head + (chance(15) ? " # c" : ""))
                lines += mapping(indent: indent + 1 + Int(random.next() % 3), depth: depth + 1)
            case 4:
                lines.append(head)
                lines += sequence(indent: chance(30) ? indent : indent + 1 + Int(random.next() % 3), depth: depth + 1)
            default:
                let gap = String(repeating: " ", count: 1 + Int(random.next() % 2))
                lines.append(head + gap + scalar() + (chance(10) ? " # note" : "") + (chance(5) ? "  " : ""))
            }
        }
        return lines
    }

    /// The lines of a block sequence whose dashes are at `indent`.
    private mutating func sequence(indent: Int, depth: Int) -> [String] {
        var lines: [String] = []
        let count = 1 + Int(random.next() % 3)
        let dash =
            String(repeating: " ", count: indent) + "-" + String(repeating: " ", count: 1 + Int(random.next() % 2))
        for _ in 0..<count {
            if depth < 4, chance(60) {
                let inner = mapping(indent: dash.count, depth: depth + 1)
                lines.append(dash + inner[0].dropFirst(dash.count))
                lines += inner.dropFirst()
            } else {
                lines.append(dash + scalar())
            }
        }
        return lines
    }

    /// A whole document, sometimes with a mistake or an unusual construct put in.
    mutating func document() -> String {
        var lines = mapping(indent: 0, depth: 0)
        let changes = chance(45) ? 0 : 1 + Int(random.next() % 3)
        for _ in 0..<changes {
            let at = Int(random.next() % UInt64(lines.count))
            switch random.next() % 10 {
            case 0: lines.insert(chance(50) ? "" : String(repeating: " ", count: Int(random.next() % 6)), at: at)
            case 1: lines.insert(String(repeating: " ", count: Int(random.next() % 8)) + "# comment", at: at)
            case 2:
                lines[at] =
                    (chance(50) ? " " : "")
                    + (lines[at].hasPrefix(" ") && chance(50) ? String(lines[at].dropFirst()) : lines[at])
            case 3: lines.insert(pick(Self.junk), at: at)
            case 4:
                lines[at] = lines[at].replacingOccurrences(
                    of: chance(50) ? " " : ":", with: pick(["\t", "\u{7}", ": :", "\r"]))
            case 5: lines[at] += pick(["\r", "\t", "  ", " #x", "#x", " \u{85}", ": x", " é"])
            case 6: lines.insert(lines[at], at: at)
            case 7: lines.insert(String(repeating: " ", count: Int(random.next() % 10)) + scalar(), at: at + 1)
            case 8: lines[at] = lines[at].replacingOccurrences(of: "- ", with: pick(["-", "- - ", "-  "]))
            default: lines[at] = lines[at].replacingOccurrences(of: "a", with: pick(["ä", "\u{301}", "日"]))
            }
        }
        return lines.joined(separator: "\n") + (chance(90) ? "\n" : "")
    }
}
