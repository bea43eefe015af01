import XCTest

@testable import VitalsExplorer
@testable import VitalsKit

final class ExplorerStyledLineTests: XCTestCase {
    func testCanvasSliceKeepsWideCharactersWhole() {
        var canvas = TextCanvas(width: 3)
        canvas.addLine("🥩🥩x")
        canvas.addLine("ab")
        var narrow = TextCanvas(width: 3)
        narrow.append(canvas.slice(0..<1))
        XCTAssertEqual(narrow.lines(colorLevel: .none), ["🥩 "], "a wide character never half fits")
        XCTAssertEqual(canvas.slice(1..<9).lines(colorLevel: .none), ["ab "])
    }

    func testStyledEmitsNoCodesWithoutColour() {
        XCTAssertEqual(StyledLine.styled("ab", width: 4, style: Style(bold: true), inverse: true, level: .none), "ab  ")
        XCTAssertEqual(StyledLine.strip(StyledLine.styled("ab", width: 4, inverse: true, level: .ansi256)), "ab  ")
    }
}
