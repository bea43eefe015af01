/// A way a command writes what it made, named by `--format`: the screens of `vitals render`
/// (``ScreenFormat``) or the findings of `vitals validate` (``DiagnosticFormat``). The built-in
/// ones (`text` and `json` screens; `text`, `json`, `github` and `sarif` findings) come in
/// ``Extensions/sdk`` the same way a plug-in's come in ``Extensions/init(screens:chartKinds:rules:storeBackends:importers:outputFormats:)``.
///
/// A format is a pure function of plain values: it returns the whole text, and the command
/// writes it through its one sanitising writer as the ``OutputText`` the format says it is
/// (so a format never has to strip escape sequences a catalog or a database brought in).
public protocol OutputFormat: Sendable {
    /// The name `--format` takes: lower-case letters, digits and `-`, unique among the formats
    /// of its command.
    static var id: String { get }
    /// What the format writes, in one line (`vitals render --formats`, `vitals validate --formats`).
    static var summary: String { get }
    /// What the text is: `.text` (made safe for a terminal), `.json` or `.html` (characters
    /// escaped the way that language escapes them).
    static var text: OutputText { get }
}

/// A format of drawn screens: `vitals render --format ID` (with `--watch` too).
public protocol ScreenFormat: OutputFormat {
    /// The screens, in the order they were asked for, drawn for `profile` (its width, colour,
    /// glyphs and number format), as one text.
    static func write(_ screens: [ScreenDocument], profile: RenderProfile) -> String
}

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

/// The output formats of one run, by command, in the order they were given.
public struct OutputFormats: Sendable {
    /// `vitals render`'s formats.
    public let screens: [any ScreenFormat.Type]
    /// `vitals validate`'s formats.
    public let diagnostics: [any DiagnosticFormat.Type]

    /// The formats of `formats` by the protocol each conforms to (a type conforming to both
    /// is a format of both commands).
    public init(_ formats: [any OutputFormat.Type]) {
        screens = formats.compactMap { $0 as? any ScreenFormat.Type }
        diagnostics = formats.compactMap { $0 as? any DiagnosticFormat.Type }
    }

    /// The screen format named `id`, or nil.
    public func screenFormat(_ id: String) -> (any ScreenFormat.Type)? { screens.first { $0.id == id } }

    /// The diagnostic format named `id`, or nil.
    public func diagnosticFormat(_ id: String) -> (any DiagnosticFormat.Type)? { diagnostics.first { $0.id == id } }
}
