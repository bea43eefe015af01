/// Runs every rule over a loaded catalog and returns the sorted diagnostics.
public struct Validator: Sendable {
    public var rules: [any ValidationRule]

    public init(rules: [any ValidationRule] = BuiltInRules.all) {
        self.rules = rules
    }

    /// The built-in rules plus the config checks of `screenModules`.
    public init(screenModules: ScreenRegistry) {
        rules = BuiltInRules.all + [ScreenConfigRule(registry: screenModules)]
    }

    /// All diagnostics: the loader's, then every rule's, sorted by file, line and column.
    public func validate(_ loaded: LoadedCatalog) -> [Diagnostic] {
        var diagnostics = loaded.diagnostics
        for rule in rules { diagnostics += rule.check(loaded) }
        return diagnostics.sorted {
            ($0.location, $0.rule, $0.message) < ($1.location, $1.rule, $1.message)
        }
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

    public init(_ loaded: LoadedCatalog, _ diagnostics: [Diagnostic]) {
        files = loaded.catalog.files.count
        screens = loaded.catalog.screens.count
        metrics = loaded.catalog.metrics.count
        errors = diagnostics.filter { $0.severity == .error }.count
        warnings = diagnostics.filter { $0.severity == .warning }.count
    }
}
