/// `path:line:column: error: message [rule-id]`, the source line and a caret under the column.
enum TextReport {
    static func render(_ diagnostics: [Diagnostic], summary: ValidationSummary, sources: [String: String]) -> String {
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
            let pad = String(repeating: " ", count: DisplayColumns.width(of: prefix))
            return ["    \(line)", "    \(pad)^"]
        }
        for diagnostic in diagnostics {
            lines.append("\(diagnostic.location): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule)]")
            lines += sourceLine(diagnostic.location)
            for related in diagnostic.related {
                lines.append("\(related): note: related location")
                lines += sourceLine(related)
            }
        }
        let files = summary.files == 1 ? "1 file" : "\(summary.files) files"
        let errors = summary.errors == 1 ? "1 error" : "\(summary.errors) errors"
        let warnings = summary.warnings == 1 ? "1 warning" : "\(summary.warnings) warnings"
        lines.append("\(files), \(summary.screens) screens, \(summary.metrics) metrics: \(errors), \(warnings)")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Terminal column counting for the caret line; the terminal layer has the full rules.
enum DisplayColumns {
    static func width(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            let v = scalar.value
            if (0x0300...0x036F).contains(v) || v == 0x200D || (0xFE00...0xFE0F).contains(v) { return total }
            if (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
                || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFF60).contains(v) || (0x1F300...0x1FAFF).contains(v) {
                return total + 2
            }
            return total + 1
        }
    }
}
