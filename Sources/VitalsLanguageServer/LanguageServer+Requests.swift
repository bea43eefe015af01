import Foundation
import VitalsKit

extension LanguageServer {
    /// Answers one request, or throws the error to answer with.
    func request(_ method: String, _ params: JSONValue) throws -> JSONValue {
        if method == "initialize" {
            guard state == .starting else { throw Failure(.invalidRequest, "initialize was already received") }
            state = .running
            return initialize(params)
        }
        switch state {
        case .starting: throw Failure(.serverNotInitialized, "the server is not initialized yet")
        case .shutDown: throw Failure(.invalidRequest, "the server is shut down")
        case .running: break
        }
        switch method {
        case "shutdown":
            state = .shutDown
            return .null
        case "textDocument/completion":
            let (workspace, path, position) = try document(params)
            guard let text = workspace.text(of: path),
                let context = CursorContext(lines: TextLines(text), position: position)
            else {
                return .object([("isIncomplete", .bool(false)), ("items", .array([]))])
            }
            return Completion(extensions: configuration.extensions, catalog: workspace.analysis.catalog).json(context)
        case "textDocument/hover":
            return try hover(params)
        case "textDocument/definition":
            let (workspace, path, position) = try document(params)
            let navigation = Navigation(workspace: workspace)
            guard let found = navigation.occurrence(at: position, in: path) else { return .null }
            return .array(navigation.declarations(of: found).map(Navigation.location))
        case "textDocument/references":
            let (workspace, path, position) = try document(params)
            let navigation = Navigation(workspace: workspace)
            guard let found = navigation.occurrence(at: position, in: path) else { return .null }
            let including = params["context"]?["includeDeclaration"]?.boolValue ?? true
            return .array(navigation.references(of: found, includingDeclaration: including).map(Navigation.location))
        case "textDocument/prepareRename":
            let (workspace, path, position) = try document(params)
            guard let found = Navigation(workspace: workspace).occurrence(at: position, in: path) else { return .null }
            return .object([("range", found.range.json), ("placeholder", .string(found.id))])
        case "textDocument/rename":
            let (workspace, path, position) = try document(params)
            guard let newName = params["newName"]?.stringValue else {
                throw Failure(.invalidParams, "rename needs newName")
            }
            let navigation = Navigation(workspace: workspace)
            guard let found = navigation.occurrence(at: position, in: path) else {
                throw Failure(.requestFailed, Navigation.RenameError.notAnID.description)
            }
            do {
                return Navigation.workspaceEdit(try navigation.rename(found, to: newName))
            } catch {
                throw Failure(.requestFailed, error.description)
            }
        case "textDocument/codeAction":
            let (workspace, path, _) = try document(params, needsPosition: false)
            guard let range = TextRange(params["range"]) else {
                throw Failure(.invalidParams, "codeAction needs a range")
            }
            let lines = TextLines(workspace.analysis.texts[path] ?? workspace.text(of: path) ?? "")
            return .array(
                DiagnosticFeatures.codeActions(
                    uri: uri(for: path), range: range,
                    diagnostics: workspace.analysis.diagnostics[path] ?? [], lines: lines))
        case "textDocument/documentSymbol":
            let (workspace, path, _) = try document(params, needsPosition: false)
            return Symbols.document(workspace.fileIndex(path), catalog: workspace.analysis.catalog)
        case "workspace/symbol":
            let query = params["query"]?.stringValue ?? ""
            if let root = configuration.catalogRoot, workspaces.isEmpty { _ = workspace(root: root) }
            checkChanged()
            return .array(
                workspaces.keys.sorted().flatMap { root in
                    Symbols.workspace(workspaces[root]!.fileIndexes(), query: query).arrayValue ?? []
                })
        default:
            throw Failure(.methodNotFound, "no method \(Sanitize.inline(method))")
        }
    }

