/// The output formats of `vitals validate`.
package enum ReportFormat: String, Sendable, CaseIterable {
    case text, json, github, sarif

    /// `github` under GitHub Actions, else `text`.
    package static func automatic(environment: [String: String]) -> ReportFormat {
        environment["GITHUB_ACTIONS"] == "true" ? .github : .text
    }
}

/// Turns diagnostics into one of the stable report formats (see DESIGN.md).
package enum DiagnosticReporter {
    /// SARIF describes `rules` (those of the run: `Extensions.ruleDescriptions`).
    package static func report(
        _ diagnostics: [Diagnostic], summary: ValidationSummary, format: ReportFormat,
        sources: [String: String], rules: [RuleDescription] = BuiltInRules.descriptions
    ) -> String {
        switch format {
        case .text: return TextReport.render(diagnostics, summary: summary, sources: sources)
        case .json: return JSONReport.render(diagnostics, summary: summary)
        case .github: return GitHubReport.render(diagnostics, summary: summary)
        case .sarif: return SARIFReport.render(diagnostics, rules: rules)
        }
    }
}
