import Foundation
import VitalsKit

/// A `HealthExportSink` that turns export elements into sample rows, in batches.
///
/// Records go to the series that names their type under `healthkit:` (in its base unit) or to
/// a series named after the type; workouts, activity summaries and `Me` are kept under their
/// HealthKit names too. It runs on the reading thread; the writer inserts the rows.
///
/// A struct, not a class: its caches are touched several times per record, and every access
/// to a class's stored property pays a run-time exclusivity check.
struct HealthRowMapper: HealthExportSink {
    /// What needs no database: skips, series per type, the profile.
    private(set) var report = AppleHealthImportReport()
    /// Samples read so far (rows made plus skips).
    private(set) var samplesRead = 0

    private let mapping: HealthSampleMapping
    private let subjectID: String
    /// Hands a full batch to the writer, with the number of samples read so far.
    private let send: (_ batch: HealthRowBatch, _ samplesRead: Int) throws -> Void
    private let batchSize: Int
    private var batch = HealthRowBatch()
    /// The buffer metadata objects are built in, before they are copied into the batch.
    private var scratch: [UInt8] = []
    /// Takes back a batch the writer is done with, so its rows are freed on this thread.
    private let recycle: () -> HealthRowBatch?
    /// The HealthKit types of the rows sent, by the index the rows carry.
    var typeNames: [String] { types.map(\.name) }
    /// Stored source names, looked up by a short scan: few sources, and hashing a non-ASCII
    /// String (`Vivian’s iPhone`) normalises it every time.
    private var sources: [(name: String, stored: String)] = []
    /// Recent devices and their compact form (an export has a handful of devices).
    private var devices: [(device: String, compact: String)] = []

    init(
        mapping: HealthSampleMapping, subjectID: String, batchSize: Int = 2048,
        recycle: @escaping () -> HealthRowBatch? = { nil },
        send: @escaping (_ batch: HealthRowBatch, _ samplesRead: Int) throws -> Void
    ) {
        self.mapping = mapping
        self.subjectID = subjectID
        self.recycle = recycle
        self.batchSize = batchSize
        self.send = send
        batch.rows.reserveCapacity(batchSize)
    }

    /// Sends the last, partial batch.
    mutating func flush() throws {
        guard !batch.rows.isEmpty else { return }
        try send(batch, samplesRead)
        if var spare = recycle() {
            spare.removeAll()
            batch = spare
        } else {
            batch = HealthRowBatch()
            batch.rows.reserveCapacity(batchSize)
        }
    }

    mutating func accept(_ record: HealthRecord) throws {
        try accept(record, twin: .topLevel)
    }

    /// `meal`: the meal slot of the correlation holding the record, for a record without its own.
    private mutating func accept(_ record: HealthRecord, twin: HealthTwin, meal: String? = nil) throws {
        samplesRead += 1
        let type = typeIndex(record.type)
        let entry = Int(type)
        let seriesID: String
        let value: Double
        let category: String?
        var keepsUnit = true
        let target = types[entry].target
        switch mapping.map(record, target: target, convert: { self.convert($0, $1, $2) }) {
        case .series(let id, let mapped, let stage):
            (seriesID, value, category) = (id, mapped, stage)
            keepsUnit = record.unit != nil && record.unit != target.unit.rawValue
        case .unmapped(let id, let raw, let name):
            (seriesID, value, category) = (id, raw, name)
        case .skipped(let reason):
            report.skip(record.type, reason: reason)
            return
        }
        if !types[entry].reported {
            if report.seriesByType[record.type] == nil { report.seriesByType[record.type] = seriesID }
            types[entry].reported = true
        }
        var metadata = HealthSampleMetadata(reusing: &scratch)
        if target.sharesSeries, seriesID != record.type {
            metadata.add("type", record.type)
        }
        if keepsUnit { metadata.add("unit", record.unit) }
        if case .category(let raw) = record.value, category != raw { metadata.add("value", raw) }
        // When the sample was written to HealthKit (UTC seconds), e.g. a meal logged afterwards.
        if let created = record.creationDate { metadata.add("creationDate", integer: created.utcSeconds) }
        let origin = originIndex(version: record.sourceVersion, device: record.device)
        if origin.index < 0 {
            metadata.add("sourceVersion", record.sourceVersion)
            metadata.add("device", compact(record.device))
        }
        metadata.add("metadata", entries: record.metadata)
        if !record.beats.isEmpty {
            metadata.addRaw(
                "beats",
                "["
                    + record.beats.map { HealthValue.number($0.bpm).description }
                    .joined(separator: ",") + "]")
        }
        try add(
            HealthSampleRow(
                type: type, seriesID: seriesID, start: record.startDate,
                end: record.endDate,
                value: value, category: category, tag: mealTag(record.metadata) ?? meal,
                source: source(record.sourceName),
                metadata: metadata.finish(into: &batch.text, returning: &scratch),
                origin: origin.index, newOrigin: origin.new,
                twin: twin == .inner || types[entry].inCorrelations ? twin : .none))
    }

