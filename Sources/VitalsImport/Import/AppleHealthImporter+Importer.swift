import Foundation
import VitalsKit

/// Apple Health on the importer seam: recognised by its XML root (`<HealthData`), or a zip or
/// folder holding `export.xml`. Storing keeps the importer's own path (a reading thread and the
/// writer overlapping, rows in reused batches, twins reconciled), with the receipt counted per
/// series and source on the way.
extension AppleHealthImporter: Importer {
    package static let id = "apple-health"
    package static let name = "Apple Health (export.zip, export.xml or its folder)"

    package static func recognises(_ source: ImportSource) -> Bool {
        if source.isDirectory {
            return source.folderEntries.contains("export.xml") || source.folderEntries.contains("apple_health_export")
        }
        if source.isZip { return source.zipHolds("export.xml") }
        let text = source.headText
        return text.contains("<HealthData") || text.contains("<!DOCTYPE HealthData")
    }

    package init(context: ImportContext) throws {
        self.init(catalog: context.catalog, subjectID: context.subjectID)
    }

    /// The export's rows, one by one, without the store: twins (a record inside a correlation
    /// and its top-level copy) both reach the sink; `store` keeps one of them.
    package func read(_ source: ImportSource, into sink: any ImportSink) throws {
        let reader = try Self.open(source)
        var mapper = HealthRowMapper(mapping: mapping, subjectID: subjectID) { batch, _ in
            for row in batch.rows {
                try sink.add(
                    ImportedSample(
                        seriesID: row.seriesID, start: row.start.utcSeconds, end: row.end.utcSeconds,
                        utcOffset: Int(row.start.offsetSeconds), value: row.value, category: row.category, tag: row.tag,
                        source: row.source,
                        metadata: row.metadata.map { String(decoding: batch.text[$0], as: UTF8.self) }))
            }
        }
        do {
            try reader.read(into: &mapper)
            try mapper.flush()
        } catch let error as HealthExportError {
            throw ImporterError.unreadable(
                file: source.path, reason: error.message, hints: error.hints, kind: error.kind)
        }
        for (reason, count) in mapper.report.skippedReasons { sink.skip(reason, count: count) }
    }

    package func store(_ source: ImportSource, in db: StoreDatabase, subjectID: String) throws -> ImportReceipt {
        var importer = self
        importer.subjectID = subjectID
        let reader = try Self.open(source)
        let (report, lines): (AppleHealthImportReport, [ImportReceipt.Line: ImportReceipt.Counts])
        do {
            (report, lines) = try importer.insertRows(from: reader, into: db, started: Date(), progress: nil)
        } catch let error as HealthExportError {
            throw ImporterError.unreadable(
                file: source.path, reason: error.message, hints: error.hints, kind: error.kind)
        }
        var receipt = ImportReceipt()
        receipt.importer = Self.id
        receipt.file = source.path
        receipt.stored = lines
        receipt.skipped = report.skippedReasons
        receipt.notes = report.noteLines()
        return receipt
    }

    private static func open(_ source: ImportSource) throws -> HealthExportReader {
        do { return try HealthExportReader.open(source.path) } catch let error as HealthExportError {
            throw ImporterError.unreadable(
                file: source.path, reason: error.message, hints: error.hints, kind: error.kind)
        }
    }
}
