import ArgumentParser
import Foundation
import VitalsImport
import VitalsKit

/// `vitals import csv`: samples from a CSV file with a header row.
struct CSVImportCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv",
        abstract:
            "Import a CSV file with a header row: start (or date), value, and optionally unit, end, tag, category, note, subject, series.",
        discussion: """
            Dates are ISO 8601 (2026-11-20, 2026-11-20T08:30, 2026-11-20T08:30:00+01:00). By default \
            nothing is imported unless every row is good; each bad row is named by its line number.
            """)

    @Argument(help: ArgumentHelp("The CSV file (- for standard input).", valueName: "FILE"))
    var file: String

    @Option(
        help: ArgumentHelp(
            "The series every row belongs to (unless the file has a series column).", valueName: "SERIES"))
    var series: String?

    @OptionGroup var subjectOption: SubjectOption
    var subject: String { subjectOption.id }

    @Flag(
        name: .customLong("skip-invalid"),
        help: "Import the good rows and list the bad ones instead of importing nothing.")
    var skipInvalid = false

    @OptionGroup var units: UnitOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var catalog: CatalogOptions

    func run(with extensions: Extensions) throws {
        try reportingErrors {
            let text: String
            if file == "-" {
                text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            } else {
                guard let data = FileManager.default.contents(atPath: file) else {
                    throw CommandError("cannot read \(file)", .cannotRun)
                }
                text = String(decoding: data, as: UTF8.self)
            }
            let loaded = try catalog.loadValidCatalog(
                extensions, demoData: store.writesDemoData(extensions.storeBackends))
            let importer = CSVImporter(
                validator: SampleValidator(catalog: loaded.catalog, unitSystem: try units.unitSystem()),
                seriesID: series, subjectID: subject)
            _ = try importer.validator.subject(subject)
            // Checked before the database is opened: a refused file leaves it untouched.
            let rows = try importer.checkedRows(text, skipInvalid: skipInvalid)
            let report = try store.writing(extensions.storeBackends) { try importer.importRows(rows, into: $0) }
            for error in report.skipped { printError("vitals: skipped \(error)") }
            try say("imported \(Sanitize.inline(file)): \(report.summary)")
        }
    }
}