    /// What is the same for every record of a type: where it goes, looked up once.
    private struct TypeEntry {
        let name: String
        let target: HealthSampleMapping.TypeTarget
        /// Whether `report.seriesByType` has it.
        var reported = false
        /// Whether correlations hold records of this type (blood pressure, food), so that a
        /// top-level record may have a twin inside one.
        var inCorrelations: Bool

        init(name: String, target: HealthSampleMapping.TypeTarget) {
            self.name = name
            self.target = target
            inCorrelations =
                name.hasPrefix("HKQuantityTypeIdentifierBloodPressure")
                || name.hasPrefix("HKQuantityTypeIdentifierDietary")
        }
    }

    /// Every type met, by the index the rows carry.
    private var types: [TypeEntry] = []
    private var typeByName: [String: Int32] = [:]
    /// The entry of the last type seen: an export lists a type's records together, and the
    /// interned name compares by identity.
    private var lastType: Int32 = -1

    /// The index in `types` of HealthKit type `type`, added when new.
    private mutating func typeIndex(_ type: String) -> Int32 {
        if lastType >= 0, types[Int(lastType)].name == type { return lastType }
        if let known = typeByName[type] {
            lastType = known
            return known
        }
        lastType = Int32(types.count)
        types.append(TypeEntry(name: type, target: mapping.target(for: type)))
        typeByName[type] = lastType
        return lastType
    }

    /// HealthKit unit → base unit conversions, resolved once per unit and base.
    private var conversions: [(unit: String, base: BaseUnit, from: KnownUnit, scale: Double, to: KnownUnit)] = []

    private mutating func convert(_ value: Double, _ unit: String?, _ base: BaseUnit) -> Double? {
        guard let unit, !unit.isEmpty else { return HealthKitUnit.convert(value, from: unit, to: base) }
        for known in conversions where known.base == base && known.unit == unit {
            return known.from.convert(value * known.scale, to: known.to)
        }
        guard let (from, scale) = HealthKitUnit.resolve(unit) else { return nil }
        let to = base.known
        if conversions.count >= 32 { conversions.removeFirst() }
        conversions.append((unit, base, from, scale, to))
        return from.convert(value * scale, to: to)
    }

    /// The (sourceVersion, device) pairs seen, by index: rows name theirs by index and the
    /// writer stores each pair once (`sample_origin`). Recently used pairs are looked up first.
    private var originCount: Int32 = 0
    private var recentOrigins: [(version: String?, device: String?, index: Int32)] = []
    private var allOrigins: [OriginKey: Int32] = [:]
    /// Past this many pairs, further ones stay in the metadata JSON (an export has a handful).
    private static let maximumOrigins: Int32 = 4096

    private struct OriginKey: Hashable {
        var version: String?
        var device: String?
    }

    private mutating func originIndex(version: String?, device: String?) -> (index: Int32, new: HealthOrigin?) {
        guard version != nil || device != nil else { return (-1, nil) }
        if let position = recentOrigins.firstIndex(where: { $0.version == version && $0.device == device }) {
            let index = recentOrigins[position].index
            if position > 0 { recentOrigins.swapAt(position, position - 1) }
            return (index, nil)
        }
        var new: HealthOrigin?
        let index: Int32
        if let known = allOrigins[OriginKey(version: version, device: device)] {
            index = known
        } else {
            guard originCount < Self.maximumOrigins else { return (-1, nil) }
            index = originCount
            originCount += 1
            allOrigins[OriginKey(version: version, device: device)] = index
            new = HealthOrigin(sourceVersion: version, device: compact(device))
        }
        if recentOrigins.count >= 16 { recentOrigins.removeLast() }
        recentOrigins.append((version, device, index))
        return (index, new)
    }

