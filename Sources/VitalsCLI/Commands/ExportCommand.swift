import ArgumentParser
import Foundation
import VitalsImport
import VitalsKit
import VitalsScaffold

/// `vitals export`: samples as CSV or JSON on stdout (or into a file).
struct ExportCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Write samples as CSV or JSON: your data, in the base unit of each series; or the catalog for an app (`export catalog`).",
        discussion: """
            CSV output reads back with `vitals import csv FILE` unchanged. JSON without --series also lists the milestones marked done. \
            `vitals export catalog --format json|swift|schema` writes the catalog's screens (with their former ids), metrics, pillars and chart kinds \
            as an app needs them: a versioned JSON document, its JSON Schema, or a Swift file of enums an app's router compiles against.
            """)

    @Argument(help: ArgumentHelp("csv or json (samples), or catalog.", valueName: "FORMAT"))
    var format: String

    @Option(
        name: .customLong("format"),
        help: ArgumentHelp("With `export catalog`: json, swift or schema.", valueName: "KIND"))
    var catalogFormat: String?

    @Option(help: ArgumentHelp("Only this series.", valueName: "SERIES"))
    var series: String?

    @Option(help: ArgumentHelp("Only this subject.", valueName: "ID"))
    var subject: String?

    @Option(help: ArgumentHelp("First local day, YYYY-MM-DD.", valueName: "DATE"))
    var from: String?

    @Option(help: ArgumentHelp("Last local day, YYYY-MM-DD.", valueName: "DATE"))
    var to: String?

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Write to this file instead of standard output (- is standard output).", valueName: "FILE"))
    var output: String?

    @OptionGroup var store: StoreOptions
    @OptionGroup var catalog: CatalogOptions

    func run(with extensions: Extensions) throws {
        try reportingErrors {
            if format.lowercased() == "catalog" { return try exportCatalog(extensions) }
            if catalogFormat != nil {
                throw CommandError("--format is for `vitals export catalog`; samples are csv or json", .usage)
            }
            guard let format = SampleExporter.Format(rawValue: format.lowercased()) else {
                throw CommandError(
                    "unknown export format '\(Sanitize.inline(self.format))': use csv, json or catalog", .usage)
            }
            let filter = SampleExporter.Filter(
                series: series, subject: subject,
                from: try parseDate(from, option: "--from"), to: try parseDate(to, option: "--to"))
            let loaded = try? catalog.load(extensions: extensions).withDemoSubjects(
                store.holdsDemoData(extensions.storeBackends))
            if let subject, let catalog = loaded?.catalog { _ = try SampleValidator(catalog: catalog).subject(subject) }
            if let series, let catalog = loaded?.catalog { _ = try SampleValidator(catalog: catalog).series(series) }
            let sampleStore = try store.openForReading(extensions.storeBackends)
            let samples = try SampleExporter.samples(in: sampleStore, filter: filter)
            // Milestones go with a JSON export of everything (no series filter).
            var milestones: [MilestoneRecord] = []
            if format == .json && series == nil {
                let subjects = subject.map { [$0] } ?? (loaded?.catalog.subjects.map(\.id) ?? ["me"])
                milestones = try subjects.flatMap { try sampleStore.milestones(subject: $0) }
            }
            let text = SampleExporter.render(samples, as: format, catalog: loaded?.catalog, milestones: milestones)
            if let output, output != "-" {
                // Atomically, 0600 for a new file, an existing file's mode kept; a failed write
                // leaves the old file as it was.
                try PrivateFile.write(Array(text.utf8), to: output)
                printError("vitals: wrote \(samples.count) samples to \(Sanitize.inline(output))")
            } else {
                try StandardOutput.write(text, as: format == .json ? .json : .text)
            }
        }
    }

    /// `vitals export catalog --format json|swift|schema`: the valid catalog, as an app needs it.
    private func exportCatalog(_ extensions: Extensions) throws {
        guard let kind = catalogFormat?.lowercased(), ["json", "swift", "schema"].contains(kind) else {
            throw CommandError("vitals export catalog needs --format json, swift or schema", .usage)
        }
        if series != nil || subject != nil || from != nil || to != nil {
            throw CommandError("--series, --subject, --from and --to are for samples, not `export catalog`", .usage)
        }
        let text: String
        if kind == "schema" {
            text = CatalogExport.jsonSchema
        } else {
            let loaded = try catalog.loadValidCatalog(extensions)
            guard !loaded.catalog.screens.isEmpty else {
                throw CommandError("the catalog declares no screen; nothing to export", .refused)
            }
            let export = CatalogExport(catalog: loaded.catalog, chartKinds: extensions.chartKinds)
            text = kind == "json" ? export.json.text() + "\n" : export.swift
        }
        if let output, output != "-" {
            try PrivateFile.write(Array(text.utf8), to: output)
            printError("vitals: wrote the catalog (\(kind)) to \(Sanitize.inline(output))")
        } else {
            try StandardOutput.write(text, as: kind == "swift" ? .text : .json)
        }
    }
}
