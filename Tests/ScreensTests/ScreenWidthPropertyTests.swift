import Foundation
import PropertyBased
import Testing
import VitalsKit
import VitalsScreens

/// Every shipped screen at any width from 40 to 120 columns: each line is exactly the width,
/// and no text row loses words to the width (it wraps instead of being cut with "…").
@Suite("Shipped screens at widths 40…120")
struct ScreenWidthPropertyTests {
    typealias F = ScreenFixtures

    /// The words of `text` as the terminal shows them, without the commas and semicolons a
    /// row's joiner puts after them.
    static func words(_ text: String) -> [String] {
        Sanitize.inline(text).split(whereSeparator: \.isWhitespace).map { word in
            var word = Substring(word)
            while let last = word.last, word.count > 1, ",;".contains(last) { word = word.dropLast() }
            return String(word)
        }
    }

    /// The words a row must show whole: all of them, except for a heading (cut by design).
    static func words(_ row: TextRow) -> [String] {
        switch row {
        case .wrapped(let text, _, _), .paragraph(let text, _): return words(text)
        case .parts(let parts, _, _): return parts.flatMap { words($0) }
        case .heading: return []
        case .labelled(let label, let text, _): return words(label) + words(text)
        }
    }

    /// The words a block's rows and description must show, in order.
    static func expectedWords(_ block: ScreenBlock) -> [String] {
        switch block.content {
        case .header(let header): return header.description.map { words($0) } ?? []
        case .chart(let figure): return figure.notes.flatMap { words($0) }
        case .text(let rows): return rows.flatMap { words($0) }
        case .drawing: return []
        case .table(let table): return table.terminalDrawing == nil ? table.terminalRows.flatMap { words($0) } : []
        }
    }

    /// Whether `needles` appear in `haystack` in order (other words may come between).
    static func isSubsequence(_ needles: [String], of haystack: [String]) -> Bool {
        var remaining = needles[...]
        for word in haystack where word == remaining.first { remaining = remaining.dropFirst() }
        return remaining.isEmpty
    }

    @Test("the subsequence check sees a cut word")
    func theCheckSeesACutWord() {
        #expect(Self.isSubsequence(["a", "b"], of: ["x", "a", "y", "b"]))
        #expect(!Self.isSubsequence(["90", "days", "6", "%"], of: ["90", "days", "6…"]))
        #expect(!Self.isSubsequence(["a", "b"], of: ["b", "a"]))
    }

    @Test("every line is the width and no text row is cut", arguments: ["unicode", "ascii"])
    func everyLineIsTheWidthAndNoTextIsCut(profileName: String) async {
        await propertyCheck(count: 12, input: Gen.int(in: 40...120)) { width in
            let profile = F.profile(profileName, width: width)
            for screen in F.catalog.activeScreensInOrder {
                let document: ScreenDocument
                do {
                    document = try F.document(
                        screen.id, profile: profile,
                        request: ScreenRequest(asOf: F.asOf, showChildren: true))
                } catch {
                    Issue.record("\(screen.id) at \(width): \(error)")
                    continue
                }
                for line in document.lines(width: width) {
                    #expect(DisplayWidth.of(line) == width, "\(screen.id) \(profileName) at \(width): \(line)")
                }
                for block in document.blocks {
                    let expected = Self.expectedWords(block)
                    guard !expected.isEmpty else { continue }
                    let drawn = document.lines(of: block)
                    let shown = drawn.flatMap { Self.words($0) }
                    #expect(
                        Self.isSubsequence(expected, of: shown),
                        "\(screen.id) \(profileName) at \(width), a \(block.kind.rawValue) block lost words:\n\(drawn.joined(separator: "\n"))"
                    )
                }
            }
        }
    }
}
