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
        var spec = EntrySpec(
            name: "thing", keys: [KeySpec("id", .string, "The id."), KeySpec("size", .integer(min: 0), "How big.")])
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

    /// A value read by position (`EntrySpec.position(of:)`) is the one read by name, for every
    /// key of an entry: written, left out, or written with a value that does not pass.
    func testReadingByPositionReadsTheKeyOfThatName() throws {
        let spec = CatalogSchema.metric
        // Every other key written, most with a value of the wrong kind for them, and `order`
        // (not among them) with a text where an integer belongs.
        var lines = spec.keys.enumerated().filter { $0.offset % 2 == 0 }.map { "\($0.element.name): v\($0.offset)" }
        XCTAssertFalse(lines.contains { $0.hasPrefix("order:") })
        lines.append("order: many")
        let root = try XCTUnwrap(YAMLComposer().compose(lines.joined(separator: "\n") + "\n", file: "t.yaml").root)
        var diagnostics: [Diagnostic] = []
        let reader = try XCTUnwrap(EntryReader(root, spec: spec, context: "this metric", diagnostics: &diagnostics))
        XCTAssertFalse(diagnostics.isEmpty, "the fixture has values that do not pass")
        var read = 0
        for key in spec.keys {
            let byName = reader.node(key.name)
            let byPosition = reader.node(spec.position(of: key.name))
            XCTAssertEqual(byName?.scalarText, byPosition?.scalarText, key.name)
            XCTAssertEqual(byName?.location, byPosition?.location, key.name)
            if byPosition != nil { read += 1 }
        }
        XCTAssertNil(reader.node(spec.position(of: "order")), "a value that did not pass is absent")
        XCTAssertGreaterThan(read, 3)
    }
}
