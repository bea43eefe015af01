import XCTest
@testable import VitalsKit

/// `EntrySpec.keyNames` is kept beside `keys` for the reader's look-ups: it must follow every
/// change of `keys`, or a reader would call a declared key unknown (or miss an unknown one).
final class EntrySpecKeyNamesTests: XCTestCase {
    private func unknownKeyMessages(_ yaml: String, _ spec: EntrySpec) throws -> [String] {
        let root = try XCTUnwrap(YAMLComposer().compose(yaml, file: "t.yaml").root)
        var diagnostics: [Diagnostic] = []
        _ = EntryReader(root, spec: spec, context: "this entry", diagnostics: &diagnostics)
        return diagnostics.filter { $0.rule == RuleID.unknownKey }.map(\.message)
    }

    func testKeyNamesFollowTheKeys() throws {
        var spec = EntrySpec(name: "thing", keys: [KeySpec("id", .string, "The id."), KeySpec("size", .integer(min: 0), "How big.")])
        XCTAssertEqual(spec.keyNames, ["id", "size"])
        XCTAssertEqual(try unknownKeyMessages("id: a\ncolour: red\n", spec).count, 1)

        spec.keys.append(KeySpec("colour", .string, "Its colour."))
        XCTAssertEqual(spec.keyNames, ["id", "size", "colour"])
        XCTAssertEqual(try unknownKeyMessages("id: a\ncolour: red\n", spec), [])

        spec.keys[0].name = "thing_id"
        XCTAssertEqual(spec.keyNames, ["thing_id", "size", "colour"])
        XCTAssertEqual(try unknownKeyMessages("id: a\ncolour: red\n", spec).count, 1, "'id' is no longer a key")

        spec.keys.removeAll { $0.name == "colour" }
        XCTAssertEqual(spec.keyNames, spec.keys.map(\.name))
        XCTAssertEqual(try unknownKeyMessages("thing_id: a\ncolour: red\n", spec).count, 1)
    }

    func testTheCatalogSpecsNameTheirKeys() {
        for section in CatalogSchema.sections {
            XCTAssertEqual(section.entry.keyNames, section.entry.keys.map(\.name), section.key)
        }
    }
}
