/// Two modules claim one `screen_id`.
public struct DuplicateScreenModuleError: Error, Sendable, CustomStringConvertible {
    public var screenID: String
    public var description: String { "two screen modules claim \(screenID)" }
}

/// Maps `screen_id` to the module that draws it; screens without one get `GenericScreen`.
public struct ScreenRegistry: Sendable {
    private let modules: [String: any ScreenModule]
    /// The custom modules' screen ids in registration order.
    public let customScreenIDs: [String]
    public let generic = GenericScreen()

    /// A registry of `modules`; throws when two claim the same `screen_id`.
    public init(_ modules: [any ScreenModule]) throws(DuplicateScreenModuleError) {
        var byID: [String: any ScreenModule] = [:]
        var order: [String] = []
        for module in modules {
            guard byID[module.screenID] == nil else { throw DuplicateScreenModuleError(screenID: module.screenID) }
            byID[module.screenID] = module
            order.append(module.screenID)
        }
        self.modules = byID
        customScreenIDs = order
    }

    /// A registry with only the generic module.
    public static let genericOnly = ScreenRegistry()

    /// No custom modules: every screen is drawn by `GenericScreen`.
    private init() {
        modules = [:]
        customScreenIDs = []
    }

    /// The custom modules in registration order.
    public var customModules: [any ScreenModule] { customScreenIDs.compactMap { modules[$0] } }

    /// Each custom module that declares its config (`DeclaredConfig`): its screen id and keys.
    public var declaredConfigs: [(screenID: String, keys: [ConfigKeySpec])] {
        customModules.compactMap { module in type(of: module).configKeys.map { (module.screenID, $0) } }
    }

    /// Whether `screenID` has a custom module.
    public func hasCustomModule(_ screenID: String) -> Bool { modules[screenID] != nil }

    /// The module that draws `screenID`.
    public func module(for screenID: String) -> any ScreenModule { modules[screenID] ?? generic }

    /// The target `metric` is judged by on the context's screen and as-of day, in the
    /// metric's display unit: the module's when it sets one (Protein's 1.6 g/kg × the
    /// weigh-in), else the metric's own (`MetricQuery.displayTarget`); nil without a target.
    /// Screens, `summary` and reports all read this one.
    public func target(for metric: DisplayMetric, in context: ScreenContext) throws -> Target? {
        if let own = try module(for: context.screen.id).decodedTarget(for: metric, in: context) { return own }
        guard metric.binding.seriesID != nil else { return nil }
        return try context.query(for: metric).displayTarget
    }

    /// The value `metric`'s readings are shown from on the context's screen (the weight
    /// before the pregnancy); nil when they are shown as they are.
    public func baseline(of metric: DisplayMetric, in context: ScreenContext) throws -> Double? {
        try module(for: context.screen.id).decodedBaseline(of: metric, in: context)
    }

    /// Renders the context's screen with its module.
    /// The screen composed in its language: its words (`Words.current`) and, for a language
    /// other than English, the language's number style (English keeps the locale's).
    public func render(_ context: ScreenContext) throws -> ScreenDocument {
        let table = context.catalog.words(for: context.screen.language)
        var context = context
        if table.code != LanguageTables.english.code {
            var profile = context.profile
            profile.numbers = table.numbers
            context = ScreenContext(
                catalog: context.catalog, screen: context.screen, store: context.store,
                request: context.request, profile: profile, chartKinds: context.chartKinds)
        }
        return try Words.$current.withValue(table) { try module(for: context.screen.id).renderScreen(context) }
    }

    /// The config diagnostics of every screen that has a custom module or gives the generic
    /// one a `reference:`, and a warning for a `config` block that no module reads.
    public func configDiagnostics(_ catalog: Catalog) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for screen in catalog.screens {
            if let module = modules[screen.id] {
                found += module.validate(screen, in: catalog)
            } else if let config = screen.config, config["reference"] != nil {
                found += generic.validate(screen, in: catalog)
            } else if screen.config != nil {
                found.append(
                    Diagnostic(
                        .warning, rule: ConfigProblems.ruleID,
                        "\(screen.id) has a config block but no screen module reads it",
                        at: screen.location(of: "config")))
            }
        }
        return found
    }
}
