/// SARIF 2.1.0, for code-scanning dashboards.
enum SARIFReport {
    static func render(_ diagnostics: [Diagnostic], rules: [RuleDescription]) -> String {
        let q = JSONString.quote
        let ruleEntries = rules.map { rule in
            "        {\"id\": \(q(rule.id)), \"shortDescription\": {\"text\": \(q(rule.summary))}, "
                + "\"defaultConfiguration\": {\"level\": \(q(rule.severity.rawValue))}}"
        }
        let results = diagnostics.map { d -> String in
            func location(_ l: SourceLocation) -> String {
                "{\"physicalLocation\": {\"artifactLocation\": {\"uri\": \(q(l.file))}, \"region\": {\"startLine\": \(l.line), \"startColumn\": \(l.column)}}}"
            }
            var entry = "        {\"ruleId\": \(q(d.rule)), \"level\": \(q(d.severity.rawValue)), \"message\": {\"text\": \(q(d.message))}, \"locations\": [\(location(d.location))]"
            if !d.related.isEmpty {
                entry += ", \"relatedLocations\": [\(d.related.map(location).joined(separator: ", "))]"
            }
            return entry + "}"
        }
        return """
            {
              "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
              "version": "2.1.0",
              "runs": [{
                "tool": {"driver": {"name": "vitals", "version": \(q(VitalsKitVersion.string)), "rules": [
            \(ruleEntries.joined(separator: ",\n"))
                ]}},
                "results": [
            \(results.joined(separator: ",\n"))
                ]
              }]
            }

            """
    }
}
