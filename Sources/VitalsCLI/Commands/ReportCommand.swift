import ArgumentParser
import Foundation
import VitalsKit
import VitalsReports
import VitalsScreens

/// `vitals report`: screens over a period as one self-contained HTML page or a PDF.
struct ReportCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract:
            "Screens over a period as an HTML page or a PDF, e.g. `vitals report --all --range 12w -o report.pdf`.",
        discussion: """
            The same screens as `render`, every chart drawn as SVG with the numbers behind it, in one \
            HTML file with nothing outside it. `adherence` names the whole-day adherence report \
            (streaks, categories, body trends). A PDF (-o FILE.pdf) is printed by headless Chromium \
            (Debian package: chromium); without it the command says so and exits 2. Without -o the \
            HTML is written to standard output.
            """)

    @Argument(help: ArgumentHelp("Screens to include: id or alias, or `adherence`.", valueName: "SCREEN"))
    var screens: [String] = []

    @Flag(help: "Include every active screen, in pillar order.")
    var all = false

    @OptionGroup var view: ViewOptions

    @Option(
        help: ArgumentHelp("The first day of the period, YYYY-MM-DD (with --to; replaces --range).", valueName: "DATE"))
    var from: String?

    @Option(
        help: ArgumentHelp("The last day of the period, YYYY-MM-DD (default: --as-of, else today).", valueName: "DATE"))
    var to: String?

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp("Write to FILE: .html or .pdf (default, or -: HTML on standard output).", valueName: "FILE"))
    var output: String?

    @Option(help: ArgumentHelp("Paper for printing: a4 or letter.", valueName: "SIZE"))
    var paper: Paper = .a4

    @Flag(help: "Include every child metric under its parent, as `render --children` does.")
    var children = false

    @Flag(help: "Remove names of people and devices, sources and notes, for sharing.")
    var redact = false

    @Flag(
        name: .customLong("shift-dates"),
        help: "Write dates as \"day 1\", \"day 2\" … from the period's first day (with or without --redact).")
    var shiftDates = false

    @OptionGroup var units: UnitOptions
    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var store: StoreOptions

    enum Paper: String, CaseIterable, ExpressibleByArgument { case a4, letter }

    enum Format { case html, pdf }

    func validate() throws {
        if all && !screens.isEmpty { throw ValidationError("give screen names or --all, not both") }
        if !all && screens.isEmpty {
            throw ValidationError(
                "name a screen (vitals report protein), `adherence`, or use --all; vitals tree lists them")
        }
        if from != nil && view.range != nil { throw ValidationError("give --from/--to or --range, not both") }
        if to != nil && view.asOf != nil { throw ValidationError("give --to or --as-of, not both") }
        if to != nil && from == nil { throw ValidationError("--to needs --from (or use --as-of with --range)") }
    }

    /// The file format from `-o`'s extension.
    func format() throws -> Format {
        guard let output, output != "-" else { return .html }
        switch URL(fileURLWithPath: output).pathExtension.lowercased() {
        case "html", "htm": return .html
        case "pdf": return .pdf
        default:
            throw CommandError("-o expects a file ending in .html or .pdf, got '\(Sanitize.inline(output))'", .usage)
        }
    }

    func period() throws -> ReportPeriod {
        if let fromText = from, let first = try parseDate(fromText, option: "--from") {
            let last = try parseDate(to, option: "--to") ?? LocalDate.today()
            guard first <= last else {
                throw CommandError("--from \(first) is after --to \(last)", .usage)
            }
            return ReportPeriod(from: first, to: last)
        }
        return ReportPeriod(asOf: try view.asOfDate(), range: try view.timeRange())
    }

    func run(with extensions: Extensions) throws {
        try reportingErrors {
            let format = try format()
            let period = try period()
            // Find the engine before any work: a missing Chromium is said at once.
            let printer = format == .pdf ? try PDFPrinter.find() : nil
            let settings = try RunSettings.resolve()
            var request = ScreenRequest(
                asOf: period.asOf, range: period.range, unitSystem: try units.chosenUnitSystem(),
                showChildren: children, weighIn: settings.weighIn,
                dayCutoffMinutes: settings.dayCutoffMinutes)
            request.goals = settings.goals
            let loaded = try catalog.loadValidCatalog(
                extensions, drawingUnknownChartTypes: true, demoData: store.holdsDemoData(extensions.storeBackends))
            let sampleStore = try store.openForReading(extensions.storeBackends, asOf: request.asOf)
            let profile = RenderProfile(width: 80)
            var wantsAdherence = false
            let chosen: [DisplayScreen] =
                try all
                ? loaded.catalog.activeScreensInOrder
                : screens.compactMap { name in
                    if name.lowercased() == "adherence" {
                        wantsAdherence = true
                        return nil
                    }
                    return try ScreenLookup.screen(named: name, in: loaded.catalog)
                }
            // A shared copy is composed from a catalog whose subjects are renamed, under a
            // disclosure that withholds sources and shifts dates where they are written.
            let shared = SharedCopy(withholdsPersonal: redact, shiftsDates: shiftDates, period: period)
            let catalog = shared.catalog(loaded.catalog)
            let registry = extensions.screens
            // `--all` covers the screens with data in the period; the others are named once.
            var leftOut: [String] = []
            func compose() throws -> [ScreenDocument] {
                var documents: [ScreenDocument] = []
                leftOut = []
                try sampleStore.readingAsOneSnapshot {
                    if wantsAdherence {
                        documents += try AdherenceReport(
                            catalog: catalog, store: sampleStore, request: request,
                            period: period, profile: profile
                        ).documents(registry: registry)
                    }
                    documents += try chosen.compactMap { chosen in
                        let screen = catalog.screen(chosen.id) ?? chosen
                        let document = try registry.render(
                            ScreenContext(
                                catalog: catalog, screen: screen, store: sampleStore,
                                request: request, profile: profile,
                                chartKinds: extensions.chartKinds))
                        if all, Self.showsNoData(document) {
                            leftOut.append(screen.name)
                            return nil
                        }
                        return document
                    }
                }
                return documents
            }
            // Day 1 is the period's first day, else the earliest date the screens show.
            var dayOne = period.firstDay
            if shiftDates && dayOne == nil {
                dayOne = shared.dayOne(
                    in: try Disclosure.$current.withValue(Disclosure(withholdsPersonal: redact)) { try compose() })
            }
            let aliases = shared.subjectAliases(loaded.catalog)
            let (html, count) = try Disclosure.$current.withValue(shared.disclosure(dayOne: dayOne)) {
                let documents = try compose().map { shared.apply($0, subjectAliases: aliases) }
                // The page speaks the screens' language when they share one (a Dutch screen
                // alone), else English; each screen's section keeps its own.
                let languages = Set(documents.map(\.language))
                let language = languages.count == 1 ? languages.first ?? "en" : "en"
                let html = Words.speaking(loaded.catalog.words(for: language)) {
                    let title =
                        wantsAdherence && chosen.isEmpty
                        ? Words.text("report.title_adherence")
                        : documents.count == 1 ? documents[0].name : Words.text("report.title")
                    let page = ReportPage(
                        title: title, period: period.text, asOf: period.asOfText,
                        language: language, paper: paper == .a4 ? .a4 : .letter, notice: shared.notice)
                    return page.html(documents, output: HTMLOutput(size: ChartSize(profile: profile)))
                }
                return (html, documents.count)
            }
            if !leftOut.isEmpty {
                printError(
                    "vitals: left out \(leftOut.count) screen\(leftOut.count == 1 ? "" : "s") without data in the period: "
                        + leftOut.map { Sanitize.inline($0) }.joined(separator: ", "))
            }
            guard let output = self.output, output != "-" else {
                try StandardOutput.write(html, as: .html)
                return
            }
            let destination = URL(fileURLWithPath: output)
            switch format {
            case .html: try ReportFile.write(Data(html.utf8), to: destination)
            case .pdf:
                do {
                    try printer?.print(html: html, to: destination, hidingPrintDate: shiftDates)
                } catch PDFError.interrupted(let signal) {
                    printError("vitals: error: " + PDFError.interrupted(signal: signal).message)
                    Self.end(by: signal)
                }
            }
            printError("wrote \(Sanitize.inline(output)) (\(count) screen\(count == 1 ? "" : "s"), \(period.text))")
        }
    }

    /// Whether a drawn screen has nothing in its period: it says so (an empty block) and no
    /// chart of it shows data (each chart drawn has its own empty note).
    static func showsNoData(_ document: ScreenDocument) -> Bool {
        let empty = Set(document.blocks.filter { $0.kind == .empty }.map { $0.metricID ?? "" })
        guard !empty.isEmpty else { return false }
        return document.blocks.allSatisfy { $0.kind != .chart || empty.contains($0.metricID ?? "") }
    }

    /// Ends vitals by `signal` (its default action), as if Chromium had not been running.
    static func end(by signal: Int32) -> Never {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
        raise(signal)
        Foundation.exit(128 + signal)
    }
}
