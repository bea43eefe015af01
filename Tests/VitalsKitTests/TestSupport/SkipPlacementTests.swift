import Foundation
import XCTest

/// XCTest records an `XCTSkip` thrown while an assertion evaluates its expression
/// (`XCTAssertEqual(try overlaps(…), [])`, `XCTUnwrap(try f())`) as a failure: on a machine
/// without the optional tool the test fails instead of skipping. This lint reads every Swift
/// file under Tests/, finds the functions that can throw a skip (their body says `XCTSkip(`, or
/// calls one that can, by name and first argument label, to a fixed point) and fails for each
/// XCTest assertion whose arguments call one of them. (Swift Testing knows no XCTSkip: there
/// any skip thrown is a failure, inside `#expect` or not.) The fix: the skip as a statement of the test body
/// (`try OptionalTool.require(.chromium)`) before the assertion.
final class SkipPlacementTests: XCTestCase {
    func testNoAssertionEvaluatesSomethingThatCanSkip() throws {
        let tests = TestPaths.packageRoot.appendingPathComponent("Tests")
        var sources: [(name: String, text: String)] = []
        let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift", url.lastPathComponent != "SkipPlacementTests.swift" else { continue }
            sources.append(
                (String(url.path.dropFirst(tests.path.count + 1)), try String(contentsOf: url, encoding: .utf8)))
        }
        XCTAssertGreaterThan(sources.count, 100, "the test sources were found")
        let lint = SkipLint(sources)
        XCTAssertTrue(
            lint.skipping.contains("require(_"), "OptionalTool.require is known to skip: \(lint.skipping.sorted())")
        XCTAssertEqual(lint.violations, [])
    }

    /// The lint on sources written to trip it: the trap of ReportLabelLayoutCLITests (a skip
    /// two helpers down, inside `XCTAssertEqual`) is found; the same call as a statement is not.
    func testTheLintFindsASkipTwoCallsDownInsideAnAssertion() {
        let helpers = """
            enum Tools {
                static func chromium() throws -> String {
                    guard let path = lookUp("chromium") else { throw XCTSkip("chromium is missing: \\(install) {") }
                    return path // XCTSkip( in a comment is no call
                }
            }
            struct Listener { init() throws { throw XCTSkip("no listener") } }
            """
        let tests = """
            final class T: XCTestCase {
                func overlaps(_ name: String) throws -> [String] {
                    let page = try Tools.chromium()
                    return [page]
                }
                func plain() throws -> Int { 1 }
                func testBad() throws {
                    XCTAssertEqual(try overlaps("a"),
                                   [])
                    _ = try XCTUnwrap(try? Listener())
                }
                func testGood() throws {
                    let found = try overlaps("a")
                    XCTAssertEqual(found, [])
                    XCTAssertEqual(try plain(), 1)
                    XCTAssertEqual("overlaps(", "")
                }
            }
            """
        let lint = SkipLint([("Helpers.swift", helpers), ("T.swift", tests)])
        XCTAssertEqual(lint.skipping, ["chromium(", "Listener(", "overlaps(_", "testBad(", "testGood("])
        XCTAssertEqual(
            lint.violations,
            [
                "T.swift:8: XCTAssertEqual evaluates overlaps, which can throw XCTSkip",
                "T.swift:10: XCTUnwrap evaluates Listener, which can throw XCTSkip",
            ])
    }
}

/// The reading behind `SkipPlacementTests`: code with comments and string literals blanked
/// out, function (and initializer) bodies by matching braces, calls by name.
struct SkipLint {
    /// The functions (types, for an initializer) that can throw XCTSkip, as their name, `(` and
    /// first argument label (`_` for none, nothing without parameters): `require(_`, `run(`.
    private(set) var skipping: Set<String> = []
    private(set) var violations: [String] = []

