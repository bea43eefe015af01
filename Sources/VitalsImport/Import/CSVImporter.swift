import Foundation
import VitalsKit

/// Reads a CSV file of samples for one series (or a `series` column) into validated samples.
///
/// The first row is a header (case-insensitive). Columns: a time column named `start`,
/// `date`, `time` or `timestamp` (required; see `TimeParser`), `value` (required for quantity
/// series), and optionally `end`, `unit`, `category`, `tag`, `note`, `subject`, `series`.
/// Unknown columns are an error. Every bad row is reported with its line number.
package struct CSVImporter: Sendable {
    package var validator: SampleValidator
    /// The series when the file has no `series` column (`--series`).
    package var seriesID: String?
    /// The subject when the file has no `subject` column (`--subject`, default `me`).
    package var subjectID: String
    package var source: String

    package init(validator: SampleValidator, seriesID: String?, subjectID: String = "me", source: String = "csv") {
        self.validator = validator
        self.seriesID = seriesID
        self.subjectID = subjectID
        self.source = source
    }

    /// A bad row: its line number and what is wrong.
    package struct RowError: Sendable, Hashable, CustomStringConvertible {
        package var line: Int
        package var message: String
        package var description: String { "line \(line): \(message)" }
    }

    /// What reading the file gave: good samples and bad rows.
    package struct Result: Sendable {
        package var samples: [Sample]
        package var errors: [RowError]
        package var rowCount: Int
    }

    static let timeColumns = ["start", "date", "time", "timestamp", "datetime"]
    static let knownColumns =
        timeColumns + ["end", "value", "unit", "category", "tag", "note", "subject", "series", "source", "utc_offset"]

    /// Parses and validates every row; throws only when the header itself is unusable.
    package func read(_ text: String) throws -> Result {
        var records = CSVReader.records(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        guard !records.isEmpty else { throw ImportError.emptyCSV }
        let header = records.removeFirst().fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        for name in header where !Self.knownColumns.contains(name) {
            throw ImportError.unknownColumn(name, known: Self.knownColumns)
        }
        guard let timeIndex = header.firstIndex(where: Self.timeColumns.contains) else {
            throw ImportError.noTimeColumn(header: header)
        }
        if seriesID == nil && !header.contains("series") {
            throw ImportError.noSeries
        }
        if let seriesID { _ = try validator.series(seriesID) }
        func column(_ name: String) -> Int? { header.firstIndex(of: name) }

        var samples: [Sample] = []
        var errors: [RowError] = []
        for record in records {
            guard record.fields.count == header.count else {
                errors.append(
                    RowError(
                        line: record.line, message: "expected \(header.count) fields, found \(record.fields.count)"))
                continue
            }
            func field(_ name: String) -> String? {
                guard let index = column(name) else { return nil }
                let value = record.fields[index].trimmingCharacters(in: .whitespaces)
                return value.isEmpty ? nil : value
            }
            let input = SampleInput(
                seriesID: field("series") ?? seriesID ?? "", subjectID: field("subject") ?? subjectID,
                value: field("value"), unit: field("unit"),
                time: record.fields[timeIndex].trimmingCharacters(in: .whitespaces), endTime: field("end"),
                category: field("category"), tag: field("tag"), note: field("note"),
                source: field("source") ?? source)
            do {
                if input.time?.isEmpty ?? true { throw ImportError.noTime }
                samples.append(try validator.sample(from: input))
            } catch let error as any VitalsError {
                errors.append(RowError(line: record.line, message: error.message))
            }
        }
        return Result(samples: samples, errors: errors, rowCount: records.count)
    }

    /// Reads `text` and stores it: all rows or none (unless `skipInvalid`); returns the report.
    package func importCSV(_ text: String, into store: SampleStore, skipInvalid: Bool) throws -> ImportReport {
        try importRows(try checkedRows(text, skipInvalid: skipInvalid), into: store)
    }

    /// The rows of `text`, refused (`ImportError.invalidRows`) when some are invalid and
    /// `skipInvalid` is false: done before the database is opened, so a refused file leaves
    /// the database byte for byte as it was.
    package func checkedRows(_ text: String, skipInvalid: Bool) throws -> Result {
        let result = try read(text)
        if !result.errors.isEmpty && !skipInvalid {
            throw ImportError.invalidRows(errors: result.errors, rowCount: result.rowCount)
        }
        return result
    }

    /// Stores rows `checkedRows` returned.
    package func importRows(_ result: Result, into store: SampleStore) throws -> ImportReport {
        let inserted = try store.insertBulk(result.samples)
        return ImportReport(
            rows: result.rowCount, inserted: inserted,
            duplicates: result.samples.count - inserted, skipped: result.errors)
    }
}

/// What an import did.
package struct ImportReport: Sendable {
    package var rows: Int
    package var inserted: Int
    /// Rows already in the store (same natural key): re-importing a file adds nothing.
    package var duplicates: Int
    /// Bad rows left out (only with `--skip-invalid`).
    package var skipped: [CSVImporter.RowError]

    /// `12 rows: 10 new, 2 already stored, 0 skipped`.
    package var summary: String {
        "\(rows) rows: \(inserted) new, \(duplicates) already stored, \(skipped.count) skipped"
    }
}
