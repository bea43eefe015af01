import Foundation
import VitalsKit

/// What `vitals lsp` gives the server: the run's extensions (screens, chart kinds and rules,
/// never a global), the validator `validate` runs, and where hover reads its data.
public struct LanguageServerConfiguration: Sendable {
    public var extensions: Extensions
    public var validator: Validator
    /// `--catalog`; else the client's root folder; else the catalog above each opened file.
    public var catalogRoot: String?
    /// How hover draws charts; nil: hover says no chart.
    public var charts: ChartPreview?
    public var limits: FramingLimits
    public var version: String

    public init(
        extensions: Extensions, validator: Validator, catalogRoot: String? = nil,
        charts: ChartPreview? = nil, limits: FramingLimits = FramingLimits(), version: String = ""
    ) {
        self.extensions = extensions
        self.validator = validator
        self.catalogRoot = catalogRoot
        self.charts = charts
        self.limits = limits
        self.version = version
    }
}

/// A Language Server Protocol server for catalog directories, over one reader and writer
/// (standard input and output for `vitals lsp`). Messages are handled one at a time in the
/// order they come; the catalog is checked again once no message is waiting after a change,
/// so a burst of keystrokes costs one check.
public final class LanguageServer {
    let configuration: LanguageServerConfiguration
    private let writer: MessageWriter
    var state = State.starting
    /// The catalogs, by root.
    var workspaces: [String: CatalogWorkspace] = [:]
    /// The URI each open document was opened as, by path.
    var openURIs: [String: String] = [:]
    /// The workspaces changed since they were last checked.
    var dirty: Set<String> = []
    /// The files each workspace last published findings for, so that fixed ones are cleared.
    var published: [String: Set<String>] = [:]
    lazy var drawing: ChartDrawing? = configuration.charts.map {
        ChartDrawing(preview: $0, extensions: configuration.extensions)
    }

    enum State { case starting, running, shutDown }

