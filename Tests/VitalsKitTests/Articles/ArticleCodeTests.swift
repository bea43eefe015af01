import Foundation
import XCTest

/// The DocC articles (Sources/VitalsKit/VitalsKit.docc) show only code that compiles: every
/// Swift block in them appears, line for line, in a source file CI builds (the example plug-in
/// package: a screen module, chart kinds, a rule and a store backend from outside Vitals).
final class ArticleCodeTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let compiled = [
        "Examples/WaterPlugin/Sources/WaterScreen/WaterScreen.swift",
        "Examples/WaterPlugin/Sources/WaterScreen/RingChart.swift",
        "Examples/WaterPlugin/Sources/PressureChart/PressureRangeChart.swift",
        "Examples/WaterPlugin/Sources/WaterRules/RingNeedsTargetRule.swift",
        "Examples/WaterPlugin/Sources/vitals-water/main.swift",
        "Examples/WaterPlugin/Sources/FolderStore/FolderStoreBackend.swift",
        "Examples/WaterPlugin/Sources/ScaleImporter/ScaleImporter.swift",
        "Examples/WaterPlugin/Sources/JUnitReport/JUnitDiagnosticFormat.swift",
        "Examples/WaterPlugin/Tests/FolderStoreTests/FolderStoreBackendTests.swift",
    ]

    /// The Swift blocks of a Markdown text, each as its lines.
    static func swiftBlocks(_ text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.components(separatedBy: "\n") {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
                continue
            }
            if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current!)
                current = nil
                continue
            }
            current?.append(line)
        }
        return blocks
    }

    /// Whether `block`'s lines (trimmed) appear one after another among `lines` (trimmed).
    static func contains(_ lines: [String], _ block: [String]) -> Bool {
        let wanted = block.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let have = lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !wanted.isEmpty, wanted.count <= have.count else { return wanted.isEmpty }
        return (0...(have.count - wanted.count)).contains { Array(have[$0..<($0 + wanted.count)]) == wanted }
    }

    func testEveryArticleBlockIsCompiledCode() throws {
        let sources = try Self.compiled.map {
            try String(contentsOf: Self.root.appendingPathComponent($0), encoding: .utf8)
        }
        .map { $0.components(separatedBy: "\n") }
        let catalog = Self.root.appendingPathComponent("Sources/VitalsKit/VitalsKit.docc")
        let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter { $0.hasSuffix(".md") }
        XCTAssertGreaterThanOrEqual(articles.count, 7)
        var checked = 0
        for article in articles {
            let text = try String(contentsOf: catalog.appendingPathComponent(article), encoding: .utf8)
            for block in Self.swiftBlocks(text) {
                checked += 1
                XCTAssertTrue(
                    sources.contains { Self.contains($0, block) },
                    "\(article): a Swift block that no compiled file holds:\n\(block.joined(separator: "\n"))")
            }
        }
        XCTAssertGreaterThan(checked, 0)
    }

    func testTheCheckFindsAChangedLine() {
        let source = ["struct A {", "    let x = 1", "}"]
        XCTAssertTrue(Self.contains(source, ["let x = 1", "}"]))
        XCTAssertFalse(Self.contains(source, ["let x = 2"]))
        XCTAssertEqual(Self.swiftBlocks("a\n```swift\nlet y\n```\nb").first, ["let y"])
    }
}
