import VitalsKit
import XCTest

@testable import VitalsLanguageServer

/// The base protocol's framing: messages in any pieces, and every malformed or oversized
/// message one `.malformed` frame after which the next message is still read.
final class FramingTests: XCTestCase {
    private func frame(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

    private func frames(
        _ bytes: [UInt8], chunk: Int = 4_096, limits: FramingLimits = FramingLimits(), endsAfter: Bool = true
    ) -> [Frame] {
        let reader = MessageReader(source: MemorySource(bytes, chunk: chunk, endsAfter: endsAfter), limits: limits)
        var found: [Frame] = []
        while found.count < 50 {
            let next = reader.next()
            found.append(next)
            if next == .end { break }
        }
        return found
    }

    func testMessagesArriveWholeWhateverPiecesTheyComeIn() {
        let bytes =
            frame(#"{"a":1}"#) + frame(#"{"b":"é"}"#)
            + Array("content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}".utf8)
        for chunk in [1, 2, 3, 7, 4_096] {
            XCTAssertEqual(
                frames(bytes, chunk: chunk),
                [
                    .message(Array(#"{"a":1}"#.utf8)), .message(Array(#"{"b":"é"}"#.utf8)),
                    .message(Array("{}".utf8)), .end,
                ], "pieces of \(chunk)")
        }
    }

    func testAMalformedHeaderIsOneFrameAndTheNextMessageIsRead() {
        let cases: [(String, String)] = [
            ("Content-Length: x\r\n\r\n", "a Content-Length that is not a number"),
            ("Content-Length: -4\r\n\r\n", "a Content-Length that is not a number"),
            ("Content-Type: text\r\n\r\n", "a message without a Content-Length header"),
            ("no colon here\r\nContent-Length: 2\r\n\r\n{}", "a header line that is not 'Name: value'"),
        ]
        for (header, problem) in cases {
            XCTAssertEqual(
                frames(Array(header.utf8) + frame("{}")), [.malformed(problem), .message(Array("{}".utf8)), .end],
                header)
        }
        XCTAssertEqual(
            frames(Array("Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}".utf8)).first,
            .malformed("two different Content-Length headers"))
    }

    func testOversizedHeadersAndBodiesAreRefusedUnheldAndSkipped() {
        var limits = FramingLimits()
        limits.body = 10
        limits.headerLine = 40
        limits.headers = 100
        let big = String(repeating: "x", count: 500)
        XCTAssertEqual(
            frames(frame(big) + frame("{}"), chunk: 64, limits: limits),
            [.malformed("a message body of 500 bytes; the limit is 10"), .message(Array("{}".utf8)), .end])
        XCTAssertEqual(
            frames(
                Array("X-Long: \(big)\r\nContent-Length: 2\r\n\r\n{}".utf8) + frame("{}"), chunk: 64, limits: limits),
            [.malformed("a header line longer than 40 bytes"), .message(Array("{}".utf8)), .end])
        let many = (0..<20).map { "X-\($0): y\r\n" }.joined()
        XCTAssertEqual(frames(Array(many.utf8), limits: limits).first, .malformed("headers longer than 100 bytes"))
    }

    func testAMessageThatStopsMidwayTimesOutOrEnds() {
        let partial = Array("Content-Length: 20\r\n\r\n{\"a\":".utf8)
        XCTAssertEqual(
            frames(partial, endsAfter: false).first,
            .malformed("the rest of a message's body did not come within 10 s"))
        XCTAssertEqual(frames(partial), [.malformed("the input ended inside a message's body"), .end])
        XCTAssertEqual(
            frames(Array("Content-Len".utf8)), [.malformed("the input ended inside a message's header"), .end])
    }

    func testTheWriterFramesEachMessageWithItsByteLength() {
        var out: [UInt8] = []
        let writer = MessageWriter { out += $0 }
        writer.send(#"{"é":1}"#)
        XCTAssertEqual(String(decoding: out, as: UTF8.self), "Content-Length: 8\r\n\r\n{\"é\":1}")
        XCTAssertEqual(frames(out), [.message(Array(#"{"é":1}"#.utf8)), .end])
    }
}
