import PropertyBased
import Testing

@testable import VitalsKit

private typealias Location = VitalsKit.SourceLocation

/// The byte-level scalar readings, the compact `KeyLocations` and the composer's duplicate-key
/// search, each checked against a plain second way of computing the same answer: the
/// per-`Character` definitions they replaced, a dictionary, and a brute-force scan.
@Suite struct YAMLFastPathPropertyTests {
    /// The readings as they were written before they looked at bytes (per `Character`).
    enum Reference {
        static func isNull(_ text: String) -> Bool {
            text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
        }

        static func bool(_ text: String) -> Bool? {
            switch text {
            case "true", "True", "TRUE": return true
            case "false", "False", "FALSE": return false
            default: return nil
            }
        }

        static func int(_ text: String) -> Int? {
            var digits = Substring(text)
            if digits.hasPrefix("+") { digits = digits.dropFirst() }
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }) else { return nil }
            return Int(digits)
        }

        static func double(_ text: String) -> Double? {
            if let int = int(text) { return Double(int) }
            let lowered = text.lowercased()
            if [".inf", "+.inf"].contains(lowered) { return .infinity }
            if lowered == "-.inf" { return -.infinity }
            if lowered == ".nan" { return .nan }
            guard text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
                text.contains(where: \.isNumber)
            else { return nil }
            return Double(text)
        }

        static func readsAsString(_ text: String) -> Bool {
            !isNull(text) && bool(text) == nil && int(text) == nil && double(text) == nil
        }
    }

    /// Pieces that make numbers, near-numbers and words, with non-ASCII digits, combining
    /// marks, a CR LF pair and letters that lower-case to ASCII.
    static let pieces = [
        "0", "1", "7", "42", "-", "+", ".", "e", "E", "inf", "INF", "Inf", "nan", "NaN", ".inf",
        "null", "Null", "~", "true", "False", "yes", "n", "t", "f", "x", " ", "_", "١", "٣", "\u{301}",
        "\r\n", "İ", "K", "é", "9223372036854775807", "9223372036854775808", "1e400", "0x1", "∞",
    ]

    static let texts = Gen<String?>.element(of: pieces).array(of: 0...5)
    /// Mostly what numbers are made of, so that valid numbers of every shape come up often.
    static let numberTexts = Gen<String?>.element(of: ["0", "1", "7", "42", "-", "+", ".", "e", "E", "inf", "nan", "١"])
        .array(of: 1...6)

    func same(_ a: Double?, _ b: Double?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let x?, let y?): return x == y || (x.isNaN && y.isNaN)
        default: return false
        }
    }

    @Test func scalarReadingsAgreeWithThePerCharacterDefinitions() async {
        await propertyCheck(count: 4000, input: Self.texts) { parts in
            let text = parts.compactMap { $0 }.joined()
            #expect(YAMLScalar.isNull(text) == Reference.isNull(text), "\(text.debugDescription)")
            #expect(YAMLScalar.bool(text) == Reference.bool(text), "\(text.debugDescription)")
            #expect(YAMLScalar.int(text) == Reference.int(text), "\(text.debugDescription)")
            #expect(same(YAMLScalar.double(text), Reference.double(text)), "\(text.debugDescription)")
            let plain = YAMLNode(.scalar(text, isQuoted: false), at: Location(file: "t.yaml", line: 1, column: 1))
            #expect(plain.readsAsString == Reference.readsAsString(text), "\(text.debugDescription)")
            #expect(plain.readsAsString == (plain.kindDescription == "a string"), "\(text.debugDescription)")
        }
        await propertyCheck(count: 4000, input: Self.numberTexts) { parts in
            let text = parts.compactMap { $0 }.joined()
            #expect(YAMLScalar.int(text) == Reference.int(text), "\(text.debugDescription)")
            #expect(same(YAMLScalar.double(text), Reference.double(text)), "\(text.debugDescription)")
            let plain = YAMLNode(.scalar(text, isQuoted: false), at: Location(file: "t.yaml", line: 1, column: 1))
            #expect(plain.readsAsString == Reference.readsAsString(text), "\(text.debugDescription)")
        }
        for text in [
            "", "~", "null", "1E5", "-2.5E-3", "+7e+1", "NULL", "nULL", "true", "TRUE", "tRUE", "+", "+1", "++1", "-1",
            "1-", "--1", ".inf",
            "-.Inf", "+.INF", ".NaN", "1e5", "1.5e-3", "e", ".", "١٢", "1\u{301}", "12\r\n",
        ] {
            #expect(YAMLScalar.int(text) == Reference.int(text), "\(text.debugDescription)")
            #expect(same(YAMLScalar.double(text), Reference.double(text)), "\(text.debugDescription)")
            #expect(YAMLScalar.isNull(text) == Reference.isNull(text) && YAMLScalar.bool(text) == Reference.bool(text))
        }
    }

    @Test func keyLocationsAnswerAsADictionaryOfFirstOccurrences() async {
        let writes = Gen<String?>.element(of: ["id", "name", "order", "unit", "a", "ab", "ba", "display_name", "é"])
            .array(of: 0...20)
        await propertyCheck(count: 500, input: writes, Gen.int(in: 0...2)) { keys, fileCount in
            var compact = KeyLocations()
            var reference: [String: Location] = [:]
            for (index, key) in keys.compactMap({ $0 }).enumerated() {
                let location = Location(
                    file: "f\(index % (fileCount + 1)).yaml", line: index + 1, column: index % 7 + 1)
                compact.addFirst(key, location)
                if reference[key] == nil { reference[key] = location }
            }
            #expect(compact.count == reference.count)
            for key in ["id", "name", "order", "unit", "a", "ab", "ba", "display_name", "é", "missing"] {
                #expect(compact[key] == reference[key], "\(key)")
            }
            #expect(compact.dictionary == reference)
            #expect(KeyLocations(reference).dictionary == reference)
            // Setting replaces, setting nil removes.
            var changed = compact
            changed["name"] = Location(file: "g.yaml", line: 99, column: 3)
            changed["id"] = nil
            #expect(changed["name"] == Location(file: "g.yaml", line: 99, column: 3))
            #expect(changed["id"] == nil)
            #expect(compact["name"] == reference["name"], "a copy is not changed")
            var expected = reference
            expected["name"] = Location(file: "g.yaml", line: 99, column: 3)
            expected["id"] = nil
            #expect(changed.dictionary == expected)
            if let removed = keys.compactMap({ $0 }).first {
                changed[removed] = nil
                expected[removed] = nil
                #expect(changed.dictionary == expected, "after removing \(removed)")
            }
        }
    }

    @Test func duplicateKeysAreFoundInSmallAndLargeMappings() async throws {
        // Up to 60 keys from an alphabet of 40: duplicates in mappings below and above the
        // size where the composer switches from scanning to a dictionary.
        let keys = Gen.int(in: 0...39).array(of: 0...60)
        await propertyCheck(count: 300, input: keys) { indices in
            let names = indices.map { "key_\($0)" }
            let text = names.isEmpty ? "{}\n" : names.enumerated().map { "\($1): \($0)" }.joined(separator: "\n") + "\n"
            guard let result = try? YAMLComposer().compose(text, file: "m.yaml") else {
                Issue.record("did not compose: \(text)")
                return
            }
            var firstLine: [String: Int] = [:]
            var expected: [(line: Int, first: Int)] = []
            for (index, name) in names.enumerated() {
                if let first = firstLine[name] {
                    expected.append((index + 1, first))
                } else {
                    firstLine[name] = index + 1
                }
            }
            #expect(result.duplicates.map(\.location.line) == expected.map(\.line))
            #expect(result.duplicates.map { $0.related?.line ?? 0 } == expected.map(\.first))
            let kept = result.root?.pairs?.compactMap(\.key.scalarText) ?? []
            #expect(kept == names.enumerated().filter { firstLine[$1] == $0 + 1 }.map(\.element))
            // The first value wins.
            for (name, line) in firstLine {
                #expect(result.root?[name]?.scalarText == String(line - 1))
            }
        }
    }

    /// Key spellings for the shared-name table: catalog names longer than 15 bytes, near misses
    /// of the same length, short ones, non-ASCII, quoted, anchored and aliased keys.
    static let keyPieces = [
        "display_metric_id", "display_screen_id", "parent_metric_id", "pre_pregnancy_weight_kg",
        "display_metric_iD", "display_metric_i", "display_metric_idx", "name", "séries_identifier_x",
        "'display_metric_id'", "\"display_screen_id\"", "&k display_metric_id", "*k", "? [a, b]",
        "!!str display_screen_id", "overlapping_sources", "overlapping_sourcez",
    ]

    /// A node tree written out with every scalar's text, quoting and location.
    static func dump(_ node: YAMLNode?) -> String {
        guard let node else { return "nil" }
        let at = "@\(node.location)"
        switch node.value {
        case .scalar(let text, let quoted): return "\(quoted ? "q" : "p")[\(text)]\(at)"
        case .sequence(let items): return "[" + items.map(dump).joined(separator: ",") + "]\(at)"
        case .mapping(let pairs):
            return "{" + pairs.map { dump($0.key) + ":" + dump($0.value) }.joined(separator: ",") + "}\(at)"
        }
    }

    @Test func sharedKeyNamesComposeTheSameTreesAsFreshStrings() async {
        let lines = Gen.int(in: 0...(Self.keyPieces.count - 1)).array(of: 0...12)
        await propertyCheck(count: 400, input: lines, Gen.bool) { picks, nested in
            let entries = picks.enumerated().map { index, pick in "\(Self.keyPieces[pick]): \(index)" }
            var text = entries.joined(separator: "\n") + "\n"
            if nested { text = "metrics:\n" + entries.map { "  - " + $0 }.joined(separator: "\n") + "\n" }
            var shared = YAMLComposer()
            shared.keyNames = CatalogSchema.keyNames
            let plain = Result { try YAMLComposer().compose(text, file: "k.yaml") }
            let withNames = Result { try shared.compose(text, file: "k.yaml") }
            switch (plain, withNames) {
            case (.success(let a), .success(let b)):
                #expect(Self.dump(a.root) == Self.dump(b.root), "\(text)")
                #expect(
                    a.duplicates.map { "\($0.location) \($0.message)" }
                        == b.duplicates.map { "\($0.location) \($0.message)" })
            case (.failure(let a as YAMLProblem), .failure(let b as YAMLProblem)):
                #expect("\(a.location) \(a.message)" == "\(b.location) \(b.message)")
            default:
                Issue.record("one composed and the other did not: \(text)")
            }
        }
    }

    @Test func theSharedNameTableHoldsTheLongCatalogKeys() {
        let bytes = Array("display_metric_id".utf8)
        let found = bytes.withUnsafeBufferPointer { CatalogSchema.keyNames.name(matching: $0) }
        #expect(found == "display_metric_id")
        let near = Array("display_metric_iD".utf8)
        #expect(near.withUnsafeBufferPointer { CatalogSchema.keyNames.name(matching: $0) } == nil)
        let short = Array("name".utf8)
        #expect(short.withUnsafeBufferPointer { CatalogSchema.keyNames.name(matching: $0) } == nil)
    }
}
