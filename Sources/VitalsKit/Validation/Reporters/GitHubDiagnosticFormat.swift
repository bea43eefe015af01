/// GitHub Actions workflow commands: `::error file=…,line=…,col=…::message`.
public enum GitHubDiagnosticFormat: DiagnosticFormat {
    public static let id = "github"
    public static let summary = "GitHub Actions workflow commands (annotations on the pull request's lines)"
    public static let text = OutputText.text

    public static func write(_ report: ValidationReport) -> String {
        let diagnostics = report.diagnostics
        let summary = report.summary
        var lines = diagnostics.map { d -> String in
            let command = d.severity == .note ? "notice" : d.severity.rawValue
            // A table row (line 0) has no line to point at: its name is the file.
            let place = d.location.isTableRow ? "" : ",line=\(d.location.line),col=\(d.location.column)"
            return
                "::\(command) file=\(property(d.location.file))\(place),title=\(property(d.rule))::\(data(d.message + " [\(d.rule)]"))"
        }
        lines.append(summary.line)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Escaped as workflow commands need, after dropping what would drive a terminal (the log
    /// is read in one): escape sequences, control characters, bidirectional controls.
    private static func data(_ text: String) -> String {
        Sanitize.multiline(text).replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    private static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
