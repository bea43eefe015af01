import ArgumentParser
import Foundation
import VitalsKit
import VitalsScreens

/// `vitals explore`: pillars, screens and child metrics in a full-screen terminal browser.
struct ExploreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Browse pillars, screens and child metrics interactively (press ? for keys).",
        discussion: """
        Full screen in the terminal: the list of pillars and screens on the left, the selected \
        screen drawn on the right as `vitals render` draws it. Enter opens a screen and drills \
        into a metric's children, / filters, r cycles the range, u the units, c colour, q quits. \
        Needs a terminal of at least 60x20; without one use `vitals tree` and `vitals render`.
        """)

    @Argument(help: ArgumentHelp("Screen to start on: id or alias.", valueName: "SCREEN"))
    var screen: String?

    @Option(name: .customLong("as-of"), help: ArgumentHelp("The last day shown, YYYY-MM-DD (default: today).", valueName: "DATE"))
    var asOf: String?

    @Option(help: ArgumentHelp("Start with every metric's range replaced: 7d, 30d, 12w, 6m, 1y or all (r cycles).", valueName: "RANGE"))
    var range: String?

    // Colour and glyphs as `vitals render` takes them; the width is the terminal's.
    @Option(help: ArgumentHelp("Colour: auto (a terminal without NO_COLOR), always or never; c toggles it.", valueName: "WHEN"))
    var color: ColorMode = .auto

    @Flag(help: "Draw with plain ASCII characters (also the default when the locale is not UTF-8).")
    var ascii = false

    @OptionGroup var units: UnitOptions
    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var store: StoreOptions

    func run() throws {
        try reportingUserErrors {
            guard TerminalSession.isAvailable else {
                throw UserError("\(NotATerminalError().description)",
                                hints: ["vitals tree lists pillars, screens and metrics",
                                        "vitals render SCREEN draws one screen (vitals render --all draws them all)"],
                                exitCode: 2)
            }
            let asOfDate = try parseDate(asOf, option: "--as-of") ?? LocalDate.today()
            let startRange = try parseRange(range)
            let unitSystem = try units.chosenUnitSystem()
            let loaded = try catalog.loadValidCatalog()
            let start = try screen.map { name in
                guard let found = loaded.catalog.screen(named: name) else {
                    throw ScreenLookup.unknownScreen(name, in: loaded.catalog)
                }
                return found
            }
            let sampleStore = try store.openForReading(asOf: asOfDate)
            let environment = ProcessEnvironment.variables
            let initialLevel = ColorPolicy.level(mode: color, environment: environment, stdoutIsTerminal: true)
            let onLevel = initialLevel == .none
                ? ColorPolicy.level(mode: .always, environment: environment, stdoutIsTerminal: true) : initialLevel
            let source = RegistryScreenSource(
                catalog: loaded.catalog, store: sampleStore, registry: BuiltInScreenModules.registry,
                colorLevel: onLevel, glyphs: Glyphs.detect(ascii: ascii, environment: environment),
                numbers: NumberStyle.detect(environment: environment))
            var state = ExplorerState(catalog: loaded.catalog, asOf: asOfDate,
                                      size: ExplorerSize(columns: 80, rows: 24), range: startRange,
                                      unitSystem: unitSystem, colorOn: initialLevel != .none)
            if let start {
                state.select(.screen(start.id))
                state.open()
            }
            var explorer = Explorer(state: state, source: source)
            let session = try TerminalSession()
            defer { session.restore() }
            session.run(&explorer)
        }
    }
}
