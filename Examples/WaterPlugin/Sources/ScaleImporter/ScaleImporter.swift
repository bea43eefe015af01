import Foundation
import VitalsKit

/// `acme-scale`: the CSV a (made-up) bathroom scale's app exports, one weigh-in a line:
///
/// ```
/// Date,Time,Weight (kg),Body fat (%)
/// 2026-11-18,07:12,78.4,21.0
/// ```
///
/// An importer from outside Vitals: it recognises the file by its header, reads it line by line
/// into `body_mass` (and `body_fat_percentage` when the catalog declares it) in the zone of the
/// run, and says what it left out and why. Nothing in Vitals knows this format.
public struct ScaleImporter: Importer {
    public static let id = "acme-scale"
    public static let name = "Acme Scale (weights.csv)"
    static let header = "Date,Time,Weight (kg),Body fat (%)"

    let context: ImportContext

    public static func recognises(_ source: ImportSource) -> Bool {
        !source.isDirectory && source.firstLine.trimmingCharacters(in: .whitespaces) == header
    }

    public init(context: ImportContext) throws { self.context = context }

    public func read(_ source: ImportSource, into sink: any ImportSink) throws {
        guard let text = try? String(contentsOfFile: source.path, encoding: .utf8) else {
            throw ScaleImportError(file: source.path, line: 0, problem: "not a readable UTF-8 file")
        }
        let fat = context.catalog.series("body_fat_percentage") != nil
        var lineNumber = 0
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            guard lineNumber > 1, !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard fields.count == 4 else {
                throw ScaleImportError(
                    file: source.path, line: lineNumber, problem: "expected 4 fields, found \(fields.count)")
            }
            guard let start = moment(fields[0], fields[1]) else {
                sink.skip("date or time does not read (YYYY-MM-DD, HH:MM)", count: 1)
                continue
            }
            let offset = context.timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(start)))
            let utc = start - Int64(offset)
            if let kilograms = Double(fields[2]), kilograms > 0 {
                try sink.add(
                    ImportedSample(
                        seriesID: "body_mass", start: utc, utcOffset: offset, value: kilograms,
                        source: "\(Self.id):scale"))
            } else {
                sink.skip("no weight", count: 1)
            }
            if let percent = Double(fields[3]) {
                if fat {
                    try sink.add(
                        ImportedSample(
                            seriesID: "body_fat_percentage", start: utc, utcOffset: offset, value: percent,
                            source: "\(Self.id):scale"))
                } else {
                    sink.skip("body fat: the catalog has no body_fat_percentage series", count: 1)
                }
            }
        }
    }

    /// Local seconds since 1970 of a date and a time (as if UTC); nil when either does not read.
    func moment(_ date: String, _ time: String) -> Int64? {
        let day = date.split(separator: "-").compactMap { Int($0) }
        let clock = time.split(separator: ":").compactMap { Int($0) }
        guard day.count == 3, clock.count == 2, (0..<24).contains(clock[0]), (0..<60).contains(clock[1]),
            case let local = LocalDate(year: day[0], month: day[1], day: day[2]), local.description == date
        else { return nil }
        return Int64(local.dayNumber) * 86_400 + Int64(clock[0] * 3600 + clock[1] * 60)
    }
}

/// A scale file that does not read at all, at its line.
public struct ScaleImportError: VitalsError {
    public var file: String
    public var line: Int
    public var problem: String

    public var message: String { line > 0 ? "\(file):\(line): \(problem)" : "\(file): \(problem)" }
    public var kind: VitalsErrorKind { .refused }
}
