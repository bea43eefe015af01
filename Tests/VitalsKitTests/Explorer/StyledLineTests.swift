import XCTest
@testable import VitalsKit

final class ExplorerStyledLineTests: XCTestCase {
    func testFitPadsAndCutsByColumnsKeepingCodes() {
        let red = "\u{1B}[31m"
        XCTAssertEqual(StyledLine.fit(red + "ab" + Style.reset, width: 4), red + "ab" + Style.reset + "  ")
        XCTAssertEqual(StyledLine.fit(red + "abcdef", width: 3), red + "abc" + Style.reset)
        XCTAssertEqual(StyledLine.strip(StyledLine.fit("🥩🥩x", width: 3)), "🥩 ", "a wide character never half fits")
    }

    func testStyledEmitsNoCodesWithoutColour() {
        XCTAssertEqual(StyledLine.styled("ab", width: 4, style: Style(bold: true), inverse: true, level: .none), "ab  ")
        XCTAssertEqual(StyledLine.strip(StyledLine.styled("ab", width: 4, inverse: true, level: .ansi256)), "ab  ")
    }
}
