import Foundation
import VitalsKit

/// Withings Health Mate's "Download my data": a zip of CSV files. Read: `weight.csv` (weight,
/// fat, bone and muscle mass, hydration, all in kg), `bp.csv` (heart rate, systolic,
/// diastolic), `sleep.csv` (each night's span and its light, deep, REM and awake seconds) and
/// `raw_tracker_steps.csv` (a start with offset, then `[durations]` and `[values]`).
///
/// weight.csv and bp.csv write local times without an offset: they are read in the context's
/// time zone (the machine's, DST-aware), and the receipt says so. A night's stage totals are
/// laid end to end from its start (the file gives totals, not times): each night's minutes per
/// stage are exact, their order is not.
package struct WithingsImporter: Importer {
    package static let id = "withings"
    package static let name = "Withings Health Mate (the zip of Download my data)"
    static let files = ["weight.csv", "bp.csv", "sleep.csv", "raw_tracker_steps.csv"]
    static let source = "withings"

    let mapping: HealthSampleMapping
    let time: TimeParser

    package init(context: ImportContext) throws {
        mapping = HealthSampleMapping(
            series: context.catalog.series,
            subjectKind: context.catalog.subject(context.subjectID)?.kind ?? .human)
        time = TimeParser(timeZone: context.timeZone)
    }

    package init(mapping: HealthSampleMapping, timeZone: TimeZone) {
        self.mapping = mapping
        time = TimeParser(timeZone: timeZone)
    }

    package static func recognises(_ source: ImportSource) -> Bool {
        source.isZip && source.zipHolds("weight.csv")
            && (source.zipHolds("bp.csv") || source.zipHolds("sleep.csv")
                || source.zipHolds("raw_tracker_steps.csv"))
    }

    package func read(_ source: ImportSource, into sink: any ImportSink) throws {
        let zip = try ZipDirectory.open(source.path)
        var emit = HealthKitEmitter(mapping: mapping, sink: sink)
        let found = Self.files.filter { name in
            zip.entries.contains { $0.path == name || $0.path.hasSuffix("/" + name) }
        }
        guard !found.isEmpty else {
            throw ImporterError.unexpected(
                file: source.path, expected: Self.files.joined(separator: " or ") + " in the zip",
                found: zip.entries.prefix(5).map(\.path).joined(separator: ", "))
        }
        if let text = try zip.text(of: "weight.csv", in: source.path) {
            try weights(CSVTable(text: text, file: "\(source.path) → weight.csv"), &emit)
        }
        if let text = try zip.text(of: "bp.csv", in: source.path) {
            try pressures(CSVTable(text: text, file: "\(source.path) → bp.csv"), &emit)
        }
        if let text = try zip.text(of: "sleep.csv", in: source.path) {
            try nights(CSVTable(text: text, file: "\(source.path) → sleep.csv"), &emit)
        }
        if let text = try zip.text(of: "raw_tracker_steps.csv", in: source.path) {
            try steps(CSVTable(text: text, file: "\(source.path) → raw_tracker_steps.csv"), &emit)
        }
        sink.note("weight.csv and bp.csv times have no offset: read in \(time.timeZone.identifier)")
    }

    private func when(_ table: CSVTable, _ record: CSVReader.Record, _ column: String) throws -> TimeParser.Parsed? {
        guard let text = table.field(record, column) else { return nil }
        do { return try time.parse(text) } catch {
            throw ImporterError.unexpected(
                file: "\(table.file) line \(record.line)", expected: "a date in \(column)",
                found: "'\(text)'")
        }
    }

    private func weights(_ table: CSVTable, _ emit: inout HealthKitEmitter) throws {
        try table.require(["date", "weight (kg)"])
        for record in table.records {
            guard let at = try when(table, record, "date") else {
                emit.sink.skip("weight.csv: no date")
                continue
            }
            guard let weight = try table.number(record, "weight (kg)") else {
                emit.sink.skip("weight.csv: no weight")
                continue
            }
            try emit.emit(
                "HKQuantityTypeIdentifierBodyMass", unit: "kg", value: .number(weight), start: at.date,
                offset: at.utcOffsetSeconds, source: Self.source)
            if let fat = try table.number(record, "fat mass (kg)"), weight > 0 {
                try emit.emit(
                    "HKQuantityTypeIdentifierBodyFatPercentage", unit: "%", value: .number(fat / weight),
                    start: at.date, offset: at.utcOffsetSeconds, source: Self.source)
                try emit.emit(
                    "HKQuantityTypeIdentifierLeanBodyMass", unit: "kg", value: .number(weight - fat),
                    start: at.date, offset: at.utcOffsetSeconds, source: Self.source)
            }
            for (column, series) in [
                ("bone mass (kg)", "withings_bone_mass"), ("muscle mass (kg)", "withings_muscle_mass"),
                ("hydration (kg)", "withings_hydration"),
            ] {
                if let value = try table.number(record, column) {
                    try emit.emit(
                        series, unit: "kg", value: .number(value), start: at.date,
                        offset: at.utcOffsetSeconds, source: Self.source)
                }
            }
        }
    }

    private func pressures(_ table: CSVTable, _ emit: inout HealthKitEmitter) throws {
        try table.require(["date", "systolic", "diastolic"])
        for record in table.records {
            guard let at = try when(table, record, "date") else {
                emit.sink.skip("bp.csv: no date")
                continue
            }
            for (column, type, unit) in [
                ("systolic", "HKQuantityTypeIdentifierBloodPressureSystolic", "mmHg"),
                ("diastolic", "HKQuantityTypeIdentifierBloodPressureDiastolic", "mmHg"),
                ("heart rate", "HKQuantityTypeIdentifierHeartRate", "count/min"),
            ] {
                if let value = try table.number(record, column) {
                    try emit.emit(
                        type, unit: unit, value: .number(value), start: at.date,
                        offset: at.utcOffsetSeconds, source: Self.source)
                }
            }
        }
    }

    private func nights(_ table: CSVTable, _ emit: inout HealthKitEmitter) throws {
        try table.require(["from", "to"])
        let type = "HKCategoryTypeIdentifierSleepAnalysis"
        for record in table.records {
            guard let from = try when(table, record, "from"), let to = try when(table, record, "to") else {
                emit.sink.skip("sleep.csv: no from or to")
                continue
            }
            try emit.emit(
                type, unit: nil, value: .category("HKCategoryValueSleepAnalysisInBed"), start: from.date,
                end: to.date, offset: from.utcOffsetSeconds, source: Self.source)
            var cursor = from.date
            for (column, value) in [
                ("light (s)", "AsleepCore"), ("deep (s)", "AsleepDeep"), ("rem (s)", "AsleepREM"),
                ("awake (s)", "Awake"),
            ] {
                guard let seconds = try table.number(record, column), seconds > 0 else { continue }
                let end = cursor.addingTimeInterval(seconds)
                try emit.emit(
                    type, unit: nil, value: .category("HKCategoryValueSleepAnalysis" + value), start: cursor,
                    end: end, offset: from.utcOffsetSeconds, source: Self.source,
                    metadata: #"{"placed":"stage totals laid end to end"}"#)
                cursor = end
            }
        }
    }

    /// `[60,60,60]` or `60`: the numbers of a raw tracker field.
    static func list(_ text: String) -> [Double]? {
        let inner = text.trimmingCharacters(in: CharacterSet(charactersIn: "[] "))
        let values = inner.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil && $0!.isFinite }) else { return nil }
        return values.map { $0! }
    }

    private func steps(_ table: CSVTable, _ emit: inout HealthKitEmitter) throws {
        try table.require(["start", "duration", "value"])
        for record in table.records {
            guard let start = try when(table, record, "start"),
                let durations = table.field(record, "duration").flatMap(Self.list),
                let values = table.field(record, "value").flatMap(Self.list), durations.count == values.count
            else {
                emit.sink.skip("raw_tracker_steps.csv: a row without matching durations and values")
                continue
            }
            var cursor = start.date
            for (duration, value) in zip(durations, values) {
                let end = cursor.addingTimeInterval(duration)
                try emit.emit(
                    "HKQuantityTypeIdentifierStepCount", unit: "count", value: .number(value), start: cursor,
                    end: end, offset: start.utcOffsetSeconds, source: Self.source)
                cursor = end
            }
        }
    }
}
