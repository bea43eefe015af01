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

    @Option(name: .customLong("as-of"), help: ArgumentHelp("The last day shown, YYYY-MM-DD (default: today).", valueName: "DATE"))
    var asOf: String?

    @Option(help: ArgumentHelp("Replace every metric's range: 7d, 30d, 12w, 6m, 1y or all.", valueName: "RANGE"))
    var range: String?

    @Option(help: "Output format: text or json.")
    var format: RenderFormat = .text

    @OptionGroup var render: RenderOptions
    @OptionGroup var units: UnitOptions
    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var store: StoreOptions

    enum RenderFormat: String, ExpressibleByArgument { case text, json }

    func validate() throws {
        if all && !screens.isEmpty { throw ValidationError("give screen names or --all, not both") }
        if !all && screens.isEmpty { throw ValidationError("name a screen (vitals render protein) or use --all; vitals tree lists them") }
    }

    func run() throws {
        try reportingUserErrors {
            let profile = try render.profile()
            let request = ScreenRequest(asOf: try parseDate(asOf, option: "--as-of") ?? LocalDate.today(),
                                        range: try parseRange(range), unitSystem: try units.chosenUnitSystem(),
                                        showChildren: children)
            let loaded = try catalog.loadValidCatalog()
            let chosen = try all ? loaded.catalog.activeScreensInOrder : screens.map { name in
                guard let screen = loaded.catalog.screen(named: name) else {
                    throw ScreenLookup.unknownScreen(name, in: loaded.catalog)
                }
                return screen
            }
            let sampleStore = try store.openForReading(asOf: request.asOf)
            let registry = BuiltInScreenModules.registry
            let documents = try chosen.map { screen in
                try registry.render(ScreenContext(catalog: loaded.catalog, screen: screen, store: sampleStore,
                                                  request: request, profile: profile))
            }
            switch format {
            case .text:
                var out = ""
                for (index, document) in documents.enumerated() {
                    if index > 0 { out += "\n\n" }
                    out += document.lines(width: profile.width).joined(separator: "\n") + "\n"
                }
                FileHandle.standardOutput.write(Data(out.utf8))
            case .json:
                let json = JSONValue.object([("screens", .array(documents.map(\.json)))])
                FileHandle.standardOutput.write(Data((json.text() + "\n").utf8))
            }
        }
    }
}
