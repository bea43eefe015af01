import ArgumentParser
import Foundation
import VitalsKit
import VitalsScreens

/// `vitals render`: screens as text (or JSON) in the terminal.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw metric screens, e.g. `vitals render protein` or `vitals render --all`.",
        discussion: """
        A screen is named by its id (SCREEN_PROTEIN, any case) or its short alias (protein). \
        Without a database the embedded demo data is drawn (a notice says so on stderr).
        """)

    @Argument(help: ArgumentHelp("Screens to draw: id or alias.", valueName: "SCREEN"))
    var screens: [String] = []

    @Flag(help: "Draw every active screen, in pillar order.")
    var all = false

    @Flag(help: "Draw each child metric's chart under its parent.")
    var children = false

    @OptionGroup var view: ViewOptions

    @Option(help: "Output format: text or json.")
    var format: RenderFormat = .text

    @OptionGroup var render: RenderOptions
    @OptionGroup var units: UnitOptions
    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var store: StoreOptions

    enum RenderFormat: String, CaseIterable, ExpressibleByArgument { case text, json }

    func validate() throws {
        if all && !screens.isEmpty { throw ValidationError("give screen names or --all, not both") }
        if !all && screens.isEmpty { throw ValidationError("name a screen (vitals render protein) or use --all; vitals tree lists them") }
    }

    func run() throws {
        try reportingErrors {
            let profile = try render.profile()
            let settings = try RunSettings.resolve()
            var request = ScreenRequest(asOf: try view.asOfDate(), range: try view.timeRange(),
                                        unitSystem: try units.chosenUnitSystem(),
                                        showChildren: children, weighIn: settings.weighIn,
                                        dayCutoffMinutes: settings.dayCutoffMinutes)
            request.goal = settings.goal
            let loaded = try catalog.loadValidCatalog(drawingUnknownChartTypes: true)
            let chosen = try all ? loaded.catalog.activeScreensInOrder
                : screens.map { try ScreenLookup.screen(named: $0, in: loaded.catalog) }
            let sampleStore = try store.openForReading(asOf: request.asOf)
            let registry = VitalsCLI.screens
            let documents = try sampleStore.readingAsOneSnapshot {
                try chosen.map { screen in
                    try registry.render(ScreenContext(catalog: loaded.catalog, screen: screen, store: sampleStore,
                                                      request: request, profile: profile))
                }
            }
            switch format {
            case .text:
                var out = ""
                for (index, document) in documents.enumerated() {
                    // Two blank lines between screens, as wide as every other line.
                    if index > 0 { out += String(repeating: String(repeating: " ", count: profile.width) + "\n", count: 2) }
                    out += document.lines(width: profile.width).joined(separator: "\n") + "\n"
                }
                try StandardOutput.write(out)
            case .json:
                let json = JSONValue.object([("screens", .array(documents.map(\.json)))])
                try StandardOutput.write(json.text() + "\n")
            }
        }
    }
}