    func initialize(_ params: JSONValue) -> JSONValue {
        let folder = params["workspaceFolders"]?.arrayValue?.first?["uri"]?.stringValue
        let root =
            configuration.catalogRoot
            ?? (params["rootUri"]?.stringValue ?? folder).flatMap(FileURI.path)
            ?? params["rootPath"]?.stringValue
        if let root, CatalogLocation.isCatalogRoot(root) { _ = workspace(root: root) }
        return .object([
            (
                "capabilities",
                .object([
                    ("positionEncoding", .string("utf-16")),
                    (
                        "textDocumentSync",
                        .object([
                            ("openClose", .bool(true)), ("change", .number(1)),
                            ("save", .object([("includeText", .bool(true))])),
                        ])
                    ),
                    ("completionProvider", .object([("triggerCharacters", .array([.string(":")]))])),
                    ("hoverProvider", .bool(true)),
                    ("definitionProvider", .bool(true)),
                    ("referencesProvider", .bool(true)),
                    ("renameProvider", .object([("prepareProvider", .bool(true))])),
                    ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))])),
                    ("documentSymbolProvider", .bool(true)),
                    ("workspaceSymbolProvider", .bool(true)),
                ])
            ),
            ("serverInfo", .object([("name", .string("vitals")), ("version", .string(configuration.version))])),
        ])
    }

    /// The notifications: documents opened, changed, saved and closed.
    func notify(_ method: String, _ params: JSONValue) {
        guard state == .running else { return }
        if method == "workspace/didChangeWatchedFiles" {
            // Files changed on disk (a checkout, another program): every catalog is read again.
            dirty.formUnion(workspaces.keys)
            return
        }
        let document = params["textDocument"]
        guard let uri = document?["uri"]?.stringValue, let path = FileURI.path(uri).map(CatalogLocation.identity(of:)),
            let workspace = workspace(for: path)
        else { return }
        switch method {
        case "textDocument/didOpen":
            guard let text = document?["text"]?.stringValue else { return }
            openURIs[path] = uri
            workspace.setBuffer(text, for: path)
        case "textDocument/didChange":
            guard var text = workspace.buffers[path], let changes = params["contentChanges"]?.arrayValue else { return }
            for change in changes {
                guard let new = change["text"]?.stringValue else { continue }
                if let range = TextRange(change["range"]) {
                    text = Self.apply(new, at: range, to: text)
                } else {
                    text = new
                }
            }
            workspace.setBuffer(text, for: path)
        case "textDocument/didSave":
            if let text = params["text"]?.stringValue { workspace.setBuffer(text, for: path) }
        case "textDocument/didClose":
            openURIs[path] = nil
            workspace.setBuffer(nil, for: path)
        default:
            return
        }
        dirty.insert(workspace.root)
    }

    /// `text` with `range` replaced by `new` (an incremental change).
    static func apply(_ new: String, at range: TextRange, to text: String) -> String {
        let lines = TextLines(text)
        func offset(_ position: Position) -> String.Index {
            var index = text.startIndex
            for _ in 0..<min(position.line, lines.lines.count - 1) {
                guard let newline = text[index...].firstIndex(of: "\n") else { return text.endIndex }
                index = text.index(after: newline)
            }
            let scalars = text.unicodeScalars
            var at = index
            for _ in 0..<lines.scalarColumn(of: position) where at < scalars.endIndex { at = scalars.index(after: at) }
            return at
        }
        let start = offset(range.start)
        let end = max(start, offset(range.end))
        return String(text[..<start]) + new + String(text[end...])
    }

    /// The workspace, path and position a request's `textDocument` and `position` name.
    func document(_ params: JSONValue, needsPosition: Bool = true) throws -> (CatalogWorkspace, String, Position) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else {
            throw Failure(.invalidParams, "the request names no textDocument.uri")
        }
        guard let path = FileURI.path(uri).map(CatalogLocation.identity(of:)) else {
            throw Failure(.invalidParams, "only file: URIs are served")
        }
        let position = Position(params["position"])
        if needsPosition, position == nil { throw Failure(.invalidParams, "the request gives no position") }
        guard let workspace = current(path) else {
            throw Failure(.requestFailed, "the file belongs to no catalog (no screens/ or metrics/ above it)")
        }
        return (workspace, path, position ?? Position(line: 0, character: 0))
    }

    func hover(_ params: JSONValue) throws -> JSONValue {
        let (workspace, path, position) = try document(params)
        let catalog = workspace.analysis.catalog
        let hover = Hover(extensions: configuration.extensions, catalog: catalog) {
            [drawing] (metric: DisplayMetric) -> ChartPicture in
            drawing?.draw(metric, in: catalog) ?? .drawn([])
        }
        if let found = Navigation(workspace: workspace).occurrence(at: position, in: path),
            let text = hover.text(for: found)
        {
            return .object([
                ("contents", .object([("kind", .string("markdown")), ("value", .string(text))])),
                ("range", found.range.json),
            ])
        }
        // A key: its description.
        guard let text = workspace.text(of: path) else { return .null }
        let lines = TextLines(text)
        let line = Array(lines.line(position.line).unicodeScalars)
        let parts = CursorContext.read(line, partial: false)
        guard let key = parts.key, lines.scalarColumn(of: position) >= parts.column,
            lines.scalarColumn(of: position) <= parts.column + key.unicodeScalars.count
        else { return .null }
        let at = Position(
            line: position.line, character: lines.position(line: position.line + 1, column: parts.column + 1).character)
        guard let context = CursorContext(lines: lines, position: at),
            let description = Hover.key(
                key, at: context, completion: Completion(extensions: configuration.extensions, catalog: catalog))
        else { return .null }
        return .object([("contents", .object([("kind", .string("markdown")), ("value", .string(description))]))])
    }
}
