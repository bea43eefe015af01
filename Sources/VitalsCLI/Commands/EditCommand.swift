import ArgumentParser
import Foundation
import VitalsKit

/// `vitals edit ID VALUE [UNIT]`: corrects one entry in place.
struct EditCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Correct one entry: `vitals edit 412 1.5`, `vitals edit 412 120 g --meal dinner --at 19:30`.",
        discussion: "The new value is checked like `vitals log` checks it. An imported entry is refused unless --force."
    )

    @Argument(help: ArgumentHelp("The entry id.", valueName: "ID"))
    var id: Int64

    @Argument(help: ArgumentHelp("The corrected value.", valueName: "VALUE"))
    var value: String

    @Argument(
        help: ArgumentHelp("The unit of VALUE (default: the series' unit; g or ml for portions).", valueName: "UNIT"))
    var unit: String?

    @Option(
        help: ArgumentHelp(
            "A corrected time (as for vitals log); HH:MM alone keeps the entry's day.", valueName: "TIME"))
    var at: String?

    @Option(
        name: [.customLong("meal"), .customLong("tag")], help: ArgumentHelp("A corrected meal slot.", valueName: "SLOT")
    )
    var meal: String?

    @Flag(help: "Edit an imported entry too (a later re-import brings the original back beside it).")
    var force = false

    @OptionGroup var units: UnitOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var catalog: CatalogOptions

    func run(with extensions: Extensions) throws {
        try reportingErrors {
            let catalog = try self.catalog.loadValidCatalog(extensions).catalog
            try store.writing(extensions.storeBackends) { database in
                guard let entry = try database.entry(id: id) else {
                    throw CommandError(
                        "no entry \(id)", hints: ["vitals entries --day DATE lists entries with their ids"])
                }
                if entry.isImported && !force { throw EntryListing.importedWarning(entry, verb: "editing") }
                let old = entry.sample
                var typed = value
                var typedUnit = unit
                if let category = catalog.portions.category(series: old.seriesID),
                    let amount = try PortionLogging.amount(typed: value, unit: unit, for: category)
                {
                    typed = "\(amount.value)"
                    typedUnit = category.unit.rawValue
                }
                let slot = try meal.map { try MealSlotNames.resolve($0, in: catalog.portions).id } ?? old.tag
                // A clock time alone stays on the entry's day (the day `vitals entries --day` lists it under).
                let time = try at.map {
                    try TimeParser().parse(
                        $0, withinDayOf: old.start, utcOffsetSeconds: old.utcOffsetSeconds,
                        cutoffMinutes: catalog.portions.dayCutoffMinutes)
                }
                var sample = try SampleValidator(catalog: catalog, unitSystem: try units.unitSystem()).sample(
                    from: SampleInput(
                        seriesID: old.seriesID, subjectID: old.subjectID, value: typed, unit: typedUnit,
                        time: TimeParser.format(
                            time?.date ?? old.start, utcOffsetSeconds: time?.utcOffsetSeconds ?? old.utcOffsetSeconds),
                        category: old.category, tag: slot, note: old.note, source: old.source))
                // A span (a sleep stage) keeps its length.
                sample.end = old.end.addingTimeInterval(sample.start.timeIntervalSince(old.start))
                sample.metadata = old.metadata
                try database.replaceEntry(id: id, with: sample)
                try say("was " + EntryListing.line(entry, catalog: catalog).trimmingCharacters(in: .whitespaces))
                try say(
                    "now "
                        + EntryListing.line(StoredEntry(id: id, sample: sample), catalog: catalog).trimmingCharacters(
                            in: .whitespaces))
            }
        }
    }
}
