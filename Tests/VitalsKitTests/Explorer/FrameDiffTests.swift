import XCTest

@testable import VitalsExplorer
@testable import VitalsKit

final class ExplorerFrameDiffTests: XCTestCase {
    private let size = ExplorerSize(columns: 4, rows: 3)

    func testFirstFrameClearsOnceAndWritesEveryRow() {
        var diff = FrameDiff()
        let out = diff.output(for: ExplorerFrame(size: size, lines: ["aaaa", "bbbb", "cccc"]))
        XCTAssertTrue(out.contains("\u{1B}[2J"))
        for (row, line) in ["aaaa", "bbbb", "cccc"].enumerated() {
            XCTAssertTrue(out.contains("\u{1B}[\(row + 1);1H" + line), out)
        }
    }

    func testOnlyChangedRowsAreWrittenWithoutClearing() {
        var diff = FrameDiff()
        _ = diff.output(for: ExplorerFrame(size: size, lines: ["aaaa", "bbbb", "cccc"]))
        let out = diff.output(for: ExplorerFrame(size: size, lines: ["aaaa", "bxbb", "cccc"]))
        XCTAssertFalse(out.contains("\u{1B}[2J"), "no clear between frames of one size")
        XCTAssertTrue(out.contains("\u{1B}[2;1Hbxbb"))
        XCTAssertFalse(out.contains("aaaa"))
        XCTAssertFalse(out.contains("cccc"))
        XCTAssertEqual(
            FrameDiff.changedRows(
                from: ExplorerFrame(size: size, lines: ["aaaa", "bbbb", "cccc"]),
                to: ExplorerFrame(size: size, lines: ["aaaa", "bxbb", "cccx"])), [1, 2])
    }

    func testSameFrameWritesNothing() {
        var diff = FrameDiff()
        let frame = ExplorerFrame(size: size, lines: ["aaaa", "bbbb", "cccc"])
        _ = diff.output(for: frame)
        XCTAssertEqual(diff.output(for: frame), "")
    }

    func testNewSizeOrInvalidateRedrawsEverything() {
        var diff = FrameDiff()
        _ = diff.output(for: ExplorerFrame(size: size, lines: ["aaaa", "bbbb", "cccc"]))
        let bigger = ExplorerFrame(size: ExplorerSize(columns: 4, rows: 4), lines: ["aaaa", "bbbb", "cccc", "dddd"])
        XCTAssertEqual(
            FrameDiff.changedRows(from: ExplorerFrame(size: size, lines: ["aaaa", "bbbb", "cccc"]), to: bigger),
            [0, 1, 2, 3])
        XCTAssertTrue(diff.output(for: bigger).contains("\u{1B}[2J"))
        diff.invalidate()
        XCTAssertTrue(diff.output(for: bigger).contains("\u{1B}[1;1Haaaa"))
    }

    func testSwitchingPanesRewritesOnlyTheSelectionAndKeyBar() {
        var explorer = ExplorerFixtures.explorer()
        explorer.press(.character("c"))  // colour on: the selection is drawn inverse
        var diff = FrameDiff()
        _ = diff.output(for: explorer.frame())
        let before = explorer.frame()
        explorer.press(.tab)
        let after = explorer.frame()
        XCTAssertEqual(FrameDiff.changedRows(from: before, to: after), [2, 29])
        let out = diff.output(for: after)
        XCTAssertEqual(
            out.components(separatedBy: "\u{1B}[").filter { $0.hasPrefix("3;1H") || $0.hasPrefix("30;1H") }.count, 2)
        XCTAssertFalse(out.contains("\u{1B}[1;1H"), "the title row is not rewritten")
        XCTAssertFalse(out.contains("\u{1B}[2J"))
    }
}
