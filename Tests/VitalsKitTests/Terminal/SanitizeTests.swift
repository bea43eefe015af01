import XCTest
@testable import VitalsKit

/// `Sanitize`: nothing from outside drives the terminal or reorders what is shown.
final class SanitizeTests: XCTestCase {
    func testBidirectionalControlsAreDropped() {
        let controls: [UInt32] = [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C]
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
