import XCTest

@testable import VitalsKit

final class TextCanvasTests: XCTestCase {
    func testRowsHaveExactlyTheWidth() {
        var canvas = TextCanvas(width: 12)
        canvas.addLine("⚖️ Gezondheid en meer")
        canvas.addLine("体重体重体重体重")  // 16 columns, cut at 12
        canvas.addLine("a")
        let row = canvas.addRow()
        canvas.write("体", row: row, column: 11)  // would cross the edge: dropped
        for line in canvas.lines(colorLevel: .none) { XCTAssertEqual(DisplayWidth.of(line), 12, line) }
        XCTAssertEqual(canvas.lines(colorLevel: .none)[0], "⚖️ Gezondhei")
    }

    func testOverwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var canvas = TextCanvas(width: 6)
        canvas.addLine("体重体")
        canvas.write("x", row: 0, column: 1)
        XCTAssertEqual(canvas.lines(colorLevel: .none)[0], " x重体")
        canvas.write("y", row: 0, column: 2)
        XCTAssertEqual(canvas.lines(colorLevel: .none)[0], " xy 体")
    }

    func testSanitizesEscapesSoANameCannotRetitleTheTerminal() {
        var canvas = TextCanvas(width: 30)
        canvas.addLine("Protein\u{1B}]0;evil\u{07} screen", style: Style(hex: "#2E9E5B"))
        for level in ColorLevel.allCases {
            let line = canvas.lines(colorLevel: level)[0]
            XCTAssertFalse(line.contains("\u{1B}]"))
            XCTAssertFalse(line.contains("\u{07}"))
            XCTAssertFalse(line.contains("evil"))
            XCTAssertEqual(DisplayWidth.of(ChartFixtures.stripANSI(line)), 30)
        }
        XCTAssertEqual(Sanitize.inline("a\u{1B}]0;evil\u{07}b"), "ab")
    }

    func testColourCodesOnlyWhenColourIsOnAndResetAtLineEnd() {
        var canvas = TextCanvas(width: 10)
        let row = canvas.addRow()
        canvas.write("ab", row: row, column: 8, style: Style(hex: "#2E9E5B", bold: true))
        XCTAssertEqual(canvas.lines(colorLevel: .none)[0], "        ab")
        XCTAssertEqual(canvas.lines(colorLevel: .truecolor)[0], "        \u{1B}[1;38;2;46;158;91mab\u{1B}[0m")
        XCTAssertEqual(canvas.lines(colorLevel: .ansi256)[0], "        \u{1B}[1;38;5;35mab\u{1B}[0m")
        XCTAssertEqual(canvas.lines(colorLevel: .ansi16)[0], "        \u{1B}[1;32mab\u{1B}[0m")
    }

    func testCombiningMarksJoinTheirBase() {
        var canvas = TextCanvas(width: 5)
        canvas.addLine("e\u{301}te\u{301}")
        XCTAssertEqual(canvas.lines(colorLevel: .none)[0], "e\u{301}te\u{301}  ")
    }
}
