import VitalsKit

/// The Water screen (SCREEN_WATER_PLUGIN), a module from outside Vitals: the layout every
/// screen has (`ScreenContext.compose`) with a one-line verdict above the charts.
public struct WaterScreen: ScreenModule {
    public static let screenID = "SCREEN_WATER_PLUGIN"

    /// The screen's `config:` keys, declared once: Vitals decodes and checks the block from
    /// them (diagnostics at their lines in `vitals validate`), puts them in the JSON Schema
    /// for editors and lists them in `vitals modules`.
    public struct ConfigKeys: ConfigDeclaration {
        public var glass = ConfigKey.quantity(
            "glass", unit: "ml", in: 50...1000,
            doc: "One glass, to count today's water in glasses (250, \"0.3 L\")."
        )
        .defaulting(to: 250)
        public var showGlasses = ConfigKey.boolean("show_glasses", doc: "Say today's water in glasses too.")
            .defaulting(to: true)
        public init() {}
    }

    public typealias Config = ConfigValues<ConfigKeys>

    public init() {}

    public func render(_ context: ScreenContext, config: Config?) throws -> ScreenDocument {
        var summary: [ScreenBlock] = []
        if let primary = context.metricsToDraw.first, primary.binding.seriesID != nil,
            let today = try context.targetSummary(try context.query(for: primary))
        {
            var drunk = today.today.map { context.profile.numbers.format($0, unit: today.unit) } ?? "nothing yet"
            if let config, config.showGlasses,
                let millilitres = today.today.flatMap({ KnownUnit.convert($0, from: today.unit, to: "ml") })
            {
                drunk +=
                    " (\(context.profile.numbers.format(millilitres / config.glass, maxFractionDigits: 1)) glasses)"
            }
            let verdict = today.today.map { today.target.isMet(by: $0) } == true ? "on target" : "not yet on target"
            summary.append(
                ScreenBlock(
                    kind: .summary, metricID: primary.id,
                    rows: [.line("Today: \(drunk), \(verdict)", Style(bold: true))],
                    data: .object([("today", .number(today.today)), ("on_target", .bool(verdict == "on target"))])))
        }
        return try context.compose(module: Self.screenID, summary: summary)
    }
}
