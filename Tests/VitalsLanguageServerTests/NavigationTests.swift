import VitalsKit
import XCTest

@testable import VitalsLanguageServer

/// Definition, references, rename and symbols across the fixture's files.
final class NavigationTests: XCTestCase {
    func testDefinitionGoesToTheDeclarationInAnotherFile() throws {
        let harness = try ServerHarness()
        try harness.open("metrics/fiber.yaml")
        let (line, character) = try harness.find("SCREEN_FIBER", in: "metrics/fiber.yaml", offset: 3)
        let result = try XCTUnwrap(
            try harness.request("textDocument/definition", harness.at("metrics/fiber.yaml", line, character))["result"]?
                .arrayValue)
        let (declLine, declCharacter) = try harness.find("SCREEN_FIBER", in: "screens/nutrition.yaml")
        XCTAssertEqual(result.count, 1)
        XCTAssertEqual(result.first?["uri"]?.stringValue, harness.uri("screens/nutrition.yaml"))
        XCTAssertEqual(
            TextRange(result.first?["range"]),
            TextRange(
                start: Position(line: declLine, character: declCharacter),
                end: Position(line: declLine, character: declCharacter + 12)))
        // A former id goes to the screen that lists it.
        let (formerLine, formerCharacter) = try harness.find("SCREEN_ROUGHAGE", in: "screens/nutrition.yaml")
        let former = try harness.request(
            "textDocument/definition", harness.at("screens/nutrition.yaml", formerLine, formerCharacter))
        XCTAssertEqual(TextRange(former["result"]?.arrayValue?.first?["range"])?.start.line, declLine)
    }

    func testReferencesListEveryFileThatNamesTheID() throws {
        let harness = try ServerHarness()
        let (line, character) = try harness.find("fiber", in: "metrics/series.yaml")
        let result = try harness.request(
            "textDocument/references",
            harness.at(
                "metrics/series.yaml", line, character,
                [("context", .object([("includeDeclaration", .bool(false))]))]))
        let places = try XCTUnwrap(result["result"]?.arrayValue).map {
            ($0["uri"]?.stringValue ?? "", TextRange($0["range"])?.start.line ?? -1)
        }
        XCTAssertEqual(places.map(\.0), [harness.uri("metrics/fiber.yaml"), harness.uri("metrics/fiber.yaml")])
        XCTAssertEqual(places.map(\.1), [6, 16])
    }

    func testRenamingAScreenUpdatesItsMetricsAndKeepsTheOldIDAsAFormerOne() throws {
        let harness = try ServerHarness()
        let (line, character) = try harness.find("SCREEN_WATER", in: "screens/nutrition.yaml")
        let result = try harness.request(
            "textDocument/rename",
            harness.at(
                "screens/nutrition.yaml", line, character,
                [("newName", .string("SCREEN_HYDRATION"))]))
        let changes = try XCTUnwrap(result["result"]?["changes"])
        let applied = try Self.apply(changes, harness: harness)
        XCTAssertEqual(Set(applied.keys), ["screens/nutrition.yaml", "metrics/water.yaml"])
        XCTAssertTrue(applied["metrics/water.yaml"]!.contains("display_screen_id: SCREEN_HYDRATION"))
        XCTAssertTrue(
            applied["screens/nutrition.yaml"]!.contains(
                "  - screen_id: SCREEN_HYDRATION\n    former_ids: [SCREEN_WATER]\n"),
            applied["screens/nutrition.yaml"]!)
        // A screen with former ids gets one more in its list.
        let (fiberLine, fiberCharacter) = try harness.find("SCREEN_FIBER", in: "screens/nutrition.yaml")
        let fiber = try Self.apply(
            try XCTUnwrap(
                try harness.request(
                    "textDocument/rename",
                    harness.at(
                        "screens/nutrition.yaml", fiberLine, fiberCharacter,
                        [("newName", .string("SCREEN_FIBRE"))]))["result"]?["changes"]), harness: harness)
        XCTAssertTrue(fiber["screens/nutrition.yaml"]!.contains("former_ids: [SCREEN_ROUGHAGE, SCREEN_FIBER]"))
        // The renamed catalog is valid: the edits load and validate clean.
        var files = try [
            "screens/pillars.yaml", "screens/nutrition.yaml", "metrics/series.yaml", "metrics/fiber.yaml",
            "metrics/water.yaml",
        ]
        .map { SourceFile(path: $0, text: try applied[$0] ?? harness.text($0)) }
        files.sort { $0.path < $1.path }
        XCTAssertEqual(Validator(extensions: ServerHarness.extensions).validate(CatalogLoader.load(files)), [])
    }

    func testARenameToAnIDOfTheWrongFormOrOneTakenIsRefused() throws {
        let harness = try ServerHarness()
        let (line, character) = try harness.find("SCREEN_WATER", in: "screens/nutrition.yaml")
        for (name, message) in [
            ("water", "'water' is not an id of this kind: SCREEN_ followed by uppercase letters, digits or _"),
            ("SCREEN_FIBER", "'SCREEN_FIBER' is already declared"),
        ] {
            let result = try harness.request(
                "textDocument/rename",
                harness.at("screens/nutrition.yaml", line, character, [("newName", .string(name))]))
            XCTAssertEqual(result["error"]?["code"]?.intValue, -32803)
            XCTAssertEqual(result["error"]?["message"]?.stringValue, message)
        }
    }

    func testTheOutlineIsPillarsThenScreensThenMetrics() throws {
        let harness = try ServerHarness()
        let outline = try XCTUnwrap(
            try harness.request(
                "textDocument/documentSymbol",
                .object([
                    ("textDocument", .object([("uri", .string(harness.uri("metrics/fiber.yaml")))]))
                ]))["result"]?.arrayValue)
        func tree(_ symbols: [JSONValue]) -> String {
            symbols.map { symbol in
                let children = symbol["children"]?.arrayValue ?? []
                return (symbol["name"]?.stringValue ?? "?") + (children.isEmpty ? "" : "(" + tree(children) + ")")
            }.joined(separator: ",")
        }
        XCTAssertEqual(tree(outline), "nutrition(SCREEN_FIBER(FIBER_DAILY,FIBER_TREND))")
        let symbols = try XCTUnwrap(
            try harness.request("workspace/symbol", .object([("query", .string("daily"))]))["result"]?.arrayValue)
        XCTAssertEqual(symbols.compactMap { $0["name"]?.stringValue }, ["FIBER_DAILY", "WATER_DAILY"])
    }

    /// The texts of the files after `changes` (a WorkspaceEdit's), by catalog-relative name.
    static func apply(_ changes: JSONValue, harness: ServerHarness) throws -> [String: String] {
        guard case .object(let files) = changes else { throw Missing(description: "no changes") }
        var result: [String: String] = [:]
        for (uri, edits) in files {
            let name = String(try XCTUnwrap(FileURI.path(uri)).dropFirst(harness.root.count + 1))
            var text = try harness.text(name)
            for edit in (edits.arrayValue ?? []).reversed() {
                text = LanguageServer.apply(
                    try XCTUnwrap(edit["newText"]?.stringValue), at: try XCTUnwrap(TextRange(edit["range"])), to: text)
            }
            result[name] = text
        }
        return result
    }
}
