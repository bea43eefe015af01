/// How serious a diagnostic is.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case error, warning, note

    private var rank: Int { self == .error ? 2 : self == .warning ? 1 : 0 }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// One finding of the loader or a validation rule, at a place in a file.
public struct Diagnostic: Error, Sendable, Hashable {
    public var location: SourceLocation
    public var severity: Severity
    /// The id of the rule that found it (`unknown-key`, `yaml-syntax` …).
    public var rule: String
    public var message: String
    /// Other places involved: the first declaration of a duplicate, the target of a reference.
    public var related: [SourceLocation]

    public init(
        _ severity: Severity, rule: String, _ message: String, at location: SourceLocation,
        related: [SourceLocation] = []
    ) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.location = location
        self.related = related
    }
}
