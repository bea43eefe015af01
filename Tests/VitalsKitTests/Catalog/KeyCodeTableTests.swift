import Testing
@testable import VitalsKit

/// `KeyCodeTable` answers as a dictionary of first codes does.
@Suite struct KeyCodeTableTests {
    @Test func theSchemasNamesHaveTheirIndexAndOthersNone() {
        let names = CatalogSchema.knownKeys.names
        let table = CatalogSchema.knownKeys.index
        for (index, name) in names.enumerated() { #expect(table.code(of: name) == UInt16(index), "\(name)") }
        // Near misses: a letter changed, added or dropped; another case; empty; not ASCII.
        for name in names {
            for other in [name + "s", String(name.dropLast()), name.uppercased(), "_" + name, name + "é"] where !names.contains(other) {
                #expect(table.code(of: other) == nil, "\(other)")
            }
        }
        #expect(table.code(of: "") == (names.firstIndex(of: "").map { UInt16($0) }))
    }

    @Test func generatedNamesAnswerAsADictionary() {
        var random = SplitMix(seed: 2027)
        // "é" both as one scalar and as "e" and a combining accent: equal strings, other bytes.
        let alphabet = ["a", "b", "c", "d", "e", "z", "_", "1", "\u{E9}", "e\u{301}"]
        func name() -> String {
            (0..<Int(random.next() % 6)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined()
        }
        for _ in 0..<300 {
            let names = (0..<Int(random.next() % 150)).map { _ in name() }
            let table = KeyCodeTable(names)
            var reference: [String: UInt16] = [:]
            for (index, name) in names.enumerated() where reference[name] == nil { reference[name] = UInt16(index) }
            for probe in names + (0..<40).map({ _ in name() }) {
                #expect(table.code(of: probe) == reference[probe], "\(probe) in \(names)")
            }
        }
    }
}
