import XCTest

@testable import VitalsExplorer
@testable import VitalsKit

final class ExplorerKeyDecoderTests: XCTestCase {
    private func decode(_ bytes: [UInt8]) -> [ExplorerKey] {
        var decoder = ExplorerKeyDecoder()
        return decoder.feed(bytes) + decoder.flush()
    }

    func testArrowsInNormalAndApplicationMode() {
        XCTAssertEqual(decode(Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D".utf8)), [.up, .down, .right, .left])
        XCTAssertEqual(decode(Array("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD".utf8)), [.up, .down, .right, .left])
    }

    func testPagingHomeEndDeleteAndModifiers() {
        XCTAssertEqual(
            decode(Array("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[3~".utf8)),
            [.pageUp, .pageDown, .home, .end, .home, .end, .delete])
        XCTAssertEqual(decode(Array("\u{1B}[1;5A\u{1B}[Z".utf8)), [.up, .backTab])
    }

    func testControlBytes() {
        XCTAssertEqual(
            decode([0x0D, 0x0A, 0x09, 0x7F, 0x08, 0x03, 0x0C]),
            [.enter, .enter, .tab, .backspace, .backspace, .interrupt, .redraw])
        XCTAssertEqual(decode([0x01, 0x02]), [], "other control bytes are ignored")
    }

    func testCharactersIncludingUTF8() {
        XCTAssertEqual(
            decode(Array("/prot?".utf8)),
            [.character("/"), .character("p"), .character("r"), .character("o"), .character("t"), .character("?")])
        XCTAssertEqual(decode(Array("é🥩".utf8)), [.character("é"), .character("🥩")])
    }

    func testArrowSplitAcrossReads() {
        var decoder = ExplorerKeyDecoder()
        XCTAssertEqual(decoder.feed([0x1B]), [])
        XCTAssertTrue(decoder.hasPending)
        XCTAssertEqual(decoder.feed(Array("[".utf8)), [])
        XCTAssertEqual(decoder.feed(Array("B".utf8)), [.down])
        XCTAssertFalse(decoder.hasPending)
        XCTAssertEqual(decoder.feed(Array("\u{1B}[6".utf8)), [])
        XCTAssertEqual(decoder.feed(Array("~j".utf8)), [.pageDown, .character("j")])
    }

    func testUTF8SplitAcrossReads() {
        var decoder = ExplorerKeyDecoder()
        let bytes = Array("é".utf8)
        XCTAssertEqual(decoder.feed(bytes.prefix(1)), [])
        XCTAssertEqual(decoder.feed(bytes.dropFirst()), [.character("é")])
    }

    func testLoneEscapeIsEscapeAfterFlush() {
        var decoder = ExplorerKeyDecoder()
        XCTAssertEqual(decoder.feed([0x1B]), [], "an ESC alone may start a sequence")
        XCTAssertEqual(decoder.flush(), [.escape])
        XCTAssertFalse(decoder.hasPending)
    }

    func testEscapeFollowedByOtherKeys() {
        XCTAssertEqual(decode([0x1B, UInt8(ascii: "q")]), [.escape, .character("q")])
        XCTAssertEqual(decode([0x1B, 0x1B]), [.escape, .escape])
        var decoder = ExplorerKeyDecoder()
        XCTAssertEqual(decoder.feed(Array("\u{1B}[".utf8)), [])
        XCTAssertEqual(decoder.flush(), [.escape, .character("[")], "an unfinished sequence is Esc and its text")
    }

    func testMalformedAndUnknownSequencesAreDropped() {
        XCTAssertEqual(decode(Array("\u{1B}[99~x".utf8)), [.character("x")])
        XCTAssertEqual(decode([0xFF, 0x80, UInt8(ascii: "a")]), [.character("a")])
    }
}
