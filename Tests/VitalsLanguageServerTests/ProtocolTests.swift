import VitalsKit
import XCTest

@testable import VitalsLanguageServer

/// JSON-RPC errors for what is not a good request, and a mutation loop over real messages:
/// the server answers or ignores every one, never crashes, and writes only JSON.
final class ProtocolTests: XCTestCase {
    private func send(_ text: String, to harness: ServerHarness) -> [JSONValue] {
        let before = harness.messages.count
        _ = harness.server.handle(Array(text.utf8))
        return Array(harness.messages[before...])
    }

    func testBadRequestsAreAnsweredWithTheirErrorCodes() throws {
        let fresh = try ServerHarness(initialize: false)
        XCTAssertEqual(
            send(#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}"#, to: fresh).first?["error"]?[
                "code"]?.intValue, -32002)
        let harness = try ServerHarness()
        for (text, code) in [
            ("{nope", -32700), ("[1]", -32600), (#"{"jsonrpc":"2.0","id":{"a":1},"method":"x"}"#, -32600),
            (#"{"jsonrpc":"2.0","id":7,"method":"no/such"}"#, -32601),
            (#"{"jsonrpc":"2.0","id":8,"method":"textDocument/hover","params":{"textDocument":{}}}"#, -32602),
            (#"{"jsonrpc":"2.0","id":9,"method":"initialize","params":{}}"#, -32600),
        ] {
            let answers = send(text, to: harness)
            XCTAssertEqual(answers.count, 1, text)
            XCTAssertEqual(answers.first?["error"]?["code"]?.intValue, code, text)
        }
        XCTAssertTrue(send(#"{"jsonrpc":"2.0","method":"no/such/notification"}"#, to: harness).isEmpty)
        XCTAssertEqual(send(#"{"jsonrpc":"2.0","id":"s","method":"shutdown"}"#, to: harness).first?["result"], .null)
        XCTAssertEqual(
            send(#"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{}}"#, to: harness).first?["error"]?[
                "code"]?.intValue, -32600)
    }

    func testTheServerEndsWithExitAndSaysWhetherItWasShutDown() throws {
        func run(_ messages: [String]) -> Int32 {
            let bytes = messages.flatMap { Array("Content-Length: \($0.utf8.count)\r\n\r\n\($0)".utf8) }
            let server = LanguageServer(
                configuration: LanguageServerConfiguration(
                    extensions: ServerHarness.extensions,
                    validator: Validator(extensions: ServerHarness.extensions)),
                writer: MessageWriter { _ in })
            return server.run(MessageReader(source: MemorySource(bytes)))
        }
        let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#
        XCTAssertEqual(
            run([initialize, #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#, #"{"jsonrpc":"2.0","method":"exit"}"#]),
            0)
        XCTAssertEqual(run([initialize, #"{"jsonrpc":"2.0","method":"exit"}"#]), 1)
        XCTAssertEqual(run([initialize]), 1)
    }

    /// Mutations of a session's messages (bytes flipped, cut, repeated, spliced, framed
    /// wrongly), read and handled as the server reads standard input: every frame it writes is
    /// JSON-RPC 2.0, and every request it can read gets at most one answer.
    func testMutatedMessagesNeverCrashTheServerAndAreAnsweredInJSON() throws {
        let harness = try ServerHarness()
        let uri = harness.uri("metrics/fiber.yaml")
        let text = try harness.text("metrics/fiber.yaml")
        let document = JSONValue.object([("uri", .string(uri))])
        let seeds: [JSONValue] =
            [
                .object([
                    ("jsonrpc", .string("2.0")), ("method", .string("textDocument/didOpen")),
                    (
                        "params",
                        .object([
                            (
                                "textDocument",
                                .object([
                                    ("uri", .string(uri)), ("languageId", .string("yaml")), ("version", .number(1)),
                                    ("text", .string(text)),
                                ])
                            )
                        ])
                    ),
                ]),
                .object([
                    ("jsonrpc", .string("2.0")), ("method", .string("textDocument/didChange")),
                    (
                        "params",
                        .object([
                            ("textDocument", document),
                            (
                                "contentChanges",
                                .array([
                                    .object([
                                        (
                                            "range",
                                            TextRange(
                                                start: Position(line: 3, character: 4),
                                                end: Position(line: 3, character: 9)
                                            ).json
                                        ),
                                        ("text", .string("x:\n  - [")),
                                    ])
                                ])
                            ),
                        ])
                    ),
                ]),
            ]
            + ["completion", "hover", "definition", "references", "rename", "prepareRename", "documentSymbol"]
            .enumerated().map { index, method in
                .object([
                    ("jsonrpc", .string("2.0")), ("id", .number(Double(index + 10))),
                    ("method", .string("textDocument/" + method)),
                    (
                        "params",
                        .object([
                            ("textDocument", document), ("position", Position(line: 3 + index, character: 8).json),
                            ("newName", .string("SCREEN_X")),
                            ("context", .object([("includeDeclaration", .bool(true))])),
                        ])
                    ),
                ])
            }
        var random = SystemRandomNumberGeneratorSeeded(seed: 7)
        let bodies = seeds.map { Array($0.compactText.utf8) }
        for round in 0..<300 {
            var stream: [UInt8] = []
            for slot in 0..<4 {
                // Each request of the round with an id of its own.
                var seed = seeds[Int(random.next() % UInt64(seeds.count))]
                if case .object(var pairs) = seed, let index = pairs.firstIndex(where: { $0.0 == "id" }) {
                    pairs[index].1 = .number(Double(100_000 + round * 1_000 + slot * 100))
                    seed = .object(pairs)
                }
                var body = Array(seed.compactText.utf8)
                for _ in 0..<Int(random.next() % 4) { Self.mutate(&body, &random, others: bodies) }
                var header = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
                if random.next() % 8 == 0 { Self.mutate(&header, &random, others: []) }
                stream += header + body
            }
            let before = harness.messages.count
            let reader = MessageReader(source: MemorySource(stream, chunk: 1 + Int(random.next() % 64)))
            var frames = 0
            loop: while frames < 20 {
                frames += 1
                switch reader.next() {
                case .end: break loop
                case .malformed(let problem): harness.server.respond(id: .null, error: .init(.parseError, problem))
                case .message(let bytes): if !harness.server.handle(bytes) { break loop }
                }
            }
            harness.server.checkChanged()
            for message in harness.messages[before...] {
                XCTAssertEqual(message["jsonrpc"]?.stringValue, "2.0", "round \(round)")
                XCTAssertTrue(
                    message["method"] != nil || message["result"] != nil || message["error"] != nil, "round \(round)")
            }
            let answered = harness.messages[before...].compactMap { $0["id"]?.intValue }
            XCTAssertEqual(answered.count, Set(answered).count, "round \(round): a request answered twice")
        }
    }

    static func mutate(_ bytes: inout [UInt8], _ random: inout SystemRandomNumberGeneratorSeeded, others: [[UInt8]]) {
        guard !bytes.isEmpty else {
            bytes = [UInt8(random.next() % 256)]
            return
        }
        let at = Int(random.next() % UInt64(bytes.count))
        switch random.next() % 7 {
        case 0: bytes[at] ^= UInt8(1 << (random.next() % 8))
        case 1: bytes.removeSubrange(at..<min(bytes.count, at + 1 + Int(random.next() % 16)))
        case 2: bytes.insert(contentsOf: Array(bytes[at..<min(bytes.count, at + 8)]), at: at)
        case 3: bytes = Array(bytes[..<at])
        case 4: bytes[at] = [0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x3A, 0x2C, 0x00, 0xFF, 0x0A][Int(random.next() % 11)]
        case 5:
            if let other = others.randomElement(using: &random), !other.isEmpty {
                let from = Int(random.next() % UInt64(other.count))
                bytes.insert(contentsOf: other[from..<min(other.count, from + 32)], at: at)
            }
        default: bytes.insert(contentsOf: Array("{\"a\":[".utf8), at: at)
        }
    }
}