    init(_ sources: [(name: String, text: String)]) {
        let code = sources.map { (name: $0.name, code: Self.blanked($0.text)) }
        var bodies: [(name: String, body: Substring)] = []
        for file in code { bodies += Self.functions(in: file.code) }
        for (name, body) in bodies where body.contains("XCTSkip(") { skipping.insert(name) }
        // What each body calls, read once; then to a fixed point, by sets.
        let called = bodies.map { Self.callKeys(in: $0.body) }
        var grew = true
        while grew {
            grew = false
            for (index, body) in bodies.enumerated()
            where !skipping.contains(body.name) && !called[index].isDisjoint(with: skipping) {
                skipping.insert(body.name)
                grew = true
            }
        }
        let callees = skipping.filter { !$0.hasPrefix("test") }
        let assertion = try! NSRegularExpression(pattern: #"\b(XCTAssert[A-Za-z]*|XCTUnwrap)\s*\("#)
        for file in code {
            let text = file.code as NSString
            // The UTF-16 offset of each line break, to number lines by a binary search.
            let breaks = file.code.utf16.indices.filter { file.code.utf16[$0] == 10 }.map {
                $0.utf16Offset(in: file.code)
            }
            for match in assertion.matches(in: file.code, range: NSRange(location: 0, length: text.length)) {
                let open = match.range.location + match.range.length - 1
                guard let arguments = Self.balanced(file.code, from: open, open: "(", close: ")") else { continue }
                let line = Self.count(of: breaks, below: match.range.location) + 1
                let macro = text.substring(with: match.range(at: 1))
                let keys = Self.callKeys(in: arguments)
                for key in callees.sorted() where keys.contains(key) {
                    let name = key.prefix { $0 != "(" }
                    violations.append("\(file.name):\(line): \(macro) evaluates \(name), which can throw XCTSkip")
                }
            }
        }
    }

    /// How many of the ascending `offsets` are below `offset`.
    static func count(of offsets: [Int], below offset: Int) -> Int {
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether `code` calls the function `key` (`name(label`): `name(label:`, `.name(`, a
    /// trailing closure `name {` for an unlabelled first parameter; not a macro `#name(`.
    static func calls(_ code: Substring, _ key: String) -> Bool { callKeys(in: code).contains(key) }

    /// Every call of `code` as its key (`name(label`, `name(` without arguments, `name(_` for
    /// a trailing closure too): each whole name not after `#`, followed (past spaces) by `(` or `{`.
    static func callKeys(in code: Substring) -> Set<String> {
        func isNamePart(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        var keys: Set<String> = []
        var index = code.startIndex
        var previous: Character = " "
        while index < code.endIndex {
            let c = code[index]
            guard isNamePart(c), !isNamePart(previous) else {
                previous = c
                index = code.index(after: index)
                continue
            }
            let end = code[index...].firstIndex { !isNamePart($0) } ?? code.endIndex
            let name = code[index..<end]
            if previous != "#" {
                let after = code[end...].drop { $0 == " " }
                if after.first == "{" { keys.insert(name + "(_") }
                if after.first == "(" { keys.insert(name + "(" + firstLabel(after.dropFirst(), declaration: false)) }
            }
            previous = code[code.index(before: end)]
            index = end
        }
        return keys
    }

    /// The first argument label of the list starting after its `(`: `_` for an unlabelled
    /// first argument (a declaration's `_ name:`, a call's plain value), "" for none.
    static func firstLabel(_ list: Substring, declaration: Bool) -> String {
        let text = list.drop { $0 == " " || $0 == "\n" }
        if text.first == ")" { return "" }
        let word = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        let rest = text.dropFirst(word.count).drop { $0 == " " }
        if declaration { return word.isEmpty ? "_" : String(word) }
        guard !word.isEmpty, rest.first == ":", rest.dropFirst().first != ":" else { return "_" }
        return String(word)
    }

    /// Each `func name(label … { body }` and `init(label … { body }` (named by the type
    /// declared last before it) of `code`, by its key (`name(label`).
    static func functions(in code: String) -> [(name: String, body: Substring)] {
        let declaration = try! NSRegularExpression(
            pattern:
                #"\b(?:func\s+([A-Za-z_][A-Za-z0-9_]*)|(init)\s*[?!]?\s*\(|(?:class|struct|enum|actor|extension)\s+([A-Za-z_][A-Za-z0-9_.]*))"#
        )
        var found: [(String, Substring)] = []
        var type = ""
        let text = code as NSString
        for match in declaration.matches(in: code, range: NSRange(location: 0, length: text.length)) {
            if match.range(at: 3).location != NSNotFound {
                type = String(text.substring(with: match.range(at: 3)).split(separator: ".").last ?? "")
                continue
            }
            let name = match.range(at: 1).location != NSNotFound ? text.substring(with: match.range(at: 1)) : type
            // The body starts at the first brace after the signature (no closure in a default argument).
            let start = match.range.location + match.range.length
            // The signature: up to the first brace after the name (the rest of the file copied
            // for every declaration made this lint quadratic in a file's length).
            let brace = text.range(of: "{", range: NSRange(location: start, length: text.length - start))
            guard brace.location != NSNotFound else { continue }
            let rest = text.substring(with: NSRange(location: start, length: brace.location + 1 - start))
            // An initializer's match ends after its `(`; a function's list starts at its first `(`.
            let isInit = match.range(at: 2).location != NSNotFound
            guard let open = isInit ? rest.startIndex : rest.firstIndex(of: "(").map({ rest.index(after: $0) }) else {
                continue
            }
            let key = name + "(" + firstLabel(rest[open...], declaration: true)
            guard let brace = rest.firstIndex(of: "{") else { continue }
            let before = rest[..<brace]
            if before.contains("func ") || before.contains("\n}") { continue }  // a requirement without a body
            let offset = start + (before as Substring).utf16.count
            if let body = balanced(code, from: offset, open: "{", close: "}") { found.append((key, body)) }
        }
        return found
    }

    /// The text from the bracket at UTF-16 offset `from` to its match, if it has one.
    static func balanced(_ code: String, from: Int, open: Character, close: Character) -> Substring? {
        let start = String.Index(utf16Offset: from, in: code)
        var depth = 0
        var index = start
        while index < code.endIndex {
            let character = code[index]
            if character == open { depth += 1 }
            if character == close {
                depth -= 1
                if depth == 0 { return code[start...index] }
            }
            index = code.index(after: index)
        }
        return nil
    }

    /// `text` with comments and the insides of string literals (interpolations included)
    /// replaced by spaces, line breaks kept.
    static func blanked(_ text: String) -> String {
        var out: [Character] = []
        let characters = Array(text)
        var i = 0
        func blank(_ c: Character) { out.append(c == "\n" ? "\n" : " ") }
        while i < characters.count {
            let c = characters[i]
            let next = i + 1 < characters.count ? characters[i + 1] : " "
            if c == "/" && next == "/" {
                while i < characters.count && characters[i] != "\n" {
                    blank(characters[i])
                    i += 1
                }
            } else if c == "/" && next == "*" {
                while i < characters.count
                    && !(characters[i] == "*" && i + 1 < characters.count && characters[i + 1] == "/")
                {
                    blank(characters[i])
                    i += 1
                }
                blank("*")
                blank("/")
                i += 2
            } else if c == "#" && next == "\"" || c == "\"" {
                // A raw string's hashes, then the quotes: """ or ".
                var hashes = 0
                while i < characters.count && characters[i] == "#" {
                    hashes += 1
                    out.append("#")
                    i += 1
                }
                let triple = i + 2 < characters.count && characters[i + 1] == "\"" && characters[i + 2] == "\""
                let quote = triple ? 3 : 1
                for _ in 0..<quote {
                    out.append("\"")
                    i += 1
                }
                let closing = Array(String(repeating: "\"", count: quote) + String(repeating: "#", count: hashes))
                while i < characters.count {
                    if hashes == 0 && characters[i] == "\\" && i + 1 < characters.count {
                        blank(characters[i])
                        blank(characters[i + 1])
                        i += 2
                        continue
                    }
                    if Array(characters[i..<min(characters.count, i + closing.count)]) == closing {
                        out += closing
                        i += closing.count
                        break
                    }
                    if quote == 1 && characters[i] == "\n" { break }
                    blank(characters[i])
                    i += 1
                }
            } else {
                out.append(c)
                i += 1
            }
        }
        return String(out)
    }
}
