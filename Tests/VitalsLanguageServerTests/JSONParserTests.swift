import VitalsKit
import XCTest

@testable import VitalsLanguageServer

final class JSONParserTests: XCTestCase {
    func testValuesReadAsWritten() throws {
        XCTAssertEqual(
            try JSONParser.parse(#" {"a": [1, -2.5e3, true, null, "x\"\u00e9\ud83d\ude00\n"]} "#),
            .object([("a", .array([.number(1), .number(-2500), .bool(true), .null, .string("x\"é😀\n")]))]))
    }

    func testMalformedTextIsAnErrorSayingWhere() {
        for (text, message) in [
            ("{", "expected a key in quotes"), ("[1,]", "unexpected character"), ("01", "text after the JSON value"),
            ("\"\u{1}\"", "a control character inside a string"), ("[1 2]", "expected ',' or ']' in an array"),
            ("1.", "a number without digits after '.'"), ("tru", "expected true"),
            ("", "unexpected end of the JSON text"),
        ] {
            XCTAssertThrowsError(try JSONParser.parse(text), text) { error in
                XCTAssertEqual((error as? JSONParseError)?.message, message, text)
            }
        }
    }

    func testNestingIsBoundedNotRecursedWithoutEnd() {
        XCTAssertNoThrow(try JSONParser.parse(String(repeating: "[", count: 63) + String(repeating: "]", count: 63)))
        XCTAssertThrowsError(try JSONParser.parse(String(repeating: "[", count: 100_000)))
    }

    /// Property: any value written as one line reads back equal, and Foundation's reader reads
    /// the same text to the same numbers and strings (a naive second reader).
    func testWrittenValuesReadBackAndAgreeWithFoundation() throws {
        var random = SystemRandomNumberGeneratorSeeded(seed: 42)
        for _ in 0..<500 {
            let value = Self.value(depth: 0, &random)
            let text = value.compactText
            let read = try JSONParser.parse(text)
            XCTAssertEqual(read, value, text)
            let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            XCTAssertEqual(Self.normal(foundation), Self.normal(read), text)
        }
    }

    static func value(depth: Int, _ random: inout SystemRandomNumberGeneratorSeeded) -> JSONValue {
        switch random.next() % (depth > 3 ? 4 : 6) {
        case 0: return .null
        case 1: return .bool(random.next() % 2 == 0)
        case 2:
            return .number(
                Double(Int64(bitPattern: random.next()) % 1_000_000) / [1, 10, 1000][Int(random.next() % 3)])
        case 3:
            let scalars = (0..<Int(random.next() % 8)).map { _ in
                ["a", "\"", "\\", "\n", "é", "😀", "\u{1}", " "][Int(random.next() % 8)]
            }
            return .string(scalars.joined())
        case 4: return .array((0..<Int(random.next() % 4)).map { _ in value(depth: depth + 1, &random) })
        default:
            return .object(
                (0..<Int(random.next() % 4)).map { index in ("k\(index)", value(depth: depth + 1, &random)) })
        }
    }

    /// A value as plain text both readers can be compared by.
    static func normal(_ value: Any) -> String {
        switch value {
        case let value as JSONValue:
            switch value {
            case .null: return "null"
            case .bool(let flag): return "\(flag ? 1.0 : 0.0)"
            case .number(let number): return "\(number)"
            case .string(let text): return "s:" + text
            case .array(let items): return "[" + items.map(normal).joined(separator: ",") + "]"
            case .object(let pairs):
                return "{" + pairs.map { "\($0.0)=" + normal($0.1) }.sorted().joined(separator: ",") + "}"
            }
        case is NSNull: return "null"
        // Foundation reads true and false as the numbers 1 and 0 on Linux: compared as those.
        case let flag as Bool: return "\(flag ? 1.0 : 0.0)"
        case let number as Int: return "\(Double(number))"
        case let number as Double: return "\(number)"
        case let number as NSNumber: return "\(number.doubleValue)"
        case let text as String: return "s:" + text
        case let items as [Any]: return "[" + items.map(normal).joined(separator: ",") + "]"
        case let object as [String: Any]:
            return "{" + object.map { "\($0.key)=" + normal($0.value) }.sorted().joined(separator: ",") + "}"
        default: return "?"
        }
    }
}

/// SplitMix64: the same numbers on every run.
struct SystemRandomNumberGeneratorSeeded: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
