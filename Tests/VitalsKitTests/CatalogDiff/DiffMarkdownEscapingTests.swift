import Foundation
import XCTest

@testable import VitalsCatalogDiff
@testable import VitalsKit

/// The step summary's inline code cannot be ended early by backticks in a YAML value, so no
/// raw HTML from the catalog reaches the Markdown; cells escape HTML and markup.
final class DiffMarkdownEscapingTests: XCTestCase {
    /// The text inside each code span of `markdown`, read the CommonMark way: a run of n
    /// backticks opens a span that only the next run of exactly n backticks closes.
    static func codeSpans(_ markdown: String) -> (spans: [String], outside: String) {
        let chars = Array(markdown)
        var spans: [String] = []
        var outside = ""
        var index = 0
        func run(at start: Int) -> Int {
            var end = start
            while end < chars.count, chars[end] == "`" { end += 1 }
            return end - start
        }
        while index < chars.count {
            guard chars[index] == "`" else {
                outside.append(chars[index])
                index += 1
                continue
            }
            let length = run(at: index)
            var search = index + length
            var close: Int?
            while search < chars.count {
                if chars[search] == "`" {
                    let found = run(at: search)
                    if found == length {
                        close = search
                        break
                    }
                    search += found
                } else {
                    search += 1
                }
            }
            guard let close else {
                outside += String(chars[index..<index + length])
                index += length
                continue
            }
            spans.append(String(chars[(index + length)..<close]))
            index = close + length
        }
        return (spans, outside)
    }

    func testBackticksInAValueStayInsideTheCodeSpan() {
        for value in ["a``<img src=x onerror=alert(1)>``b", "```<b>x</b>", "<script>`", "`", "``", "x ` y `` z ``` w"] {
            let markdown = "before " + DiffGitHubFormat.code(value) + " after"
            let (spans, outside) = Self.codeSpans(markdown)
            XCTAssertEqual(spans.count, 1, markdown)
            XCTAssertEqual(
                spans.first?.trimmingCharacters(in: .whitespaces), value.trimmingCharacters(in: .whitespaces), markdown)
            XCTAssertEqual(outside, "before  after", markdown)
        }
        XCTAssertEqual(DiffGitHubFormat.code("plain"), "`plain`")
    }

    func testCellsEscapeHTMLAndMarkup() {
        let cell = DiffGitHubFormat.cell("<img src=x> | **bold** `code`")
        XCTAssertEqual(cell, "\\<img src=x\\> \\| \\*\\*bold\\*\\* \\`code\\`")
    }
}
