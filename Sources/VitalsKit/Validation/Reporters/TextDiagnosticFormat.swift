/// `path:line:column: error: message [rule-id]`, the source line and a caret under the column.
public enum TextDiagnosticFormat: DiagnosticFormat {
    public static let id = "text"
    public static let summary = "path:line:column: severity: message [rule], the line and a caret under the column"
    public static let text = OutputText.text

    public static func write(_ report: ValidationReport) -> String {
        let diagnostics = report.diagnostics
        let summary = report.summary
        let sources = report.sources
        var lines: [String] = []
        var splitCache: [String: [Substring]] = [:]
        func sourceLine(_ location: SourceLocation) -> [String] {
            guard let text = sources[location.file] else { return [] }
            let all = splitCache[location.file] ?? text.split(separator: "\n", omittingEmptySubsequences: false)
            splitCache[location.file] = all
            guard location.line >= 1, location.line <= all.count else { return [] }
            let line = Sanitize.inline(String(all[location.line - 1]).replacingOccurrences(of: "\r", with: ""))
            let caretColumn = min(max(location.column - 1, 0), line.unicodeScalars.count)
            let prefix = String(String.UnicodeScalarView(line.unicodeScalars.prefix(caretColumn)))
            let pad = String(repeating: " ", count: DisplayWidth.of(prefix))
            return ["    \(line)", "    \(pad)^"]
        }
        // File names and messages come from outside (a file may be named with an escape
        // sequence); everything is made safe for the terminal.
        for diagnostic in diagnostics {
            lines.append(
                Sanitize.inline(
                    "\(diagnostic.location): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule)]"
                ))
            lines += sourceLine(diagnostic.location)
            for related in diagnostic.related {
                lines.append(Sanitize.inline("\(related): note: related location"))
                lines += sourceLine(related)
            }
        }
        lines.append(summary.line)
        return lines.joined(separator: "\n") + "\n"
    }
}
