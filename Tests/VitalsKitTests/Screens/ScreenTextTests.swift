import XCTest

@testable import VitalsKit

/// Word wrapping by display width and the hand-written JSON the screens emit.
final class ScreenTextTests: XCTestCase {
    func testWrapKeepsEveryLineWithinTheWidthAndLosesNoWords() {
        let text = "Gewicht en groei van Ollie naast een referentiecurve voor Golden Retriever-teefjes 🐕 ⚖️ 体重"
        for width in [2, 5, 12, 40] {
            let lines = ScreenText.wrap(text, width: width)
            XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(width): \(lines)")
            XCTAssertEqual(
                lines.joined().filter { $0 != " " }, text.filter { $0 != " " }, "\(width): a character was lost")
        }
        XCTAssertEqual(ScreenText.wrap(text, width: 40).joined(separator: " "), text, "no word is cut at 40")
        XCTAssertEqual(
            ScreenText.wrap("体重", width: 1), ["体重"],
            "a character wider than the width ends the cutting, it does not loop")
        XCTAssertEqual(ScreenText.wrap("aaaaaaaaaa bb", width: 4), ["aaaa", "aaaa", "aa", "bb"])
        XCTAssertEqual(ScreenText.wrap("  two   spaces ", width: 20), ["two spaces"])
        XCTAssertEqual(ScreenText.wrap("line\u{1B}]0;title\u{07} end", width: 40).joined().contains("\u{1B}"), false)
    }

    func testJSONValuesAreWrittenStablyAndParse() throws {
        let value = JSONValue.object([
            ("name", .string("Ollie \"puppy\"\n")), ("weight", .number(16.25)), ("count", .number(3)),
            ("missing", .number(nil)), ("nan", .number(.nan)), ("ok", .bool(true)),
            ("list", .array([.number(1), .null])), ("nested", .array([.object([("a", .string(nil))])])),
        ])
        let text = value.text()
        XCTAssertTrue(text.contains("\"weight\": 16.25"), text)
        XCTAssertTrue(text.contains("\"count\": 3,"), text)
        XCTAssertTrue(text.contains("\"nan\": null"), text)
        XCTAssertTrue(text.contains("\"list\": [1, null]"), text)
        let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(parsed["name"] as? String, "Ollie \"puppy\"\n")
        XCTAssertEqual(value.text(), text, "the same value always gives the same bytes")
    }
}
