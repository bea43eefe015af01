import ArgumentParser
import Foundation
import VitalsKit
import VitalsScreens

/// `vitals render`: screens as text (or JSON) in the terminal.
struct RenderCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw metric screens, e.g. `vitals render protein` or `vitals render --all`.",
        // Written out: with more than twelve options ArgumentParser would shorten it to
        // "vitals render [<options>] [<SCREEN> ...]".
        usage:
            "vitals render [<SCREEN> ...] [--all] [--children] [--watch] [--as-of <DATE>] [--range <RANGE>] [--format <format>] [--formats] [--width <N>] [--color <WHEN>] [--ascii] [--units <SYSTEM>] [--catalog <DIR>] [--db <PATH>]",
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

    @Option(
        help: ArgumentHelp(
            "Output format: text, json or one a plug-in adds (--formats lists them).", valueName: "format"),
        completion: .list(["text", "json"]))
    var format = "text"

    @Flag(name: .customLong("formats"), help: "List the output formats and exit.")
    var listFormats = false

    @Flag(help: "Keep drawing: again whenever a catalog file, the settings file or the database changes (Ctrl-C ends).")
    var watch = false

    @OptionGroup var render: RenderOptions
    @OptionGroup var units: UnitOptions
    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var store: StoreOptions

    func validate() throws {
        if listFormats { return }
        if all && !screens.isEmpty { throw ValidationError("give screen names or --all, not both") }
        if !all && screens.isEmpty {
            throw ValidationError("name a screen (vitals render protein) or use --all; vitals tree lists them")
        }
    }

    func run(with extensions: Extensions) throws {
        try reportingErrors {
            if listFormats {
                return try StandardOutput.write(OutputFormatChoice.listing(extensions.outputFormats.screens))
            }
            let chosen = try OutputFormatChoice.screens(format, in: extensions.outputFormats)
            guard watch else {
                return try StandardOutput.write(drawing(extensions, as: chosen), as: chosen.text)
            }
            // Option values first: a bad --range or --width is a usage error, not a frame.
            _ = try render.profile()
            _ = try view.timeRange()
            _ = try view.asOfDate()
            // The demo data's notice once, not at every frame.
            var announced = false
            try RenderWatch(
                draw: { report in
                    defer { announced = true }
                    return try drawing(extensions, as: chosen, report: report, announcingDemo: !announced)
                }, targets: { WatchedFiles.targets(catalog: catalog, store: store, backends: extensions.storeBackends) }
            ).run()
        }
    }

    /// The screens asked for, drawn with `extensions` and written in `format`; catalog
    /// diagnostics go to `report`.
    func drawing(
        _ extensions: Extensions, as format: any ScreenFormat.Type, report: (String) -> Void = { printError($0) },
        announcingDemo: Bool = true
    ) throws -> String {
        let profile = try render.profile()
        let settings = try RunSettings.resolve()
        var request = ScreenRequest(
            asOf: try view.asOfDate(), range: try view.timeRange(),
            unitSystem: try units.chosenUnitSystem(),
            showChildren: children, weighIn: settings.weighIn,
            dayCutoffMinutes: settings.dayCutoffMinutes)
        request.goals = settings.goals
        let loaded = try catalog.loadValidCatalog(
            extensions, drawingUnknownChartTypes: true, demoData: store.holdsDemoData(extensions.storeBackends),
            report: report)
        let chosen =
            try all
            ? loaded.catalog.activeScreensInOrder
            : screens.map { try ScreenLookup.screen(named: $0, in: loaded.catalog) }
        let sampleStore =
            announcingDemo
            ? try store.openForReading(extensions.storeBackends, asOf: request.asOf)
            : try store.location(extensions.storeBackends).openForReading(asOf: request.asOf).store
        defer { if watch { try? sampleStore.close() } }
        let registry = extensions.screens
        let documents = try sampleStore.readingAsOneSnapshot {
            try chosen.map { screen in
                try registry.render(
                    ScreenContext(
                        catalog: loaded.catalog, screen: screen, store: sampleStore,
                        request: request, profile: profile, chartKinds: extensions.chartKinds))
            }
        }
        return format.write(documents, profile: profile)
    }
}
