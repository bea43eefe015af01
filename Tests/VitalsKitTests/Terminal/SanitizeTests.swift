import XCTest

@testable import VitalsKit

/// `Sanitize`: nothing from outside drives the terminal or reorders what is shown.
final class SanitizeTests: XCTestCase {
    func testBidirectionalControlsAreDropped() {
        let controls: [UInt32] = [
            0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C,
        ]
        for value in controls {
            let scalar = Unicode.Scalar(value)!
            let text = "a\(Character(scalar))b"
            XCTAssertEqual(Sanitize.inline(text), "ab", String(format: "U+%04X", value))
            XCTAssertEqual(Sanitize.multiline(text), "ab")
            XCTAssertFalse(Sanitize.isClean(text))
            XCTAssertTrue(Sanitize.isBidiControl(scalar))
        }
        XCTAssertEqual(Sanitize.inline("invoice\u{202E}fdp.exe"), "invoicefdp.exe")
    }

    func testRightToLeftTextAndOtherScriptsAreKept() {
        for text in ["שלום", "مرحبا", "Grüße 🩺", "Fiber & Whole Grains", "漢字"] {
            XCTAssertEqual(Sanitize.inline(text), text)
            XCTAssertTrue(Sanitize.isClean(text))
        }
    }

    func testEscapesAndControlsStillGoAndNewlinesFollowTheMode() {
        XCTAssertEqual(Sanitize.inline("a\u{1B}]0;title\u{07}b\u{1B}[31mc\u{9B}d\u{7F}"), "abcd")
        XCTAssertEqual(Sanitize.inline("a\nb\tc"), "a b c")
        XCTAssertEqual(Sanitize.multiline("a\n\u{202E}b"), "a\nb")
    }
}

/// Invisible format characters: text that looks like other text, or hides some, never
/// reaches the terminal as it came.
final class SanitizeInvisibleTests: XCTestCase {
    func testZeroWidthAndOtherInvisibleFormatCharactersAreDropped() {
        let invisible: [UInt32] = [
            0x200B, 0x200C, 0x200D, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xFEFF, 0x180E,
            0x2028, 0x2029, 0x115F, 0x1160, 0x3164, 0xFFA0, 0xFFF9, 0xFFFA, 0xFFFB,
        ]
        for value in invisible {
            let scalar = Unicode.Scalar(value)!
            let text = "m\(Character(scalar))e"
            XCTAssertEqual(Sanitize.inline(text), "me", String(format: "U+%04X", value))
            XCTAssertEqual(Sanitize.multiline(text), "me", String(format: "U+%04X", value))
            XCTAssertFalse(Sanitize.isClean(text), String(format: "U+%04X", value))
        }
        XCTAssertEqual(Sanitize.inline("\u{FEFF}Protein\u{200B}"), "Protein")
    }

    func testTheJoinerOfAnEmojiSequenceStays() {
        for emoji in ["👩\u{200D}⚕️", "👨\u{200D}👩\u{200D}👧", "🏃🏽\u{200D}♀️", "❤️\u{200D}🔥"] {
            XCTAssertEqual(
                Sanitize.inline("a \(emoji) b"), "a \(emoji) b",
                emoji.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
        }
        // A joiner between letters, or trailing, joins nothing: dropped.
        XCTAssertEqual(Sanitize.inline("a\u{200D}b"), "ab")
        XCTAssertEqual(Sanitize.inline("👩\u{200D}"), "👩")
        XCTAssertEqual(Sanitize.inline("👩\u{200D}x"), "👩x")
    }

    func testJSONEscapesThemSoTheyReadBack() throws {
        let text = "m\u{200B}e\u{FEFF}"
        let json = JSONString.quote(text)
        XCTAssertEqual(json, "\"m\\u200be\\ufeff\"")
        XCTAssertEqual(try JSONDecoder().decode(String.self, from: Data(json.utf8)), text)
    }
}
