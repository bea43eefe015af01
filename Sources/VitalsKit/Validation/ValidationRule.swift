/// What a rule says about itself: its id, a one-line summary, and YAML examples that must and
/// must not make it fire. `vitals rules` prints these; one test runs every example.
public struct RuleDescription: Sendable {
    public var id: String
    public var summary: String
    public var severity: Severity
    /// Catalog snippets (one YAML document each) on which the rule must report.
    public var triggering: [String]
    /// Catalog snippets on which the rule must stay quiet.
    public var nonTriggering: [String]

    public init(
        id: String, summary: String, severity: Severity = .error,
        triggering: [String], nonTriggering: [String]
    ) {
        self.id = id
        self.summary = summary
        self.severity = severity
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }
}

/// A check over the whole loaded catalog (phase 3), or a description of a check the loader
/// makes while reading (phases 1 and 2), whose `check` then finds nothing more.
public protocol ValidationRule: Sendable {
    static var description: RuleDescription { get }
    func check(_ loaded: LoadedCatalog, in context: ValidationContext) -> [Diagnostic]
}

extension ValidationRule {
    public var id: String { Self.description.id }

    /// A diagnostic of this rule at its default severity.
    public func diagnostic(_ message: String, at location: SourceLocation, related: [SourceLocation] = []) -> Diagnostic
    {
        Diagnostic(Self.description.severity, rule: Self.description.id, message, at: location, related: related)
    }
}

/// A rule the loader applies while reading; listed for `vitals rules` and the example test.
public protocol LoaderRule: ValidationRule {}

extension LoaderRule {
    public func check(_ loaded: LoadedCatalog, in context: ValidationContext) -> [Diagnostic] { [] }
}