    /// A correlation's records (blood pressure: systolic and diastolic; a meal's nutrients) are
    /// stored like top-level ones: an export usually lists each again at the top level, and the
    /// writer stores the two once (`SampleRowWriter`); one without a twin is kept. A food
    /// correlation's meal is its records' meal, unless a record names its own.
    mutating func accept(_ correlation: HealthCorrelation) throws {
        let meal = mealTag(correlation.metadata)
        for record in correlation.records { try accept(record, twin: .inner, meal: meal) }
    }

    /// A workout goes into the series its activity type feeds (`WorkoutActivitySeries`: cardio,
    /// strength, HIIT, mobility minutes), counted under its activity type; any other stays under
    /// `HKWorkoutTypeIdentifier`. Energy, distance and the rest are kept in the metadata.
    mutating func accept(_ workout: HealthWorkout) throws {
        let raw = "HKWorkoutTypeIdentifier"
        let type: String
        let seriesID: String
        let value: Double
        let category: String?
        switch mapping.map(workout) {
        case .series(let id, let minutes):
            (type, seriesID, value, category) = (workout.activityType, id, minutes, nil)
        case .unmapped(let minutes):
            (type, seriesID, value, category) = (raw, raw, minutes, workout.activityType)
        case .skipped(let reason):
            report.skip(workout.activityType, reason: reason)
            return
        }
        report.seriesByType[type] = seriesID
        var metadata = HealthSampleMetadata(reusing: &scratch)
        if category == nil { metadata.add("activityType", workout.activityType) }
        metadata.add("duration", workout.duration)
        metadata.add("durationUnit", workout.durationUnit)
        metadata.add("totalDistance", workout.totalDistance)
        metadata.add("totalDistanceUnit", workout.totalDistanceUnit)
        metadata.add("totalEnergyBurned", workout.totalEnergyBurned)
        metadata.add("totalEnergyBurnedUnit", workout.totalEnergyBurnedUnit)
        if let created = workout.creationDate { metadata.add("creationDate", integer: created.utcSeconds) }
        metadata.add("sourceVersion", workout.sourceVersion)
        metadata.add("device", compact(workout.device))
        metadata.add("metadata", entries: workout.metadata)
        if !workout.statistics.isEmpty {
            metadata.addRaw(
                "statistics",
                "["
                    + workout.statistics.map { statistic in
                        var object = HealthSampleMetadata()
                        object.add("type", statistic.type)
                        object.add("sum", statistic.sum)
                        object.add("average", statistic.average)
                        object.add("minimum", statistic.minimum)
                        object.add("maximum", statistic.maximum)
                        object.add("unit", statistic.unit)
                        return object.json
                    }.joined(separator: ",") + "]")
        }
        if !workout.routeFiles.isEmpty {
            metadata.addRaw("routes", "[" + workout.routeFiles.map(JSONBytes.quoted).joined(separator: ",") + "]")
        }
        try add(
            HealthSampleRow(
                type: typeIndex(type), seriesID: seriesID, start: workout.startDate, end: workout.endDate,
                value: value, category: category, tag: nil,
                source: source(workout.sourceName),
                metadata: metadata.finish(into: &batch.text, returning: &scratch)))
    }

    mutating func accept(_ summary: HealthActivitySummary) throws {
        let type = "HKActivitySummary"
        report.seriesByType[type] = type
        guard let day = HealthDate("\(summary.day) 00:00:00 +0000") else {
            report.skip(type, reason: "unreadable dateComponents")
            return
        }
        var metadata = HealthSampleMetadata(reusing: &scratch)
        metadata.add("activeEnergyBurnedGoal", summary.activeEnergyBurnedGoal)
        metadata.add("activeEnergyBurnedUnit", summary.activeEnergyBurnedUnit)
        metadata.add("appleMoveTime", summary.appleMoveTime)
        metadata.add("appleMoveTimeGoal", summary.appleMoveTimeGoal)
        metadata.add("appleExerciseTime", summary.appleExerciseTime)
        metadata.add("appleExerciseTimeGoal", summary.appleExerciseTimeGoal)
        metadata.add("appleStandHours", summary.appleStandHours)
        metadata.add("appleStandHoursGoal", summary.appleStandHoursGoal)
        try add(
            HealthSampleRow(
                type: typeIndex(type), seriesID: type, start: day, end: day,
                value: summary.activeEnergyBurned ?? 0, category: nil, tag: nil,
                source: source("Activity"),
                metadata: metadata.finish(into: &batch.text, returning: &scratch)))
    }

