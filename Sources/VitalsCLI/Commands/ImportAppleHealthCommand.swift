import ArgumentParser
import Foundation
import VitalsImport
import VitalsKit

/// `vitals import apple-health`: a Health app export (zip, XML or folder) into the database.
struct ImportAppleHealthCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "apple-health",
        abstract: "Import an Apple Health export: export.zip, its export.xml, or the unzipped folder.",
        discussion: """
            In the Health app on iPhone: your picture → Export All Health Data, then copy export.zip
            here. The export is streamed (nothing is unpacked to disk) in one transaction: a damaged
            file or an interrupted import leaves the database as it was, and running the import again
            adds only what is not there yet. Types that a series names under `healthkit:` go into that
            series in its base unit; every other type is kept under its HealthKit identifier.
            """)

    @Argument(help: ArgumentHelp("export.zip, export.xml, or the apple_health_export folder.", valueName: "PATH"))
    var path: String

    @Flag(help: "Print nothing but errors: no progress bar, no summary.")
    var quiet = false

    @Flag(name: .customLong("scan-only"), help: .hidden)
    var scanOnly = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var catalog: CatalogOptions

    func run(with extensions: Extensions) throws {
        try reportingErrors {
            do {
                if scanOnly { return try scan() }
                let loaded = try catalog.loadValidCatalog(
                    extensions, demoData: store.writesDemoData(extensions.storeBackends), quiet: quiet)
                let bar = ProgressBar(enabled: !quiet && isatty(STDERR_FILENO) == 1)
                let report: AppleHealthImportReport
                do {
                    report = try store.writing(extensions.storeBackends) { database in
                        try AppleHealthImporter(catalog: loaded.catalog).importExport(at: path, into: database) {
                            bar.update($0)
                        }
                    }
                } catch {
                    bar.clear()
                    throw error
                }
                bar.clear()
                guard !quiet else { return }
                try say("imported \(Sanitize.inline(report.source?.description ?? path))")
                for line in report.summaryLines() { try say(Sanitize.inline(line)) }
            } catch let error as HealthExportError {
                throw CommandError(
                    Sanitize.inline(error.message), hints: error.hints + ["the database was not changed"],
                    ExitReason(error.kind))
            }
        }
    }

    /// Reads the export into a counting sink: the scanner's speed without the database.
    private func scan() throws {
        let started = Date()
        let reader = try HealthExportReader.open(path)
        let (sink, statistics) = try reader.count()
        let seconds = Date().timeIntervalSince(started)
        try say(
            "scanned \(statistics.bytesRead) bytes: \(sink.records) records, \(sink.workouts) workouts, "
                + "\(sink.activitySummaries) activity summaries, \(sink.skips) skipped in "
                + String(format: "%.2f s (%.0f records/s)", seconds, Double(sink.records) / seconds))
    }
}

/// A one-line progress bar on stderr: bytes read of total, samples per second, time left.
///
/// Updated from the import's reading thread only.
private final class ProgressBar: @unchecked Sendable {
    private let enabled: Bool
    private var lastDraw = Date.distantPast

    init(enabled: Bool) { self.enabled = enabled }

    func update(_ progress: AppleHealthImportProgress) {
        guard enabled, Date().timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = Date()
        let fraction = progress.totalBytes > 0 ? min(1, Double(progress.bytesRead) / Double(progress.totalBytes)) : 0
        let width = 24
        let filled = Int(fraction * Double(width))
        let rate = progress.elapsed > 0 ? Double(progress.samples) / progress.elapsed : 0
        let left = fraction > 0.01 ? progress.elapsed * (1 - fraction) / fraction : .nan
        let line =
            "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
            + String(
                format: "%3.0f%%  %@ of %@  %d samples  %.0f/s  %@", fraction * 100,
                megabytes(progress.bytesRead), megabytes(progress.totalBytes), progress.samples, rate,
                left.isNaN ? "" : String(format: "%.0f s left", left))
        StandardError.progress(line)
    }

    func clear() {
        guard enabled else { return }
        StandardError.clearProgress()
    }

    private func megabytes(_ bytes: Int64) -> String { String(format: "%.0f MB", Double(bytes) / 1_000_000) }
}
