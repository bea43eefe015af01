import ArgumentParser
import Foundation
import VitalsKit

/// `vitals undo`: removes what the last `vitals log` wrote.
struct UndoCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Remove the entries of the last `vitals log` (a mixed dish's categories together).",
        discussion: "Only entries logged by hand are undone; imported ones never are.")

    @OptionGroup var subjectOption: SubjectOption
    var subject: String { subjectOption.id }

    @OptionGroup var store: StoreOptions
    @OptionGroup var catalog: CatalogOptions

    func run(with extensions: Extensions) throws {
        try reportingErrors {
            let loaded = try catalog.loadValidCatalog(
                extensions, demoData: store.writesDemoData(extensions.storeBackends))
            _ = try SampleValidator(catalog: loaded.catalog).subject(subject)
            let nothingToUndo = CommandError("nothing to undo: \(subject) has no logged entries")
            // Looked at read-only first: an undo with nothing to undo leaves the file byte for
            // byte as it was (opening it for writing would switch its journal, move its counter).
            let location = try store.location(extensions.storeBackends)
            if !location.isURL {
                guard location.exists else { throw nothingToUndo }
                if let reader = try? SampleStore.openForReading(path: location.path) {
                    defer { try? reader.close() }
                    if try reader.lastLogged(subject: subject).isEmpty { throw nothingToUndo }
                }
            }
            try store.writing(extensions.storeBackends) { database in
                let last = try database.lastLogged(subject: subject)
                guard !last.isEmpty else { throw nothingToUndo }
                try database.deleteEntries(last.map(\.id))
                for entry in last {
                    try say(
                        "removed "
                            + EntryListing.line(entry, catalog: loaded.catalog).trimmingCharacters(in: .whitespaces))
                }
            }
        }
    }
}
