import ArgumentParser
import Foundation
import VitalsKit

/// `vitals delete ID`: removes one entry.
struct DeleteCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete one entry by its id (vitals entries shows ids).",
        discussion: "An imported entry is refused unless --force: importing the same file again would restore it.")

    @Argument(help: ArgumentHelp("The entry id.", valueName: "ID"))
    var id: Int64

    @Flag(help: "Delete an imported entry too (a later re-import restores it).")
    var force = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var catalog: CatalogOptions

    func run(with extensions: Extensions) throws {
        try reportingErrors {
            let loaded = try catalog.loadValidCatalog(extensions)
            try store.writing(extensions.storeBackends) { database in
                guard let entry = try database.entry(id: id) else {
                    throw CommandError(
                        "no entry \(id)", hints: ["vitals entries --day DATE lists entries with their ids"])
                }
                if entry.isImported && !force { throw EntryListing.importedWarning(entry, verb: "deleting") }
                try database.deleteEntries([id])
                try say(
                    "deleted " + EntryListing.line(entry, catalog: loaded.catalog).trimmingCharacters(in: .whitespaces))
            }
        }
    }
}
