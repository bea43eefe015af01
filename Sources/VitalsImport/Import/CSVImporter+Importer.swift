import Foundation
import VitalsKit

/// Vitals' own CSV (`vitals import csv`) on the importer seam: recognised by a header of the
/// columns `CSVImporter` reads, with a time column. A file whose fields are separated by `;`
/// (another locale's spreadsheet, with decimal commas) is recognised too, and refused by name.
package struct CSVFileImporter: Importer {
    package static let id = "csv"
    package static let name = "CSV (a header of start or date, value, unit …)"

    private let importer: CSVImporter
    private let skipInvalid: Bool

    package init(context: ImportContext) throws {
        importer = CSVImporter(
            validator: SampleValidator(catalog: context.catalog, unitSystem: context.unitSystem),
            seriesID: context.seriesID, subjectID: context.subjectID)
        skipInvalid = context.skipInvalid
    }

    package static func recognises(_ source: ImportSource) -> Bool {
        guard !source.isDirectory, !source.isZip, !source.isSQLite else { return false }
        for separator in [",", ";"] {
            let names = source.firstLine.split(separator: Character(separator), omittingEmptySubsequences: false)
                .map {
                    $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                        .lowercased()
                }
            if names.count >= 2, names.allSatisfy(CSVImporter.knownColumns.contains),
                names.contains(where: CSVImporter.timeColumns.contains)
            {
                return true
            }
        }
        return false
    }

    package func read(_ source: ImportSource, into sink: any ImportSink) throws {
        let text = try Self.text(of: source.path)
        try Self.refuseSemicolons(text, file: source.path)
        let result = try importer.read(text)
        if !result.errors.isEmpty && !skipInvalid {
            throw ImportError.invalidRows(errors: result.errors, rowCount: result.rowCount)
        }
        for error in result.errors { sink.skip("line \(error.line): \(error.message)") }
        for sample in result.samples {
            try sink.add(
                ImportedSample(
                    seriesID: sample.seriesID, start: Int64(sample.start.timeIntervalSince1970),
                    end: Int64(sample.end.timeIntervalSince1970), utcOffset: sample.utcOffsetSeconds,
                    value: sample.value,
                    category: sample.category, tag: sample.tag, source: sample.source, note: sample.note,
                    metadata: sample.metadata))
        }
    }

    /// The file's text (`-`: standard input).
    static func text(of path: String) throws -> String {
        if path == "-" { return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImporterError.unreadable(file: path, reason: "cannot be read", kind: .cannotRun)
        }
        let text = String(decoding: data, as: UTF8.self)
        return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }

    /// Refuses a CSV whose header is separated by `;`: a spreadsheet's export in a locale with
    /// decimal commas (`72,5`), which read as commas would shift every field.
    static func refuseSemicolons(_ text: String, file: String) throws {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        guard let header = lines.next(), header.contains(";"), !header.contains(",") else { return }
        var number = 1
        while let line = lines.next() {
            number += 1
            for field in line.split(separator: ";") {
                let value = field.trimmingCharacters(in: CharacterSet(charactersIn: "\" \r"))
                let parts = value.split(separator: ",", omittingEmptySubsequences: false)
                if parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isNumber || $0 == "-" } }) {
                    throw ImporterError.decimalComma(file: file, line: number, value: value)
                }
            }
        }
        throw ImporterError.unexpected(
            file: file, expected: "fields separated by commas", found: "';' between the fields")
    }
}
