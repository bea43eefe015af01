/// A format of a validation's findings: `vitals validate --format ID`.
public protocol DiagnosticFormat: OutputFormat {
    /// The whole report of one run.
    static func write(_ report: ValidationReport) -> String
}

extension DiagnosticFormat {
    /// The report of `diagnostics` (the files' texts in `sources` for quoting their lines;
    /// `rules`, the rules of the run, for formats that list them).
    public static func report(
        _ diagnostics: [Diagnostic], summary: ValidationSummary, sources: [String: String] = [:],
        rules: [RuleDescription] = BuiltInRules.descriptions
    ) -> String {
        write(ValidationReport(diagnostics: diagnostics, summary: summary, sources: sources, rules: rules))
    }
}

/// What a ``DiagnosticFormat`` writes a report from.
public struct ValidationReport: Sendable {
    /// The findings, in the order `validate` reports them (by file, line and column).
    public var diagnostics: [Diagnostic]
    /// The counts of the report's last line.
    public var summary: ValidationSummary
    /// The text of each file a finding points at, by path, for quoting its line (only the
    /// files inside the catalog: a file reached through a link that leaves it is never quoted).
    public var sources: [String: String]
    /// What each rule of the run says about itself (its id, summary and severity).
    public var rules: [RuleDescription]

    public init(
        diagnostics: [Diagnostic], summary: ValidationSummary, sources: [String: String] = [:],
        rules: [RuleDescription] = []
    ) {
        self.diagnostics = diagnostics
        self.summary = summary
        self.sources = sources
        self.rules = rules
    }
}
