/// Runs every rule over a loaded catalog and returns the sorted diagnostics.
public struct Validator: Sendable {
    public var rules: [any ValidationRule]

    /// `rules`; a screen may be for one of `dataSetSubjects`, subjects the program's data sets
    /// declare outside the catalog (the demo data's).
    public init(rules: [any ValidationRule] = BuiltInRules.all, dataSetSubjects: Set<String> = []) {
        self.rules = rules.map { $0 is UnknownReferenceRule ? UnknownReferenceRule(dataSetSubjects: dataSetSubjects) : $0 }
    }

    /// The built-in rules plus the config checks of `screenModules`.
    public init(screenModules: ScreenRegistry, dataSetSubjects: Set<String> = []) {
        self.init(rules: BuiltInRules.all + [ScreenConfigRule(registry: screenModules)], dataSetSubjects: dataSetSubjects)
    }

    /// All diagnostics: the loader's, then every rule's, sorted by file, line and column.
    public func validate(_ loaded: LoadedCatalog) -> [Diagnostic] {
        var diagnostics = loaded.diagnostics
        for found in findings(loaded) { diagnostics += found }
        return diagnostics.sorted {
            ($0.location, $0.rule, $0.message) < ($1.location, $1.rule, $1.message)
        }
    }
}

extension Validator {
    /// The built-in rule types (`BuiltInRules.all`): they read the catalog and no task-local
    /// value but the three this package declares, so they may run on any thread.
    private static let builtInTypes = Set(BuiltInRules.all.map { ObjectIdentifier(type(of: $0)) })

    /// Each rule's diagnostics, in the order of `rules`.
    ///
    /// The built-in rules run on every core, each thread taking the next rule not yet taken
    /// (a catalog of 20,000 metrics spent 11 % of `vitals validate` in them, on one thread
    /// after loading; split in two fixed halves, one half took half again as long as the
    /// other), with the chart kinds, words and disclosure of the caller set for each. Other
    /// rules (a plug-in's, the screen modules' config checks, which may read task-local values
    /// of their own) run on the calling thread. Put together in list order, the findings are
    /// those of running every rule in turn on one thread.
    func findings(_ loaded: LoadedCatalog) -> [[Diagnostic]] {
        var results = [[Diagnostic]](repeating: [], count: rules.count)
        let shared = rules.indices.filter { Self.builtInTypes.contains(ObjectIdentifier(type(of: rules[$0]))) }
        let all = rules, kinds = ChartKindFactory.added, words = Words.current, disclosure = Disclosure.current
        let found = ParallelMap.map(shared) { index in
            ChartKindFactory.$added.withValue(kinds) {
                Words.$current.withValue(words) {
                    Disclosure.$current.withValue(disclosure) { all[index].check(loaded) }
                }
            }
        }
        for (index, diagnostics) in zip(shared, found) { results[index] = diagnostics }
        let sharedSet = Set(shared)
        for index in rules.indices where !sharedSet.contains(index) { results[index] = rules[index].check(loaded) }
        return results
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
