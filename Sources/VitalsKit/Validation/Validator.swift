/// Runs every rule over a loaded catalog and returns the sorted diagnostics.
public struct Validator: Sendable {
    public var rules: [any ValidationRule]
    /// What the rules know besides the catalog: the run's chart kinds and screen modules.
    public var context: ValidationContext

    public init(rules: [any ValidationRule] = BuiltInRules.all, context: ValidationContext = ValidationContext()) {
        self.rules = rules
        self.context = context
    }

    /// The built-in rules against the built-in chart kinds and `screenModules`.
    public init(screenModules: ScreenRegistry, dataSetSubjects: Set<String> = []) {
        self.init(context: ValidationContext(screens: screenModules, dataSetSubjects: dataSetSubjects))
    }

    /// `rules` against the built-in chart kinds and no screen module.
    public init(rules: [any ValidationRule] = BuiltInRules.all, dataSetSubjects: Set<String>) {
        self.init(rules: rules, context: ValidationContext(dataSetSubjects: dataSetSubjects))
    }

    /// All diagnostics: the loader's, then every rule's, sorted by file, line and column.
    public func validate(_ loaded: LoadedCatalog) -> [Diagnostic] {
        var diagnostics = loaded.diagnostics
        for found in findings(loaded) { diagnostics += found }
        return diagnostics.sorted {
            ($0.location, $0.rule, $0.message) < ($1.location, $1.rule, $1.message)
        }
    }

    /// Each rule's diagnostics, in the order of `rules`: the rules run on every core, each
    /// thread taking the next rule not yet taken, and are given all they read (the catalog and
    /// `context`), so put together in list order the findings are those of running every rule
    /// in turn on one thread.
    func findings(_ loaded: LoadedCatalog) -> [[Diagnostic]] {
        let context = context
        return ParallelMap.mapInCallersWords(rules) { rule in rule.check(loaded, in: context) }
    }
}

/// Numbers for a report's summary line.
public struct ValidationSummary: Sendable, Equatable {
    public var files: Int
    public var screens: Int
    public var metrics: Int
    public var errors: Int
    public var warnings: Int

    /// "1 file, 3 screens, 12 metrics: 0 errors, 1 warning": the last line of every text report.
    public var line: String {
        func count(_ n: Int, _ word: String) -> String { n == 1 ? "1 \(word)" : "\(n) \(word)s" }
        return "\(count(files, "file")), \(screens) screens, \(metrics) metrics: "
            + "\(count(errors, "error")), \(count(warnings, "warning"))"
    }

    public init(files: Int, screens: Int, metrics: Int, errors: Int, warnings: Int) {
        self.files = files
        self.screens = screens
        self.metrics = metrics
        self.errors = errors
        self.warnings = warnings
    }

    public init(_ loaded: LoadedCatalog, _ diagnostics: [Diagnostic]) {
        files = loaded.catalog.files.count
        screens = loaded.catalog.screens.count
        metrics = loaded.catalog.metrics.count
        errors = diagnostics.filter { $0.severity == .error }.count
        warnings = diagnostics.filter { $0.severity == .warning }.count
    }
}
