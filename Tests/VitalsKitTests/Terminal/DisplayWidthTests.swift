import XCTest

@testable import VitalsKit

final class DisplayWidthTests: XCTestCase {
    func testASCIIAndLatin() {
        XCTAssertEqual(DisplayWidth.of("Protein"), 7)
        XCTAssertEqual(DisplayWidth.of("Rabiës"), 6)
        XCTAssertEqual(DisplayWidth.of(""), 0)
    }

    func testEastAsianWideAndFullwidth() {
        XCTAssertEqual(DisplayWidth.of("体重"), 4)
        XCTAssertEqual(DisplayWidth.of("몸무게"), 6)
        XCTAssertEqual(DisplayWidth.of("ＡＢ"), 4)
        XCTAssertEqual(DisplayWidth.of("ｶﾅ"), 2)  // halfwidth katakana
    }

    func testEmoji() {
        XCTAssertEqual(DisplayWidth.of("😀"), 2)
        XCTAssertEqual(DisplayWidth.of("⚖️"), 2)  // VS16
        XCTAssertEqual(DisplayWidth.of("⚖"), 1)  // text presentation
        XCTAssertEqual(DisplayWidth.of("⚖️ Gezondheid"), 13)
        XCTAssertEqual(DisplayWidth.of("👩‍👩‍👧"), 2)  // ZWJ sequence
        XCTAssertEqual(DisplayWidth.of("🏃🏽‍♀️"), 2)
        XCTAssertEqual(DisplayWidth.of("🇳🇱"), 2)  // flag
        XCTAssertEqual(DisplayWidth.of("1️⃣"), 2)  // keycap
        XCTAssertEqual(DisplayWidth.of("✓"), 1)
    }

    func testZeroWidth() {
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1)  // combining acute
        XCTAssertEqual(DisplayWidth.of("a\u{200D}b"), 2)  // ZWJ between letters
        XCTAssertEqual(DisplayWidth.of("\u{FE0F}"), 0)
        XCTAssertEqual(DisplayWidth.of("\u{1B}"), 0)
    }

    func testTruncateAndPadByColumns() {
        XCTAssertEqual(DisplayWidth.truncate("Gezondheid", to: 6), "Gezon…")
        XCTAssertEqual(DisplayWidth.truncate("体重体重", to: 5), "体重…")
        XCTAssertEqual(DisplayWidth.truncate("⚖️ Gezondheid", to: 5), "⚖️ G…")
        XCTAssertEqual(DisplayWidth.truncate("⚖️ Gezondheid", to: 4), "⚖️…")
        XCTAssertEqual(DisplayWidth.truncate("short", to: 10), "short")
        XCTAssertEqual(DisplayWidth.pad("体", to: 4), "体  ")
        XCTAssertEqual(DisplayWidth.pad("⚖️", to: 4, alignment: .right), "  ⚖️")
        XCTAssertEqual(DisplayWidth.pad("ab", to: 5, alignment: .center), " ab  ")
        XCTAssertEqual(DisplayWidth.of(DisplayWidth.pad("👩‍👩‍👧 family", to: 7)), 7)
    }
}
