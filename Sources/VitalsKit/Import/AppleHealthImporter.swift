import Foundation

/// How far an Apple Health import has got, for a progress bar.
public struct AppleHealthImportProgress: Sendable {
    /// XML bytes read (uncompressed) and the total.
    public var bytesRead: Int64
    public var totalBytes: Int64
    /// Samples read so far (new, present or skipped).
    public var samples: Int
    /// Seconds since the import started.
    public var elapsed: TimeInterval
}

/// Imports an Apple Health export (zip, XML or folder) into the sample store.
///
/// The whole import is one write transaction: a truncated or corrupted export, or an import
/// killed half-way (Ctrl-C, `kill`), leaves the database exactly as it was, and running the
/// import again completes it. A re-import, or a newer export overlapping an older one, adds only
/// samples whose natural key (series, subject, start, end, value, category, tag, source) is new.
public struct AppleHealthImporter: Sendable {
    public var mapping: HealthSampleMapping
    public var subjectID: String

    /// An importer that maps types through the catalog's series (`healthkit:`).
    public init(catalog: Catalog, subjectID: String = "me") {
        mapping = HealthSampleMapping(series: catalog.series)
        self.subjectID = subjectID
    }

    /// An importer with an explicit mapping (tests).
    public init(mapping: HealthSampleMapping, subjectID: String = "me") {
        self.mapping = mapping
        self.subjectID = subjectID
    }

    /// Imports the export at `path` into `store`; throws `HealthExportError` for bad input.
    ///
    /// `progress` is called after each chunk of the file (about every 256 KiB).
    public func importExport(at path: String, into store: SampleStore,
                             progress: ((AppleHealthImportProgress) -> Void)? = nil) throws -> AppleHealthImportReport {
        let started = Date()
        let reader = try HealthExportReader.open(path)
        var report = try store.write { db -> AppleHealthImportReport in
            let sink = try StoreSampleSink(db: db, mapping: mapping, subjectID: subjectID)
            var samples = 0
            sink.onSample = { samples = $0 }
            var adapter = sink
            let statistics = try reader.read(into: &adapter) { read in
                progress?(AppleHealthImportProgress(bytesRead: read.bytesRead, totalBytes: read.totalBytes,
                                                    samples: samples, elapsed: Date().timeIntervalSince(started)))
            }
            var report = sink.report
            report.statistics = statistics
            return report
        }
        report.source = reader.source
        report.elapsed = Date().timeIntervalSince(started)
        return report
    }
}
