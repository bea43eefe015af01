import XCTest

@testable import VitalsKit

final class RenderProfileTests: XCTestCase {
    let tty = ["TERM": "xterm-256color", "LANG": "en_US.UTF-8"]

    func testColourPolicyIsAPureFunctionOfItsInputs() {
        func level(_ mode: ColorMode, _ env: [String: String], tty isTTY: Bool = true) -> ColorLevel {
            ColorPolicy.level(mode: mode, environment: env, stdoutIsTerminal: isTTY)
        }
        XCTAssertEqual(level(.auto, tty), .ansi256)
        XCTAssertEqual(level(.auto, tty, tty: false), .none)
        XCTAssertEqual(level(.auto, tty.merging(["NO_COLOR": "1"]) { $1 }), .none)
        XCTAssertEqual(level(.auto, tty.merging(["NO_COLOR": ""]) { $1 }), .ansi256)  // empty: ignored
        XCTAssertEqual(level(.auto, ["TERM": "dumb"]), .none)
        XCTAssertEqual(level(.auto, ["TERM": "xterm", "COLORTERM": "truecolor"]), .truecolor)
        XCTAssertEqual(level(.auto, ["TERM": "xterm", "COLORTERM": "24bit"]), .truecolor)
        XCTAssertEqual(level(.auto, ["TERM": "xterm"]), .ansi16)
        XCTAssertEqual(level(.never, tty.merging(["COLORTERM": "truecolor"]) { $1 }), .none)
        XCTAssertEqual(level(.always, ["NO_COLOR": "1", "TERM": "xterm-256color"], tty: false), .ansi256)
        XCTAssertEqual(level(.always, ["TERM": "dumb"], tty: false), .ansi16)
    }

    func testHexColoursMapToTheBestAvailableLevel() {
        let green = Style(hex: "#2E9E5B")
        XCTAssertEqual(green.sgr(for: .truecolor), "\u{1B}[38;2;46;158;91m")
        XCTAssertEqual(green.sgr(for: .ansi256), "\u{1B}[38;5;35m")
        XCTAssertEqual(green.sgr(for: .ansi16), "\u{1B}[32m")
        XCTAssertEqual(green.sgr(for: .none), "")
        XCTAssertEqual(Style(hex: "#808080").sgr(for: .ansi256), "\u{1B}[38;5;244m")
        XCTAssertEqual(RGB(hex: "green"), RGB(red: 0x34, green: 0xC7, blue: 0x59))  // a catalog colour name
        XCTAssertNil(RGB(hex: "Green"))
        XCTAssertNil(RGB(hex: "2E9E5B"))
        XCTAssertEqual(RGB(hex: "#fff"), RGB(red: 255, green: 255, blue: 255))
    }

    func testGlyphsFollowAsciiFlagAndLocale() {
        XCTAssertTrue(Glyphs.detect(ascii: false, environment: ["LANG": "nl_NL.UTF-8"]).isUnicode)
        XCTAssertTrue(Glyphs.detect(ascii: false, environment: ["LC_CTYPE": "C.utf8"]).isUnicode)
        XCTAssertFalse(Glyphs.detect(ascii: true, environment: ["LANG": "en_US.UTF-8"]).isUnicode)
        XCTAssertFalse(Glyphs.detect(ascii: false, environment: ["LANG": "C"]).isUnicode)
        XCTAssertFalse(Glyphs.detect(ascii: false, environment: [:]).isUnicode)
        XCTAssertFalse(Glyphs.detect(ascii: false, environment: ["LC_ALL": "POSIX", "LANG": "en_US.UTF-8"]).isUnicode)
        for glyph in [Glyphs.ascii.verticalEighths, Glyphs.ascii.horizontalEighths, Glyphs.ascii.shades].flatMap({ $0 })
        {
            XCTAssert(glyph.allSatisfy(\.isASCII))
        }
    }

    func testWidthComesFromOverrideThenTerminalThenColumns() throws {
        XCTAssertEqual(TerminalSize.columns(override: 100, terminalColumns: 120, environment: ["COLUMNS": "90"]), 100)
        XCTAssertEqual(TerminalSize.columns(override: nil, terminalColumns: 120, environment: ["COLUMNS": "90"]), 120)
        XCTAssertEqual(TerminalSize.columns(override: nil, terminalColumns: nil, environment: ["COLUMNS": "90"]), 90)
        XCTAssertEqual(TerminalSize.columns(override: nil, terminalColumns: nil, environment: ["COLUMNS": "x"]), 80)
        let profile = try RenderProfile.resolve(
            width: nil, color: .auto, ascii: false,
            environment: tty.merging(["LANG": "nl_NL.UTF-8"]) { $1 },
            stdoutIsTerminal: true, terminalColumns: 132)
        XCTAssertEqual(profile.width, 132)
        XCTAssertEqual(profile.colorLevel, .ansi256)
        XCTAssertTrue(profile.glyphs.isUnicode)
        XCTAssertEqual(profile.numbers, .comma)
        XCTAssertThrowsError(
            try RenderProfile.resolve(
                width: 39, color: .never, ascii: true, environment: [:],
                stdoutIsTerminal: false, terminalColumns: nil)
        ) { error in
            XCTAssert("\(error)".contains("at least 40"), "\(error)")
        }
    }

    func testNumberStyle() {
        XCTAssertEqual(NumberStyle.detect(environment: ["LANG": "nl_NL.UTF-8"]), .comma)
        XCTAssertEqual(NumberStyle.detect(environment: ["LANG": "nl_NL.UTF-8", "LC_NUMERIC": "en_US.UTF-8"]), .point)
        XCTAssertEqual(NumberStyle.detect(environment: ["LANG": "en_GB.UTF-8"]), .point)
        XCTAssertEqual(NumberStyle.point.compact(132.4), "132")
        XCTAssertEqual(NumberStyle.point.compact(82.45), "82.5")
        XCTAssertEqual(NumberStyle.point.compact(80.0), "80")
        XCTAssertEqual(NumberStyle.point.compact(0.25), "0.25")
        XCTAssertEqual(NumberStyle.comma.compact(2.5), "2,5")
        XCTAssertEqual(NumberStyle.point.compact(-0.001), "0")
        XCTAssertEqual(NumberStyle.point.format(2.5, decimals: 2), "2.50")
        XCTAssertEqual(NumberStyle.point.format(-1.05, decimals: 1), "-1.1")
    }
}
