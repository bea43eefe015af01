import Foundation
import VitalsKit

/// Go to definition, find references and rename, for every id across the catalog's files.
struct Navigation {
    let workspace: CatalogWorkspace

    /// The occurrence under `position` in `path`.
    func occurrence(at position: Position, in path: String) -> IDOccurrence? {
        workspace.fileIndex(path).occurrences.first { $0.range.contains(position) }
    }

    /// The declaration an occurrence names: the entry that declares the id (a former id's
    /// screen for an id only a `former_ids` lists).
    func declarations(of occurrence: IDOccurrence) -> [IDOccurrence] {
        let all = workspace.occurrences(of: occurrence.kind, occurrence.id)
        let declared = all.filter { $0.role == .declaration }
        if !declared.isEmpty { return declared }
        // A screen id that is only a former id: the screen that lists it.
        let former = all.filter { $0.role == .formerID }
        return former.compactMap { item in
            item.owner.flatMap { owner in workspace.occurrences(of: .screen, owner).first { $0.role == .declaration } }
        }
    }

    func references(of occurrence: IDOccurrence, includingDeclaration: Bool) -> [IDOccurrence] {
        workspace.occurrences(of: occurrence.kind, occurrence.id).filter {
            includingDeclaration || $0.role != .declaration
        }
    }

    static func location(_ occurrence: IDOccurrence) -> JSONValue {
        .object([("uri", .string(FileURI.uri(occurrence.path))), ("range", occurrence.range.json)])
    }

    enum RenameError: Error, CustomStringConvertible {
        case notAnID
        case badFormat(String, IDPattern)
        case taken(String)

        var description: String {
            switch self {
            case .notAnID: return "there is no id here to rename"
            case .badFormat(let id, let pattern):
                return "'\(Sanitize.inline(id))' is not an id of this kind: \(pattern.summary)"
            case .taken(let id): return "'\(Sanitize.inline(id))' is already declared"
            }
        }
    }

    /// The edits that rename the id under the cursor to `newName` everywhere; a screen's old id
    /// is kept in its `former_ids` where the catalog keeps former ids (any screen lists some).
    func rename(_ occurrence: IDOccurrence, to newName: String) throws(RenameError) -> [String: [(TextRange, String)]] {
        if let pattern = Self.pattern(occurrence.kind), !pattern.matches(newName) { throw .badFormat(newName, pattern) }
        guard newName != occurrence.id else { return [:] }
        if !workspace.occurrences(of: occurrence.kind, newName).filter({ $0.role == .declaration }).isEmpty {
            throw .taken(newName)
        }
        var edits: [String: [(TextRange, String)]] = [:]
        for found in workspace.occurrences(of: occurrence.kind, occurrence.id) where found.role != .formerID {
            edits[found.path, default: []].append((found.range, newName))
        }
        if occurrence.kind == .screen, usesFormerIDs() {
            for declaration in workspace.occurrences(of: .screen, occurrence.id) where declaration.role == .declaration
            {
                guard let text = workspace.text(of: declaration.path),
                    let list = workspace.fileIndex(declaration.path).formerIDLists[occurrence.id]
                else { continue }
                let lines = TextLines(text)
                if let last = list.lastItem {
                    let separator =
                        list.isFlow
                        ? ", " : "\n" + String(repeating: " ", count: lines.scalarColumn(of: last.start) - 2) + "- "
                    let after = lines.line(last.end.line).unicodeScalars.dropFirst(lines.scalarColumn(of: last.end))
                        .first
                    let end =
                        after == "\"" || after == "'"
                        ? Position(line: last.end.line, character: last.end.character + 1) : last.end
                    edits[declaration.path, default: []].append(
                        (TextRange(start: end, end: end), separator + occurrence.id))
                } else {
                    // A new key after the `screen_id` line, at its indentation.
                    let line = lines.line(list.idLine - 1)
                    let end = lines.position(line: list.idLine, column: line.unicodeScalars.count + 1)
                    edits[declaration.path, default: []].append(
                        (
                            TextRange(start: end, end: end),
                            "\n" + String(repeating: " ", count: list.indent) + "former_ids: [\(occurrence.id)]"
                        ))
                }
            }
        }
        return edits
    }

    /// Whether any screen of the catalog lists former ids.
    func usesFormerIDs() -> Bool {
        workspace.fileIndexes().contains { $0.index.occurrences.contains { $0.role == .formerID } }
    }

    static func pattern(_ kind: IDKind) -> IDPattern? {
        switch kind {
        case .screen: return .screen
        case .metric: return .metric
        case .pillar, .subject, .series, .category, .mealSlot, .food, .budget: return .snakeCase
        }
    }

    static func workspaceEdit(_ edits: [String: [(TextRange, String)]]) -> JSONValue {
        .object([
            (
                "changes",
                .object(
                    edits.keys.sorted().map { path in
                        (
                            FileURI.uri(path),
                            .array(
                                edits[path]!.sorted { $0.0.start < $1.0.start }.map { edit in
                                    .object([("range", edit.0.json), ("newText", .string(edit.1))])
                                })
                        )
                    })
            )
        ])
    }
}
