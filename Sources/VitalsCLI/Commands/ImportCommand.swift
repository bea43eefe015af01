import ArgumentParser
import Foundation
import VitalsImport
import VitalsKit

/// `vitals import`: the group of importers. `vitals import FILE` is its default subcommand
/// (`ImportFileCommand`); `vitals import csv` and `vitals import apple-health` are the older
/// subcommands, kept as they were.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import samples from a file. Importing the same file twice adds nothing.",
        discussion:
            "vitals import FILE picks the importer by the file's content; vitals import file --help has its options.",
        subcommands: [
            ImportFileCommand.self,
            CSVImportCommand.self,
            ImportAppleHealthCommand.self,
        ],
        defaultSubcommand: ImportFileCommand.self)
}

/// `vitals import FILE`: any export an importer of the run recognises (by content), or the one
/// `--format` names.
struct ImportFileCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "file",
        abstract: "Import any export an importer recognises: vitals import FILE (the word file may be left out).",
        discussion: """
            vitals import FILE picks the importer by the file's content (vitals import --formats \
            lists them); --format names one. The whole import is one transaction, and it prints a \
            receipt: per series and source what was new or already stored, and what was skipped and \
            why. --dry-run prints the same receipt and stores nothing.
            """)

    @Argument(
        help: ArgumentHelp("The export files (a zip, a database, a CSV or JSON file, a folder).", valueName: "FILE"))
    var files: [String] = []

    @Option(
        help: ArgumentHelp(
            "The importer to read the files with (see --formats); default: the one that recognises each.",
            valueName: "NAME"))
    var format: String?

    @Flag(name: .customLong("formats"), help: "List the importers and exit.")
    var listFormats = false

    @Flag(name: .customLong("dry-run"), help: "Print what would be stored, and store nothing.")
    var dryRun = false

    @Option(
        help: ArgumentHelp(
            "Import every file of DIR an importer recognises (Health Auto Export's folder), then each new one as it lands, until Ctrl-C.",
            valueName: "DIR"))
    var watch: String?

    @Option(help: ArgumentHelp("The series of a CSV file without a series column.", valueName: "SERIES"))
    var series: String?

    @Flag(
        name: .customLong("skip-invalid"), help: "Import the good rows of a file with bad ones, listing the bad ones.")
    var skipInvalid = false

    @OptionGroup var subjectOption: SubjectOption
    @OptionGroup var units: UnitOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var catalog: CatalogOptions

    func run(with extensions: Extensions) throws {
        try reportingErrors {
            let importers = extensions.importers
            if listFormats {
                for importer in importers.all { try say(Sanitize.inline("\(importer.id)  \(importer.name)")) }
                return
            }
            if let watch { return try watchFolder(watch, importers: importers, extensions: extensions) }
            guard !files.isEmpty else {
                throw CommandError(
                    "name a file to import: vitals import FILE (vitals import --formats lists the formats)", .usage)
            }
            let chosen: (any Importer.Type)?
            if let format {
                guard let named = importers.named(format) else {
                    throw ImporterError.unknownFormat(format, formats: importers.ids)
                }
                chosen = named
            } else {
                chosen = nil
            }
            // Looked at before the catalog and the database are opened: a file that is missing
            // or of no known kind changes nothing.
            var sources: [(ImportSource, any Importer.Type)] = []
            for file in files {
                let source: ImportSource
                do { source = try ImportSource.peek(file) } catch ImporterError.unreadable(_, _, _, .cannotRun)
                    where !file.contains("/") && !file.contains(".") && file != "-"
                {
                    // `vitals import csb x.csv`: a mistyped subcommand, not a file.
                    throw ValidationError("unknown command or file '\(Sanitize.inline(file))'")
                }
                guard let importer = chosen ?? importers.recognising(source) else {
                    throw ImporterError.unrecognised(file: file, formats: importers.ids)
                }
                sources.append((source, importer))
            }
            let loaded = try catalog.loadValidCatalog(
                extensions, demoData: store.writesDemoData(extensions.storeBackends))
            let subject = subjectOption.id
            let context = ImportContext(
                catalog: loaded.catalog, subjectID: subject, seriesID: series,
                skipInvalid: skipInvalid, unitSystem: try units.unitSystem())
            _ = try SampleValidator(catalog: loaded.catalog).subject(subject)
            for (source, type) in sources {
                let importer = try type.init(context: context)
                let receipt = try run(importer, source: source, subject: subject, extensions: extensions)
                try say(Sanitize.inline("\(type.name): \(source.path)"))
                for line in receipt.lines() { try say(Sanitize.inline(line)) }
            }
        }
    }

    /// `--watch DIR`: each file of the folder an importer recognises, as it lands.
    private func watchFolder(_ directory: String, importers: Importers, extensions: Extensions) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandError("--watch: \(Sanitize.inline(directory)) is not a folder", .cannotRun)
        }
        let loaded = try catalog.loadValidCatalog(extensions, demoData: store.writesDemoData(extensions.storeBackends))
        let subject = subjectOption.id
        let context = ImportContext(
            catalog: loaded.catalog, subjectID: subject, seriesID: series,
            skipInvalid: skipInvalid, unitSystem: try units.unitSystem())
        let chosen = format.flatMap(importers.named)
        func importer(for path: String) -> (ImportSource, any Importer.Type)? {
            guard let source = try? ImportSource.peek(path), let type = chosen ?? importers.recognising(source) else {
                return nil
            }
            return (source, type)
        }
        try ImportWatch(
            directory: directory,
            importFile: { path in
                guard let (source, type) = importer(for: path) else { return [] }
                let receipt = try run(
                    try type.init(context: context), source: source, subject: subject, extensions: extensions)
                return ["\(type.name): \(path)"] + receipt.lines()
            }, recognises: { importer(for: $0) != nil }
        ).run()
    }

    /// The import of one file; a dry run into a database that does not exist yet reads into an
    /// empty store in memory, so it creates no file either.
    private func run(
        _ importer: any Importer, source: ImportSource, subject: String,
        extensions: Extensions
    ) throws -> ImportReceipt {
        if dryRun, let location = try? store.location(extensions.storeBackends), !location.exists {
            return try ImportRunner.run(
                importer, source: source, into: try SampleStore.inMemory(),
                subjectID: subject, dryRun: true)
        }
        return try store.writing(extensions.storeBackends) { database in
            try ImportRunner.run(importer, source: source, into: database, subjectID: subject, dryRun: dryRun)
        }
    }
}