    mutating func accept(_ profile: HealthProfile) throws {
        report.profile = profile
        if let birth = profile.birthDate, let date = HealthDate("\(birth) 00:00:00 +0000") {
            let type = "HKCharacteristicTypeIdentifierDateOfBirth"
            report.seriesByType[type] = type
            try add(
                HealthSampleRow(
                    type: typeIndex(type), seriesID: type, start: date, end: date, value: 0, category: birth,
                    tag: nil, source: source("Health"), metadata: nil))
        }
        if let sex = profile.biologicalSex {
            let type = "HKCharacteristicTypeIdentifierBiologicalSex"
            let epoch = HealthDate(utcSeconds: 0, offsetSeconds: 0)
            report.seriesByType[type] = type
            try add(
                HealthSampleRow(
                    type: typeIndex(type), seriesID: type, start: epoch, end: epoch, value: 0, category: sex,
                    tag: nil, source: source("Health"), metadata: nil))
        }
    }

    mutating func skipped(_ skip: HealthSkip) throws {
        samplesRead += 1
        let type = skip.element == "Workout" ? "HKWorkoutTypeIdentifier" : skip.type ?? skip.element
        report.skip(type, reason: "\(skip.reason)")
    }

    private mutating func add(_ row: consuming HealthSampleRow) throws {
        // What the schema's CHECKs and NOT NULLs refuse never reaches SQLite (one bad row would
        // roll the whole import back): each case is skipped and counted instead. The parser
        // already refuses these; this holds whatever a future element adds.
        if let reason = Self.refusal(row) {
            report.skip(types[Int(row.type)].name, reason: reason)
            return
        }
        batch.rows.append(row)
        if batch.rows.count >= batchSize { try flush() }
    }

    /// Why the store would refuse `row`, or nil.
    private static func refusal(_ row: borrowing HealthSampleRow) -> String? {
        if !row.value.isFinite { return "value is not a finite number" }
        if row.end < row.start { return "\(HealthSkip.Reason.endBeforeStart)" }
        if abs(Int(row.start.offsetSeconds)) > HealthDate.maximumOffsetSeconds { return "UTC offset beyond ±18:00" }
        return nil
    }

    /// `apple-health:<name>`, shared per source.
    private mutating func source(_ name: String) -> String {
        for known in sources where known.name == name { return known.stored }
        let stored = "apple-health:" + name
        if sources.count >= 64 { sources.removeFirst() }
        sources.append((name, stored))
        return stored
    }

    /// A device description without HealthKit's object address: `<<HKDevice: 0x2835f1e50>,
    /// name:Apple Watch, …>` → `name:Apple Watch, …` (the address differs per export run).
    private mutating func compact(_ device: String?) -> String? {
        guard let device else { return nil }
        for known in devices where known.device == device { return known.compact }
        var compacted = device
        // Odd text (`<<HKDevice: 0x1>`, whose first `>` is the last byte) is kept as it is.
        let utf8 = device.utf8
        if device.hasPrefix("<<HKDevice: "), device.hasSuffix(">"), let close = utf8.firstIndex(of: 0x3E),
            close < utf8.index(before: utf8.endIndex)
        {
            var rest = utf8[utf8.index(after: close)..<utf8.index(before: utf8.endIndex)]
            if rest.starts(with: ", ".utf8) { rest = rest.dropFirst(2) }
            compacted = String(Substring(rest))
        }
        if devices.count >= 8 { devices.removeFirst() }
        devices.append((device, compacted))
        return compacted
    }

    /// The meal slot of a nutrition record (`meal` metadata in any case): breakfast, lunch, dinner, snack.
    private func mealTag(_ metadata: [MetadataEntry]) -> String? {
        guard !metadata.isEmpty else { return nil }
        for entry in metadata where entry.key.utf8.count == 4 || entry.key == "HKFoodMeal" {
            guard entry.key.lowercased() == "meal" || entry.key == "HKFoodMeal" else { continue }
            let slot = entry.value.lowercased()
            if ["breakfast", "lunch", "dinner", "snack"].contains(slot) { return slot }
        }
        return nil
    }
}
