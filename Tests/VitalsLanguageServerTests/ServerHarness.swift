import Foundation
import VitalsKit
import VitalsScreens
import XCTest

@testable import VitalsLanguageServer

/// A server on a fixture catalog, driven message by message in the test's process, with
/// everything it sent collected.
final class ServerHarness {
    /// Tests/Fixtures/LSP/catalog.
    static let fixture: String = {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        return tests.appendingPathComponent("Fixtures/LSP/catalog").path
    }()

    static let extensions = Extensions.sdk + .builtInScreens

    let root: String
    let server: LanguageServer
    private let sent = Sent()
    private var nextID = 1

    final class Sent: @unchecked Sendable {
        var messages: [JSONValue] = []
    }

    init(root: String = ServerHarness.fixture, charts: ChartPreview? = nil, initialize: Bool = true) throws {
        self.root = CatalogLocation.identity(of: root)
        let sent = self.sent
        let writer = MessageWriter { bytes in
            guard let split = bytes.firstRange(of: Array("\r\n\r\n".utf8)),
                let value = try? JSONParser.parse(Array(bytes[split.upperBound...]))
            else {
                XCTFail("the server wrote a frame that is not JSON: \(String(decoding: bytes, as: UTF8.self))")
                return
            }
            sent.messages.append(value)
        }
        server = LanguageServer(
            configuration: LanguageServerConfiguration(
                extensions: Self.extensions, validator: Validator(extensions: Self.extensions), charts: charts),
            writer: writer)
        if initialize {
            _ = try request(
                "initialize", .object([("rootUri", .string(FileURI.uri(self.root))), ("capabilities", .object([]))]))
            notify("initialized", .object([]))
        }
    }

    var messages: [JSONValue] { sent.messages }

    func uri(_ file: String) -> String { FileURI.uri(root + "/" + file) }

    func text(_ file: String) throws -> String { try String(contentsOfFile: root + "/" + file, encoding: .utf8) }

    /// Sends a request and returns its response (`result` or `error` object).
    @discardableResult
    func request(_ method: String, _ params: JSONValue) throws -> JSONValue {
        let id = nextID
        nextID += 1
        let before = sent.messages.count
        _ = server.handle(
            Array(
                JSONValue.object([
                    ("jsonrpc", .string("2.0")), ("id", .number(Double(id))),
                    ("method", .string(method)), ("params", params),
                ]).compactText.utf8))
        let responses = sent.messages[before...].filter { $0["id"]?.intValue == id }
        XCTAssertEqual(responses.count, 1, "one response to \(method)")
        return try XCTUnwrap(responses.first)
    }

    func notify(_ method: String, _ params: JSONValue) {
        _ = server.handle(
            Array(
                JSONValue.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
                    .compactText.utf8))
        server.checkChanged()
    }

    func open(_ file: String, text: String? = nil) throws {
        notify(
            "textDocument/didOpen",
            .object([
                (
                    "textDocument",
                    .object([
                        ("uri", .string(uri(file))), ("languageId", .string("yaml")), ("version", .number(1)),
                        ("text", .string(try text ?? self.text(file))),
                    ])
                )
            ]))
    }

    func change(_ file: String, to text: String, version: Int = 2) {
        notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(uri(file))), ("version", .number(Double(version)))])),
                ("contentChanges", .array([.object([("text", .string(text))])])),
            ]))
    }

    /// The diagnostics last published for `file`.
    func diagnostics(_ file: String) -> [JSONValue]? {
        sent.messages.last {
            $0["method"]?.stringValue == "textDocument/publishDiagnostics"
                && $0["params"]?["uri"]?.stringValue == uri(file)
        }?["params"]?["diagnostics"]?.arrayValue
    }

    /// `textDocument` and `position` params for `file` at 0-based `line` and `character`.
    func at(_ file: String, _ line: Int, _ character: Int, _ more: [(String, JSONValue)] = []) -> JSONValue {
        .object(
            [
                ("textDocument", .object([("uri", .string(uri(file)))])),
                ("position", .object([("line", .number(Double(line))), ("character", .number(Double(character)))])),
            ] + more)
    }

    /// The 0-based line and character of the first `needle` in `file`, plus `offset` characters.
    func find(_ needle: String, in file: String, offset: Int = 0) throws -> (Int, Int) {
        let lines = try text(file).components(separatedBy: "\n")
        for (index, line) in lines.enumerated() {
            if let range = line.range(of: needle) {
                return (index, line.utf16.distance(from: line.startIndex, to: range.lowerBound) + offset)
            }
        }
        throw Missing(description: "no \(needle) in \(file)")
    }
}

extension JSONValue {
    /// The labels of a completion result's items.
    var labels: [String] { (self["result"]?["items"]?.arrayValue ?? []).compactMap { $0["label"]?.stringValue } }
}

struct Missing: Error, CustomStringConvertible { var description: String }