    /// The JSON-RPC and LSP error codes the server answers with.
    enum ErrorCode: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        case serverNotInitialized = -32002
        case requestFailed = -32803
    }

    struct Failure: Error {
        var code: ErrorCode
        var message: String
        init(_ code: ErrorCode, _ message: String) {
            self.code = code
            self.message = message
        }
    }

    public init(configuration: LanguageServerConfiguration, writer: MessageWriter) {
        self.configuration = configuration
        self.writer = writer
    }

    /// Serves until `exit` or the end of the input; the exit code: 0 after `shutdown`, else 1.
    public func run(_ reader: MessageReader) -> Int32 {
        while true {
            switch reader.next() {
            case .end:
                if !dirty.isEmpty { checkChanged() }
                return state == .shutDown ? 0 : 1
            case .malformed(let problem):
                respond(id: .null, error: Failure(.parseError, "unreadable message: \(problem)"))
            case .message(let bytes):
                if handle(bytes) == false { return state == .shutDown ? 0 : 1 }
            }
            if !dirty.isEmpty, !reader.hasPendingInput() { checkChanged() }
        }
    }

    /// Handles one message's body; false when it was `exit`.
    func handle(_ bytes: [UInt8]) -> Bool {
        let message: JSONValue
        do {
            message = try JSONParser.parse(bytes)
        } catch {
            respond(id: .null, error: Failure(.parseError, "the message is not JSON: \(error)"))
            return true
        }
        guard case .object = message else {
            respond(id: .null, error: Failure(.invalidRequest, "a message is a JSON object"))
            return true
        }
        let id = message["id"]
        if let id, !Self.isValidID(id) {
            respond(id: .null, error: Failure(.invalidRequest, "a request's id is a number or a string"))
            return true
        }
        guard let method = message["method"]?.stringValue else {
            // A response to a request of ours (there are none), or nothing.
            if id == nil || message["result"] == nil && message["error"] == nil {
                respond(id: id ?? .null, error: Failure(.invalidRequest, "a request names its method"))
            }
            return true
        }
        let params = message["params"] ?? .null
        if method == "exit" { return false }
        guard let id else {
            notify(method, params)
            return true
        }
        do {
            respond(id: id, result: try request(method, params))
        } catch let failure as Failure {
            respond(id: id, error: failure)
        } catch {
            respond(id: id, error: Failure(.internalError, "\(error)"))
        }
        return true
    }

    static func isValidID(_ id: JSONValue) -> Bool {
        switch id {
        case .string: return true
        case .number(let value): return value == value.rounded() && abs(value) < 9e15
        default: return false
        }
    }

    // MARK: Sending

    func respond(id: JSONValue, result: JSONValue) {
        write(JSONValue.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]))
    }

    func respond(id: JSONValue, error: Failure) {
        write(
            JSONValue.object([
                ("jsonrpc", .string("2.0")), ("id", id),
                (
                    "error",
                    .object([("code", .number(Double(error.code.rawValue))), ("message", .string(error.message))])
                ),
            ]))
    }

    func send(notification method: String, _ params: JSONValue) {
        write(JSONValue.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
    }

    /// One message out, through the filter everything vitals prints passes: a control,
    /// bidirectional or invisible character from a catalog is written as its `\uXXXX` escape,
    /// which a client reads back as the same string.
    private func write(_ message: JSONValue) {
        writer.send(TerminalSafeText.filter(message.compactText, as: .json))
    }

    // MARK: Workspaces

    /// The workspace a file belongs to: the configured root's, the client's root's, or the
    /// catalog found from the file's directory up. Nil for a file of no catalog.
    func workspace(for path: String) -> CatalogWorkspace? {
        if let owner = workspaces.values.first(where: { $0.owns(path) }) { return owner }
        guard let root = CatalogLocation.discover(from: (path as NSString).deletingLastPathComponent) else {
            return nil
        }
        return workspace(root: root)
    }

    func workspace(root: String) -> CatalogWorkspace {
        let identity = CatalogLocation.identity(of: root)
        if let existing = workspaces[identity] { return existing }
        let created = CatalogWorkspace(root: identity, validator: configuration.validator)
        workspaces[identity] = created
        dirty.insert(identity)
        return created
    }

    /// Checks the changed workspaces and publishes their findings.
    func checkChanged() {
        for root in dirty.sorted() {
            guard let workspace = workspaces[root] else { continue }
            publish(workspace.analyse(), of: workspace)
        }
        dirty.removeAll()
    }

    /// The workspace of `path` checked if it changed since (for a request that reads it).
    func current(_ path: String) -> CatalogWorkspace? {
        guard let workspace = workspace(for: path) else { return nil }
        if dirty.contains(workspace.root) {
            publish(workspace.analyse(), of: workspace)
            dirty.remove(workspace.root)
        }
        return workspace
    }

    func publish(_ analysis: CatalogWorkspace.Analysis, of workspace: CatalogWorkspace) {
        let before = published[workspace.root] ?? []
        var now: Set<String> = []
        for path in analysis.diagnostics.keys.sorted() {
            let lines = TextLines(analysis.texts[path] ?? "")
            let items = analysis.diagnostics[path]!.map {
                DiagnosticFeatures.lsp($0, lines: lines, uriOf: { name in analysis.paths[name].map(self.uri(for:)) })
            }
            send(
                notification: "textDocument/publishDiagnostics",
                .object([("uri", .string(uri(for: path))), ("diagnostics", .array(items))]))
            now.insert(path)
        }
        for path in before.subtracting(now).sorted() {
            send(
                notification: "textDocument/publishDiagnostics",
                .object([("uri", .string(uri(for: path))), ("diagnostics", .array([]))]))
        }
        published[workspace.root] = now
        if let failure = analysis.failure {
            send(
                notification: "window/logMessage",
                .object([("type", .number(1)), ("message", .string("vitals: \(failure)"))]))
        }
    }

    func uri(for path: String) -> String { openURIs[path] ?? FileURI.uri(path) }

    /// The URI of a file a diagnostic names by its display name (as `validate` names it).
    func uri(forDisplayName name: String, in workspace: CatalogWorkspace) -> String? {
        workspace.analysis.paths[name].map(uri(for:))
    }
}

extension MessageReader {
    /// Whether a message (or part of one) is waiting to be read.
    func hasPendingInput() -> Bool { peek() }
}
