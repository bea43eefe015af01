import ArgumentParser
import Foundation
import TestSupport
@testable import VitalsCLI
import XCTest

/// `Vitals.parseDirectly` parses `vitals NAME …` with the named command alone instead of the
/// whole command tree. It may decline (then the tree parses, as before), but whenever it gives
/// a command, that command must be exactly the one the tree would have given.
final class DirectParseTests: XCTestCase {
    /// The commands without subcommands, which the direct path may parse.
    static let leafCommands = Vitals.configuration.subcommands.filter { $0.configuration.subcommands.isEmpty }

    /// The parsed command's values, property by property (the property wrappers hold them).
    static func dump(_ command: ParsableCommand) -> String {
        var text = ""
        Swift.dump(command, to: &text)
        return text
    }

    /// The tree's parse of `arguments`, or nil when it throws.
    static func treeParse(_ arguments: [String]) -> ParsableCommand? {
        try? Vitals.parseAsRoot(arguments)
    }

    func assertAgrees(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) {
        guard let direct = Vitals.parseDirectly(arguments) else { return }
        guard let tree = Self.treeParse(arguments) else {
            return XCTFail("parsed directly but not by the tree: \(arguments)", file: file, line: line)
        }
        XCTAssertTrue(type(of: direct) == type(of: tree), "\(arguments): \(type(of: direct)) vs \(type(of: tree))",
                      file: file, line: line)
        XCTAssertEqual(Self.dump(direct), Self.dump(tree), "\(arguments)", file: file, line: line)
    }

    func testEverydayCommandLinesParseDirectlyAsTheTreeParsesThem() throws {
        let lines: [[String]] = [
            ["render", "protein", "--db", "/tmp/x.sqlite", "--as-of", "2026-11-20", "--width", "80", "--color", "never"],
            ["render", "--all", "--children", "--format", "json"],
            ["render", "sleep", "--ascii", "--width", "60"],
            ["validate", "--format", "sarif", "--strict"],
            ["validate", "--catalog", "/tmp/catalog"],
            ["tree"],
            ["log", "body_mass", "70.5", "--note", "after a run"],
            ["entries", "--db", "/tmp/x.sqlite"],
            ["demo", "--db", "/tmp/demo.sqlite", "--as-of", "2026-11-20"],
        ]
        var parsedDirectly = 0
        for line in lines {
            if Vitals.parseDirectly(line) != nil { parsedDirectly += 1 }
            assertAgrees(line)
        }
        // The point of the direct path: these everyday lines take it.
        XCTAssertEqual(parsedDirectly, lines.count)
        // The comparison sees values: two lines that differ in one value dump differently.
        let protein = try XCTUnwrap(Vitals.parseDirectly(["render", "protein", "--width", "80"]))
        let wider = try XCTUnwrap(Vitals.parseDirectly(["render", "protein", "--width", "81"]))
        XCTAssertNotEqual(Self.dump(protein), Self.dump(wider))
    }

    func testHelpVersionCompletionAndParentCommandsGoThroughTheTree() {
        for line in [["render", "--help"], ["render", "-h"], ["render", "help"], ["validate", "--version"],
                     ["render", "--generate-completion-script", "bash"], ["catalog", "push", "--to", "x"],
                     ["config", "show"], [], ["rendr", "protein"], ["--db", "x", "render"]] {
            XCTAssertNil(Vitals.parseDirectly(line), "\(line)")
        }
    }

    func testARefusedArgumentGoesThroughTheTreeForItsMessage() {
        // The tree's error names `vitals render` and suggests; the direct path declines.
        XCTAssertNil(Vitals.parseDirectly(["render", "protein", "--widht", "80"]))
        XCTAssertNil(Vitals.parseDirectly(["render", "protein", "--width", "wide"]))
    }

    /// Random command lines from each leaf command's own words (its option names from its help,
    /// values of several kinds, stray words): whenever the direct path parses one, the tree parses
    /// it to the same command. A fixed seed keeps failures reproducible.
    func testRandomCommandLinesNeverParseDifferently() {
        var random = SplitMix(seed: 0x5EED_0019)
        let values = ["protein", "80", "0", "-1", "2026-11-20", "json", "text", "never", "always", "/tmp/x.sqlite",
                      "me", "ollie", "70.5", "", "--", "-", "x=y", "é", "2026-02-30"]
        var tried = 0, direct = 0
        for command in Self.leafCommands {
            let help = command.helpMessage(columns: 200)
            let options = Set(help.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "<" })
                .map(String.init).filter { $0.hasPrefix("-") && $0.count > 1 && !$0.hasSuffix(".") })
            let words = Array(options).sorted() + values
            for _ in 0..<15 {
                var line = [command._commandName]
                for _ in 0..<Int.random(in: 0...6, using: &random) {
                    line.append(words[Int.random(in: 0..<words.count, using: &random)])
                }
                tried += 1
                if Vitals.parseDirectly(line) != nil { direct += 1 }
                assertAgrees(line)
            }
        }
        // Not a vacuous check: a good share of the random lines did take the direct path.
        XCTAssertGreaterThan(direct, tried / 20, "\(direct) of \(tried) lines parsed directly")
    }
}
