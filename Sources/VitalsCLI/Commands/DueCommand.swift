import ArgumentParser
import Foundation
import VitalsInsights
import VitalsKit

/// `vitals due`: what needs doing now (or at `--at`), for a timer to turn into a notification.
struct DueCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "due",
        abstract: "What is due now: milestones, a weigh-in, open targets, spent budgets, e.g. `vitals due --at 20:00`.",
        discussion: """
            Which reminders are on and from when is the settings file's `reminders` (default: \
            weigh_in 10:00, targets 18:00, milestones 7d). With no database yet (a fresh install) \
            nothing is due: the demo data is never a reminder. Exit codes: 0 nothing due, 1 \
            something due (or a refused input), 2 usage error or could not run.
            """)

    @Option(
        help: ArgumentHelp(
            "The moment: HH:MM, YYYY-MM-DDTHH:MM[±HH:MM], yesterday HH:MM (default: now).", valueName: "TIME"))
    var at: String?

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @OptionGroup var subjectOption: SubjectOption
    @OptionGroup var store: StoreOptions
    @OptionGroup var catalog: CatalogOptions

    enum OutputFormat: String, CaseIterable, ExpressibleByArgument { case text, json }

    func run(with extensions: Extensions) throws {
        var items: [DueItem] = []
        try reportingErrors {
            let settings = try RunSettings.resolve()
            // A moment that does not read (`--at 25:61`) is a usage error (2), never exit 1:
            // a timer would show that as something due.
            let moment: TimeParser.Parsed
            do { moment = try TimeParser().parse(at ?? "now") } catch let error as any VitalsError {
                throw CommandError("--at: \(error.message)", hints: error.hints, .usage)
            }
            let localSeconds = Int64(moment.date.timeIntervalSince1970.rounded(.down)) + Int64(moment.utcOffsetSeconds)
            let day = LocalDate(moment.date, utcOffsetSeconds: moment.utcOffsetSeconds)
            // Nothing is due for data nobody logged: with no database at the default path (a
            // fresh install, the demo data only standing in for it) a timer hears nothing and
            // exits 0, where `render` would show the demo.
            let location = try store.location(extensions.storeBackends)
            let standIn = !location.isURL && !location.exists && !location.isChosen
            let loaded = try catalog.loadValidCatalog(
                extensions, demoData: !standIn && store.holdsDemoData(extensions.storeBackends),
                quiet: standIn)
            _ = try SampleValidator(catalog: loaded.catalog).subject(subjectOption.id)
            if standIn {
                if format == .json {
                    try say(
                        JSONValue.object([
                            ("at", .string(TimeParser.format(moment.date, utcOffsetSeconds: moment.utcOffsetSeconds))),
                            ("due", .array([])),
                        ]).text(), as: .json)
                }
                return
            }
            let sampleStore = try store.openForReading(extensions.storeBackends, asOf: day)
            items = try DueReader(
                catalog: loaded.catalog, store: sampleStore, extensions: extensions,
                settings: settings.reminders, dayCutoffMinutes: settings.dayCutoffMinutes
            )
            .items(atLocalSeconds: localSeconds, utcOffsetSeconds: moment.utcOffsetSeconds, subject: subjectOption.id)
            switch format {
            case .json:
                try say(
                    JSONValue.object([
                        ("at", .string(TimeParser.format(moment.date, utcOffsetSeconds: moment.utcOffsetSeconds))),
                        ("due", .array(items.map(\.json))),
                    ]).text(), as: .json)
            case .text:
                for item in items { try say("\(item.subject): \(item.text)") }
            }
        }
        if !items.isEmpty { throw ExitCode(1) }
    }
}
