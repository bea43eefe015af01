import Foundation
import VitalsKit

/// Health Auto Export (iOS): the JSON files its automations write, each a few days of
/// HealthKit data, `{"data": {"metrics": [{"name", "units", "data": [{"date", "qty", "source"}]}]}}`
/// with dates as `2025-12-08 00:12:43 +0100`. Incremental where Apple's export is a full
/// dump, so a folder of them is imported file by file (`vitals import --watch DIR`), and files
/// that overlap store each sample once.
///
/// Each metric is read as the HealthKit type it came from, so the catalog's `healthkit:`
/// series decide where it goes. Heart rate's `Avg` is its value; blood pressure's `systolic`
/// and `diastolic` are two samples; sleep's hours per stage are laid end to end from
/// `sleepStart` (the file gives totals). A metric vitals does not know is counted as skipped.
/// The `workouts` array is read in `+Workouts`, the CSV form of the same metrics in `+CSV`.
package struct HealthAutoExportImporter: Importer {
    package static let id = "health-auto-export"
    package static let name = "Health Auto Export (iOS: its JSON or CSV files)"

    /// Metric names as HealthKit types.
    static let types: [String: String] = [
        "step_count": "HKQuantityTypeIdentifierStepCount",
        "active_energy": "HKQuantityTypeIdentifierActiveEnergyBurned",
        "basal_energy_burned": "HKQuantityTypeIdentifierBasalEnergyBurned",
        "weight_body_mass": "HKQuantityTypeIdentifierBodyMass",
        "body_fat_percentage": "HKQuantityTypeIdentifierBodyFatPercentage",
        "lean_body_mass": "HKQuantityTypeIdentifierLeanBodyMass",
        "heart_rate": "HKQuantityTypeIdentifierHeartRate",
        "resting_heart_rate": "HKQuantityTypeIdentifierRestingHeartRate",
        "heart_rate_variability": "HKQuantityTypeIdentifierHeartRateVariabilitySDNN",
        "protein": "HKQuantityTypeIdentifierDietaryProtein",
        "fiber": "HKQuantityTypeIdentifierDietaryFiber",
        "dietary_water": "HKQuantityTypeIdentifierDietaryWater",
        "dietary_energy": "HKQuantityTypeIdentifierDietaryEnergyConsumed",
        "dietary_caffeine": "HKQuantityTypeIdentifierDietaryCaffeine",
        "walking_running_distance": "HKQuantityTypeIdentifierDistanceWalkingRunning",
        "apple_exercise_time": "HKQuantityTypeIdentifierAppleExerciseTime",
        "time_in_daylight": "HKQuantityTypeIdentifierTimeInDaylight",
        "blood_oxygen_saturation": "HKQuantityTypeIdentifierOxygenSaturation",
        "blood_glucose": "HKQuantityTypeIdentifierBloodGlucose",
    ]

    let mapping: HealthSampleMapping
    /// Where a time written without an offset is read (the CSV form's `2026-07-11 00:00:00`):
    /// the import's time zone, as for Withings' and Cronometer's files.
    let timeZone: TimeZone

    package init(context: ImportContext) throws {
        mapping = HealthSampleMapping(
            series: context.catalog.series,
            subjectKind: context.catalog.subject(context.subjectID)?.kind ?? .human)
        timeZone = context.timeZone
    }

    package init(mapping: HealthSampleMapping, timeZone: TimeZone = TimeZone(secondsFromGMT: 0)!) {
        self.mapping = mapping
        self.timeZone = timeZone
    }

    package static func recognises(_ source: ImportSource) -> Bool {
        guard !source.isZip, !source.isSQLite, !source.isDirectory else { return false }
        if isCSVHeader(source.firstLine) { return true }
        let head = source.headText.filter { !$0.isWhitespace }
        return head.hasPrefix("{\"data\":{\"metrics\":") || head.hasPrefix("{\"data\":{\"workouts\":")
    }

    /// `2025-12-08 00:12:43 +0100` (and the ISO forms `TimeParser` reads); a time without an
    /// offset (`2026-07-11 00:00:00`, `2026-07-11`) is read in `timeZone`.
    static func date(_ text: String, in timeZone: TimeZone) -> TimeParser.Parsed? {
        var text = text.trimmingCharacters(in: .whitespaces)
        if let space = text.lastIndex(of: " "), let sign = text[text.index(after: space)...].first,
            sign == "+" || sign == "-"
        {
            text.remove(at: space)
        }
        return try? TimeParser(timeZone: timeZone).parse(text)
    }

    /// The same in this import's time zone.
    func date(_ text: String) -> TimeParser.Parsed? { Self.date(text, in: timeZone) }

    /// Whether `text` states its offset (`+0100`, `-05:00`, `Z` after the clock time): one that
    /// does not is read in the import's time zone, which the receipt then names.
    static func statesOffset(_ text: String) -> Bool {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard let clock = text.firstIndex(where: { $0 == " " || $0 == "T" }) else { return false }
        let time = text[clock...]
        return time.contains("+") || time.contains("-") || time.hasSuffix("Z") || time.hasSuffix("z")
    }

    package func read(_ source: ImportSource, into sink: any ImportSink) throws {
        if Self.isCSVHeader(source.firstLine) { return try readCSV(source, into: sink) }
        let data: Data
        if source.path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: source.path) else {
                throw ImporterError.unreadable(file: source.path, reason: "cannot be read", kind: .cannotRun)
            }
            data = contents
        }
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw ImporterError.unexpected(
                file: source.path, expected: "a JSON object", found: "JSON that does not parse (cut off?)")
        }
        guard let root = object as? [String: Any], let body = root["data"] as? [String: Any] else {
            throw ImporterError.unexpected(
                file: source.path, expected: #"{"data": {"metrics": […]}}"#, found: "another JSON shape")
        }
        var emit = HealthKitEmitter(mapping: mapping, sink: sink)
        for metric in body["metrics"] as? [[String: Any]] ?? [] {
            guard let name = metric["name"] as? String, let points = metric["data"] as? [[String: Any]] else {
                sink.skip("a metric without name or data")
                continue
            }
            let units = metric["units"] as? String
            for point in points {
                guard let dateText = point["date"] as? String, let at = date(dateText) else {
                    sink.skip("\(name): no readable date")
                    continue
                }
                let source =
                    "health-auto-export:"
                    + ((point["source"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? "unknown")
                try read(name, units: units, point: point, at: at, source: source, emit: &emit)
            }
        }
        if let workouts = body["workouts"] as? [Any] { try readWorkouts(workouts, sink: sink) }
    }

    func number(_ value: Any?) -> Double? {
        switch value {
        case let number as Double: return number
        case let number as Int: return Double(number)
        case let number as NSNumber: return number.doubleValue
        case let text as String: return Double(text)
        default: return nil
        }
    }

    func read(
        _ name: String, units: String?, point: [String: Any], at: TimeParser.Parsed, source: String,
        emit: inout HealthKitEmitter
    ) throws {
        switch name {
        case "blood_pressure":
            for (field, type) in [
                ("systolic", "HKQuantityTypeIdentifierBloodPressureSystolic"),
                ("diastolic", "HKQuantityTypeIdentifierBloodPressureDiastolic"),
            ] {
                guard let value = number(point[field]) else { continue }
                try emit.emit(
                    type, unit: units ?? "mmHg", value: .number(value), start: at.date, offset: at.utcOffsetSeconds,
                    source: source)
            }
        case "sleep_analysis":
            let start = (point["sleepStart"] as? String).flatMap(date) ?? at
            let end = (point["sleepEnd"] as? String).flatMap(date)
            let type = "HKCategoryTypeIdentifierSleepAnalysis"
            if let end {
                try emit.emit(
                    type, unit: nil, value: .category("HKCategoryValueSleepAnalysisInBed"), start: start.date,
                    end: end.date, offset: start.utcOffsetSeconds, source: source)
            }
            var cursor = start.date
            for (field, value) in [
                ("core", "AsleepCore"), ("deep", "AsleepDeep"), ("rem", "AsleepREM"), ("awake", "Awake"),
            ] {
                guard let hours = number(point[field]), hours > 0 else { continue }
                let next = cursor.addingTimeInterval(hours * 3600)
                try emit.emit(
                    type, unit: nil, value: .category("HKCategoryValueSleepAnalysis" + value), start: cursor, end: next,
                    offset: start.utcOffsetSeconds, source: source,
                    metadata: #"{"placed":"stage totals laid end to end"}"#)
                cursor = next
            }
        default:
            guard let type = Self.types[name] else {
                emit.sink.skip("metric \(name) (not known to vitals)")
                return
            }
            guard var value = number(point["qty"] ?? point["Avg"]) else {
                emit.sink.skip("\(name): no qty")
                return
            }
            var unit = units
            if unit == "%" { value /= 100 }  // written 0–100; HealthKit's % is a fraction
            if unit == "bpm" { unit = "count/min" }
            try emit.emit(
                type, unit: unit, value: .number(value), start: at.date, offset: at.utcOffsetSeconds, source: source)
        }
    }
}
