import Foundation
import GRDB
import VitalsKit

/// How far an Apple Health import has got, for a progress bar.
package struct AppleHealthImportProgress: Sendable {
    /// XML bytes read (uncompressed) and the total.
    package var bytesRead: Int64
    package var totalBytes: Int64
    /// Samples read so far (new, present or skipped).
    package var samples: Int
    /// Seconds since the import started.
    package var elapsed: TimeInterval
}

/// Imports an Apple Health export (zip, XML or folder) into the sample store.
///
/// The whole import is one write transaction: a truncated or corrupted export, or an import
/// killed half-way (Ctrl-C, `kill`), leaves the database exactly as it was, and running the
/// import again completes it. A re-import, or a newer export overlapping an older one, adds only
/// samples whose natural key (series, subject, start, end, value, category, tag, source) is new.
/// A first import into an empty store runs under a rollback journal rather than the WAL
/// (`SampleStore.withBulkLoadJournal`): its pages are written once.
package struct AppleHealthImporter: Sendable {
    package var mapping: HealthSampleMapping
    package var subjectID: String

    /// An importer that maps types through the catalog's series (`healthkit:`).
    package init(catalog: Catalog, subjectID: String = "me") {
        mapping = HealthSampleMapping(series: catalog.series, subjectKind: catalog.subject(subjectID)?.kind ?? .human)
        self.subjectID = subjectID
    }

    /// An importer with an explicit mapping (tests).
    package init(mapping: HealthSampleMapping, subjectID: String = "me") {
        self.mapping = mapping
        self.subjectID = subjectID
    }

    /// Imports the export at `path` into `store`; throws `HealthExportError` for bad input.
    ///
    /// Reading and mapping run on a thread of their own and hand rows to the database writer in
    /// small batches (at most a few thousand rows wait), so the two overlap and memory stays
    /// flat. `progress` is called on that thread after each chunk of the file (about 256 KiB).
    package func importExport(
        at path: String, into store: SampleStore,
        progress: (@Sendable (AppleHealthImportProgress) -> Void)? = nil
    ) throws
        -> AppleHealthImportReport
    {
        let started = Date()
        let reader = try HealthExportReader.open(path)
        var report = try store.withBulkLoadJournal { rollbackJournal in
            var written = try store.inTransaction { store -> AppleHealthImportReport in
                try store.bulkInserting {
                    try insertRows(from: reader, into: store, started: started, progress: progress).report
                }
            }
            written.rollbackJournal = rollbackJournal
            return written
        }
        report.source = reader.source
        report.elapsed = Date().timeIntervalSince(started)
        return report
    }

    /// Reads the export on a thread of its own and inserts its rows here, in `db`'s transaction;
    /// returns the report and the counts per series and source (for the seam's receipt).
    func insertRows(
        from reader: HealthExportReader, into db: StoreDatabase, started: Date,
        progress: (@Sendable (AppleHealthImportProgress) -> Void)?
    ) throws
        -> (report: AppleHealthImportReport, lines: [ImportReceipt.Line: ImportReceipt.Counts])
    {
        let mapping = self.mapping
        let subjectID = self.subjectID
        let writer = try SampleRowWriter(db: db, subjectID: subjectID)
        let channel = BoundedChannel<HealthRowBatch>()
        let outcome = ReadOutcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            defer { done.signal() }
            let samplesRead = SampleCount()
            var mapper = HealthRowMapper(mapping: mapping, subjectID: subjectID, recycle: channel.takeSpare) {
                try channel.send($0)
                samplesRead.value = $1
            }
            do {
                let statistics = try reader.read(into: &mapper) { read in
                    progress?(
                        AppleHealthImportProgress(
                            bytesRead: read.bytesRead, totalBytes: read.totalBytes, samples: samplesRead.value,
                            elapsed: Date().timeIntervalSince(started)))
                }
                try mapper.flush()
                outcome.report = mapper.report
                outcome.typeNames = mapper.typeNames
                outcome.statistics = statistics
                channel.finish(nil)
            } catch {
                channel.finish(error)
            }
        }
        thread.start()
        var counts: [AppleHealthImportReport.Counts] = []
        var lines = LineCounts()
        do {
            while true {
                guard let batch = try channel.receive() else { break }
                try writer.insert(batch) { row, outcome, change in
                    let type = Int(row.pointee.type)
                    while counts.count <= type { counts.append(.init()) }
                    switch outcome {
                    case .new: counts[type].new += change
                    case .present: counts[type].present += change
                    case .repeated: counts[type].repeated += change
                    }
                    lines.count(row, outcome, change)
                }
                channel.giveBack(consume batch)
            }
        } catch {
            channel.cancel()
            done.wait()
            throw error
        }
        done.wait()
        var report = outcome.report
        for (index, written) in counts.enumerated() {
            let type = outcome.typeNames[index]
            report.byType[type, default: .init()].new += written.new
            report.byType[type, default: .init()].present += written.present
            report.byType[type, default: .init()].repeated += written.repeated
        }
        report.statistics = outcome.statistics
        return (report, lines.byLine)
    }
}

/// Counts per series and source, on the writer's thread: rows come grouped by type and source,
/// and their strings are shared, so the last line is found again by a comparison of two strings
/// of one storage each (no hashing per row).
private struct LineCounts {
    private var lines: [ImportReceipt.Line] = []
    private var counts: [ImportReceipt.Counts] = []
    private var index: [ImportReceipt.Line: Int] = [:]
    private var last = -1

    mutating func count(_ row: UnsafePointer<HealthSampleRow>, _ outcome: SampleInsertOutcome, _ change: Int) {
        if last < 0 || lines[last].seriesID != row.pointee.seriesID || lines[last].source != row.pointee.source {
            let line = ImportReceipt.Line(seriesID: row.pointee.seriesID, source: row.pointee.source)
            if let known = index[line] {
                last = known
            } else {
                last = lines.count
                index[line] = last
                lines.append(line)
                counts.append(.init())
            }
        }
        counts[last].count(outcome, change)
    }

    var byLine: [ImportReceipt.Line: ImportReceipt.Counts] {
        Dictionary(uniqueKeysWithValues: zip(lines, counts))
    }
}

/// Samples read so far, as of the last batch sent: for the progress bar, on the reading thread.
private final class SampleCount: @unchecked Sendable {
    var value = 0
}

/// What the reading thread leaves for the writer once it is done (read after the join).
private final class ReadOutcome: @unchecked Sendable {
    var report = AppleHealthImportReport()
    var statistics = HealthScanStatistics()
    var typeNames: [String] = []
}
