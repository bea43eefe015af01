import Foundation
import VitalsKit

/// A vendor's CSV file read whole (these exports are a few megabytes): its header names, by
/// lower case, and its records, each with its line; fields separated by `;` (another locale's
/// spreadsheet, decimal commas) are refused by name.
struct CSVTable {
    let file: String
    let columns: [String: Int]
    /// The header's names as written (trimmed), in order.
    let names: [String]
    let records: [CSVReader.Record]

    init(text: String, file: String) throws {
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        try CSVFileImporter.refuseSemicolons(text, file: file)
        var records = CSVReader.records(text)
        guard !records.isEmpty else {
            throw ImporterError.unexpected(file: file, expected: "a header row", found: "an empty file")
        }
        let names = records.removeFirst().fields.map { $0.trimmingCharacters(in: .whitespaces) }
        let header = names.map { $0.lowercased() }
        var columns: [String: Int] = [:]
        for (index, name) in header.enumerated() where columns[name] == nil { columns[name] = index }
        self.file = file
        self.columns = columns
        self.names = names
        self.records = records
    }

    /// Refuses a file without `names` in its header.
    func require(_ names: [String]) throws {
        let missing = names.filter { columns[$0] == nil }
        guard missing.isEmpty else {
            throw ImporterError.unexpected(
                file: file, expected: "the columns " + names.joined(separator: ", "),
                found: "no " + missing.joined(separator: ", "))
        }
    }

    /// The field of `record` in column `name`, trimmed; nil when empty or absent.
    func field(_ record: CSVReader.Record, _ name: String) -> String? {
        guard let index = columns[name], index < record.fields.count else { return nil }
        let value = record.fields[index].trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }

    /// The number in column `name`: nil when empty; a decimal comma is refused by line.
    func number(_ record: CSVReader.Record, _ name: String) throws -> Double? {
        guard let index = columns[name] else { return nil }
        return try number(record, at: index)
    }

    /// The number in column `index` (as `number(_:_:)`).
    func number(_ record: CSVReader.Record, at index: Int) throws -> Double? {
        guard index < record.fields.count else { return nil }
        let text = record.fields[index].trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        let name = index < names.count ? names[index] : "column \(index + 1)"
        if let value = Double(text), value.isFinite { return value }
        if text.contains(","), Double(text.replacingOccurrences(of: ",", with: ".")) != nil {
            throw ImporterError.decimalComma(file: file, line: record.line, value: text)
        }
        throw ImporterError.unexpected(
            file: "\(file) line \(record.line)", expected: "a number in \(name)", found: "'\(text)'")
    }
}

/// Maps a vendor's measurement as the HealthKit type of the same measurement, so the
/// catalog's `healthkit:` series decide where it goes (as for Apple Health and Health Connect).
struct HealthKitEmitter {
    let mapping: HealthSampleMapping
    let sink: any ImportSink
    private var targets: [String: HealthSampleMapping.TypeTarget] = [:]

    init(mapping: HealthSampleMapping, sink: any ImportSink) {
        self.mapping = mapping
        self.sink = sink
    }

    mutating func emit(
        _ type: String, unit: String?, value: HealthValue, start: Date, end: Date? = nil,
        offset: Int, source: String, tag: String? = nil, metadata: String? = nil
    ) throws {
        let target: HealthSampleMapping.TypeTarget
        if let known = targets[type] {
            target = known
        } else {
            target = mapping.target(for: type)
            targets[type] = target
        }
        let from = Int64(start.timeIntervalSince1970.rounded(.down))
        let to = Int64((end ?? start).timeIntervalSince1970.rounded(.down))
        let record = HealthRecord(
            type: type, sourceName: source, unit: unit, value: value,
            startDate: HealthDate(utcSeconds: from, offsetSeconds: Int32(clamping: offset)),
            endDate: HealthDate(utcSeconds: to, offsetSeconds: Int32(clamping: offset)))
        switch mapping.map(record, target: target, convert: HealthKitUnit.convert) {
        case .series(let seriesID, let mapped, let category), .unmapped(let seriesID, let mapped, let category):
            try sink.add(
                ImportedSample(
                    seriesID: seriesID, start: from, end: to, utcOffset: offset, value: mapped,
                    category: category, tag: tag, source: source, metadata: metadata))
        case .skipped(let reason):
            sink.skip("\(type): \(reason)")
        }
    }
}

extension ZipDirectory {
    /// The text of the entry whose last path component is `name`, or nil when the zip has none.
    func text(of name: String, in archive: String) throws -> String? {
        guard let entry = entries.first(where: { $0.path == name || $0.path.hasSuffix("/" + name) }) else { return nil }
        var data = Data()
        do {
            try Self.extract(entry, from: archive, chunkSize: 1 << 18) { data.append($0) }
        } catch let damage as Damage {
            throw ImporterError.unreadable(file: archive, reason: "the zip is damaged: \(damage.description)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The zip at `path`, or a refusal naming it.
    static func open(_ path: String) throws -> ZipDirectory {
        do { return try ZipDirectory(path: path) } catch let damage as Damage {
            throw ImporterError.unreadable(file: path, reason: "the zip cannot be read: \(damage.description)")
        }
    }
}
