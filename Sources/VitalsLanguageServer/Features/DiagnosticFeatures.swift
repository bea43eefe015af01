import Foundation
import VitalsKit

/// `validate`'s findings as LSP diagnostics, and the quick fixes their did-you-mean offers.
enum DiagnosticFeatures {
    /// One finding at its line and column, to the end of the token there, the rule id as its
    /// code and the places it involves as related information.
    static func lsp(_ diagnostic: Diagnostic, lines: TextLines, uriOf: (String) -> String?) -> JSONValue {
        let severity: Double =
            switch diagnostic.severity {
            case .error: 1
            case .warning: 2
            case .note: 3
            }
        var pairs: [(String, JSONValue)] = [
            ("range", range(of: diagnostic, lines: lines).json),
            ("severity", .number(severity)),
            ("code", .string(diagnostic.rule)),
            ("source", .string("vitals")),
            ("message", .string(diagnostic.message)),
        ]
        let related: [JSONValue] = diagnostic.related.compactMap { location in
            guard let uri = uriOf(location.file), location.line > 0 else { return nil }
            let start = Position(line: location.line - 1, character: max(0, location.column - 1))
            return .object([
                ("location", .object([("uri", .string(uri)), ("range", TextRange(start: start, end: start).json)])),
                ("message", .string("related: \(location)")),
            ])
        }
        if !related.isEmpty { pairs.append(("relatedInformation", .array(related))) }
        return .object(pairs)
    }

    static func range(of diagnostic: Diagnostic, lines: TextLines) -> TextRange {
        let line = max(1, diagnostic.location.line)
        return lines.tokenRange(line: line, column: max(1, diagnostic.location.column))
    }

    /// The replacement a message suggests ("…; did you mean 'line'?"), if any.
    static func suggestion(in message: String) -> String? {
        guard let marker = message.range(of: "did you mean '", options: .backwards) else { return nil }
        let rest = message[marker.upperBound...]
        guard let close = rest.range(of: "'?") else { return nil }
        let word = String(rest[..<close.lowerBound])
        return word.isEmpty || word.contains("\n") ? nil : word
    }

    /// Quick fixes for the findings of `diagnostics` that touch `range`: each did-you-mean as
    /// an edit of the token the finding points at.
    static func codeActions(uri: String, range: TextRange, diagnostics: [Diagnostic], lines: TextLines) -> [JSONValue] {
        diagnostics.compactMap { diagnostic in
            let at = self.range(of: diagnostic, lines: lines)
            guard at.start.line <= range.end.line, at.end.line >= range.start.line,
                let word = suggestion(in: diagnostic.message)
            else { return nil }
            // A quoted token keeps its quotes.
            let token = String(
                lines.line(at.start.line).unicodeScalars.dropFirst(lines.scalarColumn(of: at.start))
                    .prefix(lines.scalarColumn(of: at.end) - lines.scalarColumn(of: at.start)))
            let replaced =
                token.count >= 2 && (token.first == "\"" || token.first == "'") && token.last == token.first
                ? "\(token.first!)\(word)\(token.first!)" : word
            let edit = JSONValue.object([
                (
                    "changes",
                    .object([
                        (
                            uri,
                            .array([
                                .object([("range", at.json), ("newText", .string(replaced))])
                            ])
                        )
                    ])
                )
            ])
            return .object([
                ("title", .string("Change to '\(word)'")),
                ("kind", .string("quickfix")),
                ("diagnostics", .array([lsp(diagnostic, lines: lines, uriOf: { _ in nil })])),
                ("isPreferred", .bool(true)),
                ("edit", edit),
            ])
        }
    }
}
