/// Everything a run of Vitals is extended with, in one value: screen modules, chart kinds,
/// validation rules, store backends, importers and output formats. The built-in ones come the same way as a plug-in's
/// (`Extensions.sdk` here, the screen modules' and importers' lists in their targets), and
/// `VitalsCLI.main` is handed the sum, which it passes down to every command — no global,
/// no task-local registry.
///
/// ```swift
/// VitalsCLI.main(Extensions(screens: [WaterScreen()], chartKinds: [RingChart.self]))
/// ```
///
/// Two extensions that claim one id (a `screen_id`, a `chart_type_id`, a rule id, a URL
/// scheme, an importer's id) are a conflict: the first keeps it, and `conflicts` says so (`vitals` refuses to
/// start with any).
public struct Extensions: Sendable {
    /// The screen modules, by `screen_id`.
    public private(set) var screens: ScreenRegistry
    /// The chart kinds, by `chart_type_id`.
    public private(set) var chartKinds: ChartKindFactory
    /// The validation rules `validate` runs, in order.
    public private(set) var rules: [any ValidationRule]
    /// The store backends of URL locations (`postgres://…`); a path is a SQLite file.
    public private(set) var storeBackends: StoreBackends
    /// The importers `vitals import` picks from, in order (`--format` names one by id).
    public private(set) var importers: Importers
    /// The formats `vitals render --format` and `vitals validate --format` name, by id.
    public private(set) var outputFormats: OutputFormats
    /// What two extensions claim both ("two screen modules claim SCREEN_WATER").
    public private(set) var conflicts: [ExtensionConflict] = []

    private var screenModules: [any ScreenModule]
    private var chartKindTypes: [any ChartKind.Type]
    private var formatTypes: [any OutputFormat.Type]

    /// `screens`, `chartKinds`, `rules`, `storeBackends`, `importers` and `outputFormats`
    /// (``ScreenFormat`` and ``DiagnosticFormat`` types), and nothing else (add
    /// `sdk` and the built-in lists for a whole `vitals`; `VitalsCLI.main` does).
    public init(
        screens: [any ScreenModule] = [], chartKinds: [any ChartKind.Type] = [],
        rules: [any ValidationRule] = [], storeBackends: [any StoreBackend.Type] = [],
        importers: [any Importer.Type] = [], outputFormats: [any OutputFormat.Type] = []
    ) {
        screenModules = screens
        chartKindTypes = chartKinds
        self.screens = .genericOnly
        self.chartKinds = ChartKindFactory([])
        self.rules = rules
        self.storeBackends = StoreBackends(storeBackends)
        self.importers = Importers(importers)
        formatTypes = outputFormats
        self.outputFormats = OutputFormats([])
        resolve()
    }

    /// What each rule says about itself, in order (`vitals rules`, SARIF's rule list).
    public var ruleDescriptions: [RuleDescription] { rules.map { type(of: $0).description } }

    /// The chart kinds, validation rules and output formats the SDK ships (and no screen
    /// module: those are in their own targets, listed in `VitalsScreens`).
    public static let sdk = Extensions(
        chartKinds: ChartKindFactory.builtInKinds, rules: BuiltInRules.all,
        outputFormats: [
            TextScreenFormat.self, JSONScreenFormat.self, TextDiagnosticFormat.self, JSONDiagnosticFormat.self,
            GitHubDiagnosticFormat.self, SARIFDiagnosticFormat.self,
        ])

    /// Both sets, `self`'s first: an id both claim stays `self`'s and is a conflict.
    public static func + (lhs: Extensions, rhs: Extensions) -> Extensions {
        var sum = lhs
        sum.screenModules += rhs.screenModules
        sum.chartKindTypes += rhs.chartKindTypes
        sum.rules += rhs.rules
        sum.storeBackends = StoreBackends(lhs.storeBackends.backends + rhs.storeBackends.backends)
        sum.importers = Importers(lhs.importers.all + rhs.importers.all)
        sum.formatTypes += rhs.formatTypes
        sum.conflicts = lhs.conflicts + rhs.conflicts
        sum.resolve()
        return sum
    }

    /// The lookups from the lists, and what two claim both.
    private mutating func resolve() {
        var found: [ExtensionConflict] = []
        var screenIDs = Set<String>()
        var modules: [any ScreenModule] = []
        for module in screenModules {
            if screenIDs.insert(module.screenID).inserted {
                modules.append(module)
            } else {
                found.append(.screen(module.screenID))
            }
        }
        screenModules = modules
        // Unique ids now, so the registry cannot refuse them.
        screens = (try? ScreenRegistry(modules)) ?? .genericOnly
        var kindIDs = Set<String>()
        for kind in chartKindTypes where !kindIDs.insert(kind.id).inserted { found.append(.chartKind(kind.id)) }
        chartKinds = ChartKindFactory(chartKindTypes)
        chartKindTypes = chartKinds.kinds
        var ruleIDs = Set<String>()
        var uniqueRules: [any ValidationRule] = []
        for rule in rules {
            if ruleIDs.insert(rule.id).inserted { uniqueRules.append(rule) } else { found.append(.rule(rule.id)) }
        }
        rules = uniqueRules
        var schemes = Set<String>()
        var backends: [any StoreBackend.Type] = []
        for backend in storeBackends.backends {
            let claimed = backend.schemes.filter { !schemes.insert($0).inserted }
            if claimed.isEmpty { backends.append(backend) } else { found += claimed.map(ExtensionConflict.scheme) }
        }
        storeBackends = StoreBackends(backends)
        var importerIDs = Set<String>()
        var uniqueImporters: [any Importer.Type] = []
        for importer in importers.all {
            if importerIDs.insert(importer.id).inserted {
                uniqueImporters.append(importer)
            } else {
                found.append(.importer(importer.id))
            }
        }
        importers = Importers(uniqueImporters)
        var screenFormatIDs = Set<String>()
        var diagnosticFormatIDs = Set<String>()
        var formats: [any OutputFormat.Type] = []
        for format in formatTypes {
            let screens = format is any ScreenFormat.Type
            let diagnostics = format is any DiagnosticFormat.Type
            if !screens && !diagnostics {
                found.append(.formatOfNoCommand(format.id))
            } else if (screens && screenFormatIDs.contains(format.id))
                || (diagnostics && diagnosticFormatIDs.contains(format.id))
            {
                found.append(.outputFormat(format.id))
            } else {
                if screens { screenFormatIDs.insert(format.id) }
                if diagnostics { diagnosticFormatIDs.insert(format.id) }
                formats.append(format)
            }
        }
        formatTypes = formats
        outputFormats = OutputFormats(formats)
        for conflict in found where !conflicts.contains(conflict) { conflicts.append(conflict) }
    }
}

/// An id two extensions of one run both claim.
public enum ExtensionConflict: Sendable, Hashable, CustomStringConvertible {
    case screen(String)
    case chartKind(String)
    case rule(String)
    case scheme(String)
    case importer(String)
    case outputFormat(String)
    case formatOfNoCommand(String)

    public var description: String {
        switch self {
        case .screen(let id): return "two screen modules claim \(id)"
        case .chartKind(let id): return "two chart kinds claim chart_type_id \(id)"
        case .rule(let id): return "two validation rules claim the id \(id)"
        case .scheme(let scheme): return "two store backends claim \(scheme):// locations"
        case .importer(let id): return "two importers claim the id \(id)"
        case .outputFormat(let id): return "two output formats of one command claim --format \(id)"
        case .formatOfNoCommand(let id):
            return "the output format \(id) is neither a ScreenFormat nor a DiagnosticFormat: no command can write it"
        }
    }
}
