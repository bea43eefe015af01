import Foundation
import XCTest

@testable import VitalsKit

/// The filter of everything vitals prints: hostile characters out of text, escaped in JSON
/// and HTML (the same data read back), vitals' own colour codes kept.
final class TerminalSafeTextTests: XCTestCase {
    static let hostile =
        "a\u{1B}]52;c;cHduZWQ=\u{07}b\u{1B}]0;title\u{1B}\\c\u{1B}[2Jd\u{1B}e\u{85}f\u{9B}31mg\u{202E}h\u{2066}i\u{200B}j\u{FEFF}k\u{7F}l\rm"

    /// The scalars no terminal may receive raw, counted the naive way.
    static func unsafeCount(_ text: String) -> Int {
        text.unicodeScalars.filter { scalar in
            let v = scalar.value
            return (v < 0x20 && v != 0x0A && v != 0x09) || (0x7F...0x9F).contains(v)
                || [
                    0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C,
                    0x200B, 0x200C, 0x200D, 0xFEFF, 0x2060,
                ].contains(v)
        }.count
    }

    func testTextLosesEverySequenceAndKeepsTheRest() {
        XCTAssertEqual(
            TerminalSafeText.filter(Self.hostile, as: .styled), TerminalSafeText.filter(Self.hostile, as: .text))
        let out = TerminalSafeText.filter(Self.hostile, as: .text)
        // ESC e is a two-character escape (the e goes with it); a C1 CSI loses only itself.
        XCTAssertEqual(out, "abcdf31mghijklm")
        XCTAssertEqual(Self.unsafeCount(out), 0)
        XCTAssertEqual(TerminalSafeText.filter("a\tb\nc", as: .text), "a\tb\nc")
        XCTAssertEqual(TerminalSafeText.filter("👩‍⚕️ nurse", as: .text), "👩‍⚕️ nurse")
        XCTAssertEqual(TerminalSafeText.filter("plain ASCII", as: .text), "plain ASCII")
    }

    func testVitalsColourCodesAreKeptAndNoOtherSGR() {
        let styled = Style(foreground: RGB(color: "#2F6FD6"), bold: true).sgr(for: .truecolor) + "Steps" + Style.reset
        XCTAssertEqual(TerminalSafeText.filter(styled, as: .styled), styled)
        XCTAssertEqual(TerminalSafeText.filter(styled, as: .text), "Steps")
        for level in [ColorLevel.ansi16, .ansi256] {
            let code = Style(foreground: RGB(color: "#2F6FD6"), dim: true).sgr(for: level)
            XCTAssertEqual(TerminalSafeText.filter(code + "x", as: .styled), code + "x")
        }
        // Hidden text (8), blinking (5), a cursor move and a bad 24-bit colour are not vitals'.
        XCTAssertEqual(TerminalSafeText.filter("\u{1B}[8mx\u{1B}[5my\u{1B}[3Az\u{1B}[38;2;1;2m!", as: .styled), "xyz!")
    }

    func testJSONAndHTMLEscapeTheSameCharactersAndReadBack() throws {
        let value = ["name": Self.hostile]
        let encoded = String(decoding: try JSONSerialization.data(withJSONObject: value), as: UTF8.self)
        let json = TerminalSafeText.filter(encoded, as: .json)
        XCTAssertEqual(Self.unsafeCount(json), 0, json)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
        XCTAssertEqual(decoded, value)

        let html = TerminalSafeText.filter("<p>\(Self.hostile)</p>", as: .html)
        XCTAssertEqual(Self.unsafeCount(html), 0, html)
        XCTAssertTrue(html.contains("&#x202E;") && html.contains("&#x1B;") && html.contains("&#x85;"), html)
    }

    /// The shortcut that passes most output untouched misses no unsafe scalar: every scalar of
    /// the Basic Multilingual Plane the filter must take out is taken out (or escaped), and
    /// every other one passes.
    func testNoUnsafeScalarSlipsPastTheShortcut() {
        var unsafe = 0
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "box ─ " + String(Character(scalar)) + " end"
            let json = TerminalSafeText.filter(text, as: .json)
            if TerminalSafeText.isUnsafe(scalar) {
                unsafe += 1
                XCTAssertEqual(Self.unsafeCount(json), 0, String(format: "U+%04X", value))
                XCTAssertTrue(json.contains("\\u"), String(format: "U+%04X", value))
            } else {
                XCTAssertEqual(json, text, String(format: "U+%04X", value))
            }
        }
        // C0 (less newline and tab), DEL and C1, the bidi controls, the invisible formats.
        XCTAssertEqual(unsafe, 30 + 1 + 32 + 12 + 19)
    }
}
