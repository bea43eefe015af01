import ArgumentParser
import Foundation
import VitalsKit

/// `vitals milestone`: mark a subject's health milestones (vaccinations, dewormings) done.
struct MilestoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "milestone",
        abstract: "Mark milestones done, undo them, or list them.",
        subcommands: [Done.self, Undo.self, List.self])

    struct Done: VitalsCommand {
        static let configuration = CommandConfiguration(
            commandName: "done",
            abstract: "Mark a milestone done, e.g. `vitals milestone done vaccinatie_12 --subject ollie`.")

        @Argument(help: ArgumentHelp("The milestone id from the screen's config (vaccinatie_12 …).", valueName: "ID"))
        var id: String

        @OptionGroup var subjectOption: SubjectOption
        var subject: String { subjectOption.id }

        @Option(help: ArgumentHelp("The day it was done, YYYY-MM-DD (default: today).", valueName: "DATE"))
        var on: String?

        @Option(help: ArgumentHelp("A free-text note.", valueName: "TEXT"))
        var note: String?

        @OptionGroup var store: StoreOptions
        @OptionGroup var catalog: CatalogOptions

        func run(with extensions: Extensions) throws {
            try reportingErrors {
                let loaded = try catalog.loadValidCatalog(
                    extensions, demoData: store.writesDemoData(extensions.storeBackends))
                let subject = try SampleValidator(catalog: loaded.catalog).subject(self.subject)
                let id = id.trimmingCharacters(in: .whitespaces)
                guard !id.isEmpty,
                    id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") })
                else {
                    throw CommandError(
                        "milestone ids are letters, digits and underscores, got '\(Sanitize.inline(id))'")
                }
                try MilestoneValidation.check(id, subjectID: subject.id, in: loaded.catalog)
                let day = try parseDate(on, option: "--on") ?? LocalDate.today()
                guard day <= LocalDate.today().adding(days: 1) else {
                    throw CommandError("\(day) is in the future")
                }
                try store.writing(extensions.storeBackends) {
                    try $0.markMilestone(
                        MilestoneRecord(
                            subjectID: subject.id, milestoneID: id, doneOn: day,
                            note: note.map(Sanitize.inline)))
                }
                try say("marked \(Sanitize.inline(id)) done for \(subject.id) on \(day)")
            }
        }
    }

    struct Undo: VitalsCommand {
        static let configuration = CommandConfiguration(
            commandName: "undo", abstract: "Forget that a milestone was done.")

        @Argument(help: ArgumentHelp("The milestone id.", valueName: "ID"))
        var id: String

        @OptionGroup var subjectOption: SubjectOption
        var subject: String { subjectOption.id }

        @OptionGroup var store: StoreOptions
        @OptionGroup var catalog: CatalogOptions

        func run(with extensions: Extensions) throws {
            try reportingErrors {
                let loaded = try catalog.loadValidCatalog(
                    extensions, demoData: store.writesDemoData(extensions.storeBackends))
                _ = try SampleValidator(catalog: loaded.catalog).subject(subject)
                guard try store.location(extensions.storeBackends).exists else {
                    throw CommandError("\(id) was not marked done for \(subject)")
                }
                let removed = try store.writing(extensions.storeBackends) {
                    try $0.unmarkMilestone(subject: subject, milestone: id)
                }
                guard removed else { throw CommandError("\(id) was not marked done for \(subject)") }
                try say("unmarked \(Sanitize.inline(id)) for \(Sanitize.inline(subject))")
            }
        }
    }

    struct List: VitalsCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the milestones marked done.")

        @OptionGroup var subjectOption: SubjectOption
        var subject: String { subjectOption.id }

        @OptionGroup var store: StoreOptions
        @OptionGroup var catalog: CatalogOptions

        func run(with extensions: Extensions) throws {
            try reportingErrors {
                let loaded = try catalog.loadValidCatalog(
                    extensions, demoData: store.holdsDemoData(extensions.storeBackends))
                _ = try SampleValidator(catalog: loaded.catalog).subject(subject)
                for record in try store.openForReading(extensions.storeBackends).milestones(subject: subject) {
                    try say(
                        "\(record.doneOn)  \(Sanitize.inline(record.milestoneID))"
                            + (record.note.map { "  \(Sanitize.inline($0))" } ?? ""))
                }
            }
        }
    }
}
