/// A screen with its own layout, registered by the `screen_id` it serves.
///
/// A module decodes its typed `Config` from the screen's YAML `config` block (reporting
/// problems as diagnostics at the lines they are on, which `vitals validate` prints) and
/// composes chart kinds and text blocks from store queries in `render`. Screens without a
/// module get `GenericScreen`. Each custom module lives in its own target under `Sources/`
/// and is listed once in `VitalsScreens`.
public protocol ScreenModule: Sendable {
    /// The typed `config` block; `NoScreenConfig` for a module that reads none.
    associatedtype Config: Sendable = NoScreenConfig

    /// The `screen_id` this module serves (`SCREEN_PROTEIN`).
    static var screenID: String { get }

    /// The metric roles this module draws specially, with what it draws for each ("the
    /// nightly bars"); `vitals validate` warns when no metric of the screen plays one.
    static var roles: [(role: MetricRole, draws: String)] { get }

    init()

    /// Decodes the screen's `config` block (nil when the screen has none). Problems go into
    /// `problems` at the node they concern; return nil when the config cannot be used.
    func decodeConfig(
        _ node: YAMLNode?, of screen: DisplayScreen, in catalog: Catalog,
        problems: inout ConfigProblems
    ) -> Config?

    /// The keys the `config` block may have, for the JSON Schema and `vitals modules`; nil for
    /// a module whose config is not a `DeclaredConfig` (given by the default implementations).
    static var configKeys: [ConfigKeySpec]? { get }

    /// The screen's blocks for one request. `config` is nil only when decoding failed, which
    /// `vitals render` reports before getting here; modules may assume it is present.
    func render(_ context: ScreenContext, config: Config?) throws -> ScreenDocument

    /// The target `metric` (of this module's screen) is judged by on the context's as-of day
    /// when the module sets one other than the metric's own (Protein's per-kg grams); nil keeps
    /// the metric's. The one definition the screen, `summary` and every other reader use
    /// (`ScreenRegistry.target(for:in:)`).
    func target(for metric: DisplayMetric, in context: ScreenContext, config: Config?) throws -> Target?

    /// The value `metric`'s readings are shown from on this screen, in its display unit (the
    /// weight before the pregnancy, so a weigh-in is shown as the gain); nil when they are
    /// shown as they are. `summary` writes the readings as the screen does.
    func baseline(of metric: DisplayMetric, in context: ScreenContext, config: Config?) throws -> Double?
}

/// The config of a module that reads none.
public struct NoScreenConfig: Sendable { public init() {} }

extension ScreenModule where Config == NoScreenConfig {
    public func decodeConfig(
        _ node: YAMLNode?, of screen: DisplayScreen, in catalog: Catalog,
        problems: inout ConfigProblems
    ) -> Config? { NoScreenConfig() }
}

extension ScreenModule where Config: DeclaredConfig {
    /// Decodes the block as `Config.Keys` declares, then builds `Config` from it.
    public func decodeConfig(
        _ node: YAMLNode?, of screen: DisplayScreen, in catalog: Catalog,
        problems: inout ConfigProblems
    ) -> Config? {
        Config.decode(node, of: screen, in: catalog, problems: &problems)
    }

    public static var configKeys: [ConfigKeySpec]? { Config.Keys.keySpecs }
}

extension ScreenModule {
    public static var configKeys: [ConfigKeySpec]? { nil }

    public static var roles: [(role: MetricRole, draws: String)] { [] }

    public func target(for metric: DisplayMetric, in context: ScreenContext, config: Config?) throws -> Target? { nil }

    public func baseline(of metric: DisplayMetric, in context: ScreenContext, config: Config?) throws -> Double? { nil }

    /// The `screen_id` of this module's type.
    public var screenID: String { Self.screenID }

    /// The config's diagnostics for `screen` (empty when it is fine).
    public func validate(_ screen: DisplayScreen, in catalog: Catalog) -> [Diagnostic] {
        decoded(screen, in: catalog).diagnostics
    }

    /// The screen's config decoded (nil when it could not be used) with its diagnostics: when
    /// the catalog is checked, and again when the screen is rendered.
    func decoded(_ screen: DisplayScreen, in catalog: Catalog) -> (config: Config?, diagnostics: [Diagnostic]) {
        var problems = ConfigProblems(screen: screen)
        let config = decodeConfig(screen.config, of: screen, in: catalog, problems: &problems)
        for (role, draws) in Self.roles where catalog.metric(playing: role, on: screen.id) == nil {
            problems.warning("no metric has role: \(role), so the screen does not draw \(draws)", at: nil)
        }
        return (config, problems.diagnostics)
    }

    /// `target(for:in:config:)` with the decoded config; nil (the metric's own) when the
    /// config has errors, which rendering reports.
    func decodedTarget(for metric: DisplayMetric, in context: ScreenContext) throws -> Target? {
        let entry = decoded(context.screen, in: context.catalog)
        guard !entry.diagnostics.contains(where: { $0.severity == .error }) else { return nil }
        return try target(for: metric, in: context, config: entry.config as? Config)
    }

    /// `baseline(of:in:config:)` with the decoded config; nil when the config has errors.
    func decodedBaseline(of metric: DisplayMetric, in context: ScreenContext) throws -> Double? {
        let entry = decoded(context.screen, in: context.catalog)
        guard !entry.diagnostics.contains(where: { $0.severity == .error }) else { return nil }
        return try baseline(of: metric, in: context, config: entry.config as? Config)
    }

    /// Renders with the decoded config; a config with errors is a `ScreenConfigError` naming the first.
    public func renderScreen(_ context: ScreenContext) throws -> ScreenDocument {
        let entry = decoded(context.screen, in: context.catalog)
        if let first = entry.diagnostics.first(where: { $0.severity == .error }) {
            throw ScreenConfigError.invalid(location: first.location, message: first.message)
        }
        return try render(context, config: entry.config)
    }
}
