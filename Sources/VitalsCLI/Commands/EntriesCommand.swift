import ArgumentParser
import Foundation
import VitalsKit

/// `vitals entries`: what was logged, with the ids `delete` and `edit` take.
struct EntriesCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "entries",
        abstract: "List logged entries with their ids, e.g. `vitals entries --day 2026-11-20 --series vegetables`.",
        discussion:
            "A day is the DragonHealth day: from the first meal slot's time (04:00) to the same time the next morning.")

    @Option(
        help: ArgumentHelp(
            "The day, YYYY-MM-DD or today (default: today; before 04:00 that is still yesterday).", valueName: "DATE"))
    var day: String?

    @Option(help: ArgumentHelp("Only this series.", valueName: "S"))
    var series: String?

    @OptionGroup var subjectOption: SubjectOption
    var subject: String { subjectOption.id }

    @OptionGroup var store: StoreOptions
    @OptionGroup var catalog: CatalogOptions

    func run(with extensions: Extensions) throws {
        try reportingErrors {
            let loaded = try catalog.loadValidCatalog(
                extensions, demoData: store.holdsDemoData(extensions.storeBackends))
            let validator = SampleValidator(catalog: loaded.catalog)
            _ = try validator.subject(subject)
            if let series { _ = try validator.series(series) }
            // The day as Today and History count it (the day_cutoff setting, else the first slot).
            let book = loaded.catalog.portions.withDayCutoff(try RunSettings.resolve().dayCutoffMinutes)
            let cutoff = book.dayCutoffMinutes
            let date =
                try (day == "today" ? nil : parseDate(day, option: "--day"))
                ?? DayLedger(book: book).day(
                    ofLocalStart: Int64(Date().timeIntervalSince1970) + Int64(TimeZone.current.secondsFromGMT()))
            let from = Int64(date.dayNumber) * 86_400 + Int64(cutoff * 60)
            // Entries are what was logged into a database: the embedded demo data has none.
            guard try store.location(extensions.storeBackends).exists else {
                printError(
                    "vitals: no entries: no database at \(Sanitize.inline(try store.location(extensions.storeBackends).path))"
                )
                return
            }
            let found = try store.openForReading(extensions.storeBackends).entries(
                series: series, subject: subject, localFrom: from, localTo: from + 86_400)
            guard !found.isEmpty else {
                printError("vitals: no entries for \(subject) on \(date)\(series.map { " in \($0)" } ?? "")")
                return
            }
            for entry in found { try say(EntryListing.line(entry, catalog: loaded.catalog)) }
        }
    }
}
