/// `{"diagnostics": [...], "summary": {...}}` with 1-based lines and columns.
enum JSONReport {
    static func render(_ diagnostics: [Diagnostic], summary: ValidationSummary) -> String {
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
