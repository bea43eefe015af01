import ArgumentParser
import Foundation
import VitalsKit

/// `vitals undo`: removes what the last `vitals log` wrote.
struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Remove the entries of the last `vitals log` (a mixed dish's categories together).",
        discussion: "Only entries logged by hand are undone; imported ones never are.")

    @OptionGroup var subjectOption: SubjectOption
    var subject: String { subjectOption.id }

    @OptionGroup var store: StoreOptions
    @OptionGroup var catalog: CatalogOptions

    func run() throws {
        try reportingErrors {
            let loaded = try catalog.loadValidCatalog()
            _ = try SampleValidator(catalog: loaded.catalog).subject(subject)
            try store.writing { database in
                let last = try database.lastLogged(subject: subject)
                guard !last.isEmpty else { throw CommandError("nothing to undo: \(subject) has no logged entries") }
                try database.deleteEntries(last.map(\.id))
                for entry in last { print("removed " + EntryListing.line(entry, catalog: loaded.catalog).trimmingCharacters(in: .whitespaces)) }
            }
        }
    }
}
