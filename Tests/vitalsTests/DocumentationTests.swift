import Foundation
import VitalsKit
import XCTest

@testable import VitalsCLI

/// The documentation as a whole: the README is a front page whose index reaches every guide
/// page, every relative link (and its #anchor) leads somewhere, the command table names every
/// command, and the version is said one way everywhere it is said.
final class DocumentationTests: XCTestCase {
    private static let root = VitalsProcess.packageRoot

    private static func read(_ file: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
    }

    /// The pages of the documentation, relative to the package root.
    private static var pages: [String] {
        ["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md", "CHANGELOG.md"]
            + GuideExampleTests.files.filter { $0.hasPrefix("docs/") }
    }

    func testTheReadmeIsAFrontPageWithItsIndexOnTheFirstScreen() throws {
        let readme = try Self.read("README.md")
        XCTAssertLessThan(readme.utf8.count, 12 * 1024, "README.md is the front page; the reference belongs in docs/")
        let lines = readme.components(separatedBy: "\n")
        let contents = try XCTUnwrap(
            lines.firstIndex { $0.hasPrefix("**Contents:**") }, "the README opens with its contents")
        XCTAssertLessThan(contents, 24, "the contents are on the first screen")
    }

    func testEveryGuidePageIsReachableFromTheReadme() throws {
        var reached: Set<String> = ["README.md"]
        var queue = ["README.md"]
        while let page = queue.popLast() {
            for link in try Self.links(in: page) where link.file.hasSuffix(".md") && !reached.contains(link.file) {
                reached.insert(link.file)
                queue.append(link.file)
            }
        }
        for page in Self.pages where !reached.contains(page) {
            XCTFail("\(page) is not reached from README.md through links")
        }
    }

    func testEveryRelativeLinkLeadsToAFileAndItsAnchorToAHeading() throws {
        for page in Self.pages {
            for link in try Self.links(in: page) {
                let url = Self.root.appendingPathComponent(link.file)
                guard FileManager.default.fileExists(atPath: url.path) else {
                    XCTFail("\(page):\(link.line): \(link.file) does not exist")
                    continue
                }
                guard let anchor = link.anchor, link.file.hasSuffix(".md") else { continue }
                let anchors = try Self.headingAnchors(in: Self.read(link.file))
                XCTAssertTrue(anchors.contains(anchor), "\(page):\(link.line): \(link.file) has no heading #\(anchor)")
            }
        }
    }

    func testTheCommandTableNamesEveryCommand() throws {
        let help = try VitalsProcess.run(["--help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        let listed = try XCTUnwrap(help.stdout.components(separatedBy: "SUBCOMMANDS:\n").last)
        let commands = Set(
            listed.components(separatedBy: "\n").compactMap { line -> String? in
                guard line.hasPrefix("  "), let name = line.dropFirst(2).split(separator: " ").first,
                    line.dropFirst(2).hasPrefix(name + "  "), name.allSatisfy({ $0.isLowercase || $0 == "-" })
                else { return nil }
                return String(name)
            }
        ).union(VitalsCommands.postgreSQLCommands)
        XCTAssertTrue(commands.contains("render") && commands.contains("grant"), "\(commands)")
        let readme = try Self.read("README.md")
        let table = try XCTUnwrap(
            readme.components(separatedBy: "<!-- commands-table -->").dropFirst().first?
                .components(separatedBy: "<!-- /commands-table -->").first)
        var named: Set<String> = []
        for row in table.components(separatedBy: "\n") where row.hasPrefix("| `") {
            let cell = row.components(separatedBy: " | ")[0]
            for (index, span) in cell.components(separatedBy: "`").enumerated() where index % 2 == 1 {
                let words = span.split(separator: " ")
                let name = words.first == "vitals" ? words.dropFirst().first : words.first
                name.map { named.insert(String($0)) }
            }
        }
        XCTAssertEqual(
            named.subtracting(commands), [], "the README's command table names commands vitals does not have")
        XCTAssertEqual(commands.subtracting(named), [], "commands missing from the README's command table")
    }

    func testTheVersionIsSaidOneWayEverywhere() throws {
        let version = VitalsKitVersion.string
        let run = try VitalsProcess.run(["--version"])
        XCTAssertEqual(run.stdout, version + "\n")
        let changelog = try Self.read("CHANGELOG.md")
        let sections = changelog.components(separatedBy: "\n").filter { $0.hasPrefix("## ") }
        XCTAssertEqual(
            sections.first?.hasPrefix("## [\(version)] - "), true,
            "CHANGELOG.md's top section is the version vitals --version prints (\(version)): \(sections.first ?? "none")"
        )
        XCTAssertEqual(sections.last?.hasPrefix("## [0.1.0] - "), true, "the CHANGELOG goes back to 0.1.0")
        let readme = try Self.read("README.md")
        XCTAssertTrue(readme.contains("from: \"\(version)\")"), "README's `from:` line names \(version)")
        XCTAssertTrue(
            readme.contains("vitals --version   ") && readme.contains("# \(version)\n"),
            "README's `vitals --version` says \(version)")
        // Every `from: "x.y.z"` in the documentation that names Vitals names this version.
        let pattern = try NSRegularExpression(pattern: #"from: "([0-9]+\.[0-9]+\.[0-9]+)"(, traits|\))"#)
        for page in Self.pages {
            let text = try Self.read(page)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let found = String(text[Range(match.range(at: 1), in: text)!])
                XCTAssertEqual(found, version, "\(page): `from: \"\(found)\"`")
            }
        }
    }

    // MARK: - Links and headings

    private struct Link {
        var line: Int
        var file: String
        var anchor: String?
    }

    /// The relative links of `page` outside code (`[text](target)`), each resolved to a path from
    /// the package root; a bare `#anchor` is the page itself.
    private static func links(in page: String) throws -> [Link] {
        let pattern = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        let directory = (page as NSString).deletingLastPathComponent
        var links: [Link] = []
        var inCode = false
        for (index, line) in try read(page).components(separatedBy: "\n").enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inCode.toggle()
                continue
            }
            guard !inCode else { continue }
            let prose = line.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
                .joined(separator: " ")
            for match in pattern.matches(in: prose, range: NSRange(prose.startIndex..., in: prose)) {
                let target = String(prose[Range(match.range(at: 1), in: prose)!])
                guard !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(
                    String.init)
                let file =
                    parts[0].isEmpty ? page : normalised(directory.isEmpty ? parts[0] : directory + "/" + parts[0])
                links.append(Link(line: index + 1, file: file, anchor: parts.count > 1 ? parts[1] : nil))
            }
        }
        return links
    }

    /// A relative path with its `.` and `..` components resolved (`docs/../README.md` → `README.md`).
    private static func normalised(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", !parts.isEmpty { parts.removeLast() } else { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }

    /// The anchors GitHub gives the headings of a Markdown text: lowercase, only letters, digits,
    /// spaces, hyphens and underscores kept, spaces made hyphens.
    private static func headingAnchors(in text: String) -> Set<String> {
        var anchors: Set<String> = []
        var inCode = false
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                inCode.toggle()
                continue
            }
            guard !inCode, line.hasPrefix("#") else { continue }
            let title = line.drop(while: { $0 == "#" }).trimmingCharacters(in: .whitespaces).lowercased()
            let kept = title.unicodeScalars.filter {
                CharacterSet.alphanumerics.contains($0) || " -_".unicodeScalars.contains($0)
            }
            anchors.insert(String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-"))
        }
        return anchors
    }
}
