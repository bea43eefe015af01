import Foundation
import Testing

/// No force unwraps on the render path: `x!`, `try!`, `as!` and implicitly unwrapped
/// optionals trap on data nobody expected; the render path handles a missing value instead
/// (a guard with an empty state, a non-optional API). Scans the sources as tokens, with
/// comments and string literals left out.
@Suite("No force unwraps on the render path")
struct ForceUnwrapScanTests {
    /// Folders of the render path, from the package root, scanned with their subfolders.
    static let folders = [
        "Sources/VitalsKit/Charts", "Sources/VitalsKit/Screens", "Sources/VitalsKit/Document",
        "Sources/VitalsKit/Output", "Sources/VitalsKit/Terminal", "Sources/VitalsKit/Store",
        "Sources/VitalsKit/Portions", "Sources/Screens",
    ]
    /// Files in those folders that are not on the render path: writing samples.
    static let notOnTheRenderPath: Set = ["Sources/VitalsSQLite/SampleInserter.swift"]

    /// `text` with comments removed and each string literal replaced by `""` (interpolations
    /// included), so a `!` in words is not taken for code.
    static func code(_ text: String) -> String {
        let chars = Array(text)
        var out = ""
        var index = 0
        func starts(_ token: String) -> Bool {
            let token = Array(token)
            return index + token.count <= chars.count && Array(chars[index..<index + token.count]) == token
        }
        while index < chars.count {
            if starts("//") {
                while index < chars.count, chars[index] != "\n" { index += 1 }
            } else if starts("/*") {
                index += 2
                while index < chars.count, !starts("*/") { index += 1 }
                index += 2
            } else if starts("\"\"\"") {
                index += 3
                while index < chars.count, !starts("\"\"\"") { index += 1 }
                index += 3
                out += "\"\""
            } else if chars[index] == "\"" {
                index += 1
                while index < chars.count, chars[index] != "\"", chars[index] != "\n" {
                    index += chars[index] == "\\" ? 2 : 1
                }
                index += 1
                out += "\"\""
            } else {
                out.append(chars[index])
                index += 1
            }
        }
        return out
    }

    /// The lines (1-based) of `text` holding a force unwrap: `try!`, `as!`, or a `!` right
    /// after a name, `)`, `]` or `>` that is not `!=` (a postfix unwrap or a `Type!`).
    static func forceUnwraps(in text: String) -> [(line: Int, text: String)] {
        code(text).split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
            let chars = Array(line)
            let found = chars.indices.contains { index in
                guard chars[index] == "!", index > 0 else { return false }
                if index + 1 < chars.count, chars[index + 1] == "=" { return false }
                let before = chars[index - 1]
                return before.isLetter || before.isNumber || "_)]>".contains(before)
            }
            return found ? (number + 1, line.trimmingCharacters(in: .whitespaces)) : nil
        }
    }

    @Test("the scan finds each kind of force unwrap and nothing else")
    func theScanFindsForceUnwraps() {
        let flagged = [
            "let a = b!", "let a = b!.c", "let a = try! f()", "let a = b as! C", "var a: String!",
            "let a = list[0]!", "let a = f()!", "let a: Array<Int>! = nil",
        ]
        for line in flagged { #expect(Self.forceUnwraps(in: line).count == 1, "\(line)") }
        let clean = [
            "if a != b {}", "if !flag {}", "guard !(a && b) else {}", "let s = \"Done! Really!\"",
            "// a comment with x!", "/* try! */ let a = 1", "let s = \"quote \\\" then x!\"",
            "let s = \"\"\"\n  x! as! y\n  \"\"\"", "let a = b ?? c",
        ]
        for text in clean { #expect(Self.forceUnwraps(in: text).isEmpty, "\(text)") }
        #expect(Self.forceUnwraps(in: "let a = 1\n// b!\nlet c = d!").map(\.line) == [3])
    }

    @Test("the render path's sources have no force unwrap")
    func theRenderPathHasNoForceUnwraps() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var scanned = 0
        for folder in Self.folders {
            let url = root.appendingPathComponent(folder)
            let files = try #require(
                FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil),
                "no folder \(folder)")
            for case let file as URL in files where file.pathExtension == "swift" {
                let relative = String(file.path.dropFirst(root.path.count + 1))
                guard !Self.notOnTheRenderPath.contains(relative) else { continue }
                let text = try String(contentsOf: file, encoding: .utf8)
                for hit in Self.forceUnwraps(in: text) {
                    Issue.record("\(relative):\(hit.line): force unwrap: \(hit.text)")
                }
                scanned += 1
            }
        }
        #expect(scanned > Self.folders.count, "the scan read \(scanned) files")
    }
}
