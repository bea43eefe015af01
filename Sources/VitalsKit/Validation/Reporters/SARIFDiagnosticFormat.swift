/// SARIF 2.1.0, for code-scanning dashboards.
public enum SARIFDiagnosticFormat: DiagnosticFormat {
    public static let id = "sarif"
    public static let summary = "SARIF 2.1.0, for code-scanning dashboards"
    public static let text = OutputText.json

    public static func write(_ report: ValidationReport) -> String {
        let diagnostics = report.diagnostics
        let rules = report.rules
        let q = JSONString.quote
        let ruleEntries = rules.map { rule in
            "        {\"id\": \(q(rule.id)), \"shortDescription\": {\"text\": \(q(rule.summary))}, "
                + "\"defaultConfiguration\": {\"level\": \(q(rule.severity.rawValue))}}"
        }
        let results = diagnostics.map { d -> String in
            func location(_ l: SourceLocation) -> String {
                // A table row is a logical place, not a region of a file.
                if l.isTableRow {
                    return "{\"logicalLocations\": [{\"fullyQualifiedName\": \(q(l.file)), \"kind\": \"object\"}]}"
                }
                return
                    "{\"physicalLocation\": {\"artifactLocation\": {\"uri\": \(q(SARIFDiagnosticFormat.uri(l.file)))}, \"region\": {\"startLine\": \(l.line), \"startColumn\": \(l.column)}}}"
            }
            var entry =
                "        {\"ruleId\": \(q(d.rule)), \"level\": \(q(d.severity.rawValue)), \"message\": {\"text\": \(q(d.message))}, \"locations\": [\(location(d.location))]"
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

    /// A file path as an RFC 3986 URI reference: a relative path stays relative (catalog files
    /// are named relative to the catalog root, or the git work tree holding it: what code
    /// scanning resolves against), an absolute one (a file in no catalog) becomes a `file://` URI. Every
    /// byte of the UTF-8 path outside the unreserved characters and `/` is percent-encoded, so
    /// a space, `#`, `%`, `?` or `ü` in a name gives a valid URI that decodes back to the name.
    static func uri(_ path: String) -> String {
        var out = path.hasPrefix("/") ? "file://" : ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
