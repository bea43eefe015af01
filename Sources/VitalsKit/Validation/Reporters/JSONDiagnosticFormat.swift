/// `{"diagnostics": [...], "summary": {...}}` with 1-based lines and columns.
public enum JSONDiagnosticFormat: DiagnosticFormat {
    public static let id = "json"
    public static let summary = "{\"diagnostics\": [...], \"summary\": {...}} with 1-based lines and columns"
    public static let text = OutputText.json

    public static func write(_ report: ValidationReport) -> String {
        let diagnostics = report.diagnostics
        let summary = report.summary
        let items = diagnostics.map { d in
            "    {\"file\": \(quote(d.location.file)), \"line\": \(d.location.line), \"column\": \(d.location.column), "
                + "\"severity\": \(quote(d.severity.rawValue)), \"rule\": \(quote(d.rule)), \"message\": \(quote(d.message))}"
        }
        let list = items.isEmpty ? "[]" : "[\n" + items.joined(separator: ",\n") + "\n  ]"
        return """
            {
              "diagnostics": \(list),
              "summary": {"files": \(summary.files), "screens": \(summary.screens), "metrics": \(summary.metrics), "errors": \(summary.errors), "warnings": \(summary.warnings)}
            }

            """
    }

    private static func quote(_ text: String) -> String { JSONString.quote(text) }
}
