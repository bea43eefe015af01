import VitalsKit

/// `vitals validate --format junit`: the findings as JUnit XML, the test report format GitLab,
/// Jenkins and most CI dashboards show. Each catalog file with findings is a test suite and
/// each finding a test case named by its rule and place; an error is a failure, a warning or a
/// note passes with its message as output (so `--strict` decides the exit code, not the report).
public enum JUnitDiagnosticFormat: DiagnosticFormat {
    public static let id = "junit"
    public static let summary = "JUnit XML: a test suite per file, a test case per finding (errors fail)"
    /// Written as text: the CLI's writer drops the control characters XML 1.0 cannot hold.
    public static let text = OutputText.text

    public static func write(_ report: ValidationReport) -> String {
        let byFile = Dictionary(grouping: report.diagnostics, by: \.location.file)
        var suites: [String] = []
        for file in byFile.keys.sorted() {
            let findings = byFile[file] ?? []
            let failures = findings.filter { $0.severity == .error }.count
            var suite = [
                "  <testsuite name=\"\(escape(file))\" tests=\"\(findings.count)\" failures=\"\(failures)\">"
            ]
            for finding in findings {
                let place = "\(file):\(finding.location.line):\(finding.location.column)"
                let head =
                    "    <testcase classname=\"\(escape(file))\" name=\"\(escape("\(finding.rule) at \(place)"))\""
                if finding.severity == .error {
                    suite.append(head + ">")
                    suite.append("      <failure type=\"error\" message=\"\(escape(finding.message))\"/>")
                    suite.append("    </testcase>")
                } else {
                    suite.append(head + ">")
                    suite.append(
                        "      <system-out>\(escape("\(finding.severity.rawValue): \(finding.message)"))</system-out>")
                    suite.append("    </testcase>")
                }
            }
            suite.append("  </testsuite>")
            suites += suite
        }
        let header = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"vitals validate\" tests=\"\(report.diagnostics.count)\" failures=\"\(report.summary.errors)\">",
        ]
        return (header + suites + ["</testsuites>"]).joined(separator: "\n") + "\n"
    }

    /// `text` as XML attribute and element content.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }
}
