import XCTest

@testable import VitalsKit

/// The per-scalar shortcut for chart text gives what the per-`Character` rule gives.
final class DisplayWidthFastPathTests: XCTestCase {
    private func perCharacter(_ text: String) -> Int { text.reduce(0) { $0 + DisplayWidth.of($1) } }

    func testEveryScalarOfTheShortcutRangesIsOneColumnAsPerCharacter() {
        for range in [0x20...0x7E, 0x2500...0x259F, 0x2800...0x28FF] {
            for value in range {
                let text = String(Character(Unicode.Scalar(UInt32(value))!))
                XCTAssertEqual(DisplayWidth.simpleWidth(text), 1, "U+\(String(value, radix: 16))")
                XCTAssertEqual(perCharacter(text), 1, "U+\(String(value, radix: 16))")
            }
        }
    }

    func testMixedTextMatchesPerCharacterAndOtherTextTakesTheFullRule() {
        var generator = SystemRandomNumberGenerator()
        let extra: [Character] = ["é", "中", "⚖️", "e\u{301}", "\r\n", "\t", "👍🏽", "🇳🇱"]
        let alphabet: [Character] = Array("ab Z9|.-█▇▆▅▄▃▂▁░▒▓─│┌┐└┘├┤⠁⠿⣿") + extra
        for _ in 0..<2000 {
            let length = Int.random(in: 0...40, using: &generator)
            var characters: [Character] = []
            for _ in 0..<length { characters.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]) }
            let text = String(characters)
            XCTAssertEqual(DisplayWidth.of(text), perCharacter(text), text.debugDescription)
            if text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }) {
                XCTAssertEqual(DisplayWidth.simpleWidth(text), text.count)
            }
        }
        XCTAssertNil(DisplayWidth.simpleWidth("e\u{301}"))
        XCTAssertNil(DisplayWidth.simpleWidth("a\tb"))
        XCTAssertEqual(DisplayWidth.simpleWidth(""), 0)
    }
}
