import ArgumentParser
import Foundation
import VitalsExplorer
import VitalsKit
import VitalsScreens

/// `vitals explore`: pillars, screens and child metrics in a full-screen terminal browser.
struct ExploreCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Browse pillars, screens and child metrics interactively (press ? for keys).",
        discussion: """
            Full screen in the terminal: the list of pillars and screens on the left, the selected \
            screen drawn on the right as `vitals render` draws it. Enter opens a screen and drills \
            into a metric's children, / filters, r cycles the range, u the units, c colour, q quits. \
            Needs a terminal of at least 60x20; without one use `vitals tree` and `vitals render`. \
            A catalog file, the settings file or the database saved meanwhile is read again in place \
            (--no-watch: never).
            """)

    @Argument(help: ArgumentHelp("Screen to start on: id or alias.", valueName: "SCREEN"))
    var screen: String?

    @OptionGroup var view: ViewOptions
    @OptionGroup var style: StyleOptions

    @Flag(
        name: .customLong("no-watch"),
        help:
            "Keep the catalog, settings and data read at the start (default: read them again when their files change).")
    var noWatch = false

    @OptionGroup var units: UnitOptions
    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var store: StoreOptions

    func run(with extensions: Extensions) throws {
        try reportingErrors {
            // Option values first: a bad --range is a usage error wherever it is typed.
            let asOfDate = try view.asOfDate()
            let startRange = try view.timeRange()
            let unitSystem = try units.chosenUnitSystem()
            guard TerminalSession.isAvailable else {
                throw CommandError(
                    NotATerminalError(),
                    addingHints: [
                        "vitals tree lists pillars, screens and metrics",
                        "vitals render SCREEN draws one screen (vitals render --all draws them all)",
                    ])
            }
            let loaded = try catalog.loadValidCatalog(
                extensions, drawingUnknownChartTypes: true, demoData: store.holdsDemoData(extensions.storeBackends))
            let start = try screen.map { try ScreenLookup.screen(named: $0, in: loaded.catalog) }
            let sampleStore = try store.openForReading(extensions.storeBackends, asOf: asOfDate)
            let environment = ProcessEnvironment.variables
            let initialLevel = ColorPolicy.level(mode: style.color, environment: environment, stdoutIsTerminal: true)
            let onLevel =
                initialLevel == .none
                ? ColorPolicy.level(mode: .always, environment: environment, stdoutIsTerminal: true) : initialLevel
            let source = RegistryScreenSource(
                catalog: loaded.catalog, store: sampleStore, extensions: extensions,
                colorLevel: onLevel, glyphs: Glyphs.detect(ascii: style.ascii, environment: environment),
                numbers: NumberStyle.detect(environment: environment))
            var state = ExplorerState(
                catalog: loaded.catalog, asOf: asOfDate,
                size: ExplorerSize(columns: 80, rows: 24), range: startRange,
                unitSystem: unitSystem, colorOn: initialLevel != .none)
            let settings = try RunSettings.resolve()
            state.weighIn = settings.weighIn
            state.dayCutoffMinutes = settings.dayCutoffMinutes
            // The default database missing: `openForReading` drew the embedded demo data.
            state.showsDemoData = (try? store.location(extensions.storeBackends))?.exists == false
            if let start {
                state.select(.screen(start.id))
                state.open()
            }
            var explorer = Explorer(state: state, source: source)
            // The built-in catalog changes with no save: only settings and data are read again.
            var keepsCatalog = false
            if catalog.catalogRoot == nil, case .builtIn? = try? CatalogLocation.resolve(root: nil, allowBuiltIn: true)
            {
                keepsCatalog = true
            }
            let reloader =
                noWatch
                ? nil
                : try ExploreReloader(
                    targets: {
                        WatchedFiles.targets(catalog: catalog, store: store, backends: extensions.storeBackends)
                    },
                    load: { reload(asOf: asOfDate, keeping: keepsCatalog ? loaded.catalog : nil, source: source) })
            let session = try TerminalSession()
            defer { session.restore() }
            session.run(&explorer, reloader: reloader)
        }
    }

    /// The catalog, settings and data read again (files changed while the explorer ran), or a
    /// screen source showing why they cannot be: the diagnostics of a catalog saved with
    /// errors, a broken settings file. Nothing is printed (the terminal is the explorer's).
    /// `kept`: the built-in catalog, which no save changes.
    private func reload(asOf: LocalDate, keeping kept: Catalog?, source previous: RegistryScreenSource)
        -> ExplorerReload
    {
        var diagnostics = ""
        let extensions = previous.extensions
        do {
            let catalog =
                try kept
                ?? self.catalog.loadValidCatalog(
                    extensions, drawingUnknownChartTypes: true, demoData: store.holdsDemoData(extensions.storeBackends),
                    report: { diagnostics += $0 }
                ).catalog
            let settings = try RunSettings.resolve()
            let sampleStore = try store.location(extensions.storeBackends).openForReading(asOf: asOf).store
            let source = RegistryScreenSource(
                catalog: catalog, store: sampleStore, extensions: extensions,
                colorLevel: previous.colorLevel, glyphs: previous.glyphs, numbers: previous.numbers)
            return ExplorerReload(
                catalog: catalog, source: source, weighIn: settings.weighIn,
                dayCutoffMinutes: settings.dayCutoffMinutes)
        } catch {
            var lines = diagnostics.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            while lines.last?.isEmpty == true { lines.removeLast() }
            lines = (ErrorReport(error)?.lines ?? ["vitals: error: \(error)"]) + [""] + lines
            lines += ["", "The screen comes back at the next good save."]
            return ExplorerReload(
                catalog: nil,
                source: MessageScreenSource(
                    lines: lines, colorLevel: previous.colorLevel,
                    glyphs: previous.glyphs))
        }
    }
}
