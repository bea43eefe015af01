import Foundation
import GRDB
import GRDBSQLite

/// A `HealthExportSink` that writes each element as a sample into an open write transaction.
///
/// Records go to the series that names their type under `healthkit:` (in its base unit) or to a
/// series named after the type; workouts, activity summaries and `Me` are kept under their
/// HealthKit names too. `INSERT OR IGNORE` on the natural key makes a re-import add only what
/// is new; each insert is counted as new or already present.
final class StoreSampleSink: HealthExportSink {
    private(set) var report = AppleHealthImportReport()
    /// Called after every record with the number of samples read so far.
    var onSample: ((Int) -> Void)?

    private let db: Database
    private let statement: Statement
    private let mapping: HealthSampleMapping
    private let subjectID: String
    private var sources: [String: String] = [:]
    private var samplesRead = 0

    init(db: Database, mapping: HealthSampleMapping, subjectID: String) throws {
        self.db = db
        self.mapping = mapping
        self.subjectID = subjectID
        statement = try db.makeStatement(sql: """
            INSERT OR IGNORE INTO sample
                (series, subject, start, "end", utc_offset, value, category, tag, source, note, metadata)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)
            """)
    }

    func accept(_ record: HealthRecord) throws {
        samplesRead += 1
        defer { onSample?(samplesRead) }
        let seriesID: String, value: Double, category: String?
        switch mapping.map(record) {
        case .series(let id, let mapped, let stage):
            (seriesID, value, category) = (id, mapped, stage)
        case .unmapped(let id, let raw, let name):
            (seriesID, value, category) = (id, raw, name)
        case .skipped(let reason):
            report.skip(record.type, reason: reason)
            return
        }
        if report.seriesByType[record.type] == nil { report.seriesByType[record.type] = seriesID }
        var metadata = HealthSampleMetadata()
        if seriesID != record.type { metadata.add("type", record.type) }
        metadata.add("unit", record.unit)
        if case .category(let raw) = record.value, category != raw { metadata.add("value", raw) }
        metadata.add("sourceVersion", record.sourceVersion)
        metadata.add("device", record.device)
        metadata.add("metadata", entries: record.metadata)
        if !record.beats.isEmpty {
            metadata.addRaw("beats", "[" + record.beats.map { HealthValue.number($0.bpm).description }
                .joined(separator: ",") + "]")
        }
        let inserted = try insert(seriesID: seriesID, start: record.startDate, end: record.endDate, value: value,
                                  category: category, tag: mealTag(record.metadata), source: record.sourceName,
                                  metadata: metadata.jsonOrNil)
        report.count(record.type, inserted: inserted)
    }

    func accept(_ workout: HealthWorkout) throws {
        let type = "HKWorkoutTypeIdentifier"
        report.seriesByType[type] = type
        var metadata = HealthSampleMetadata()
        metadata.add("duration", workout.duration)
        metadata.add("durationUnit", workout.durationUnit)
        metadata.add("totalDistance", workout.totalDistance)
        metadata.add("totalDistanceUnit", workout.totalDistanceUnit)
        metadata.add("totalEnergyBurned", workout.totalEnergyBurned)
        metadata.add("totalEnergyBurnedUnit", workout.totalEnergyBurnedUnit)
        metadata.add("sourceVersion", workout.sourceVersion)
        metadata.add("device", workout.device)
        metadata.add("metadata", entries: workout.metadata)
        if !workout.statistics.isEmpty {
            metadata.addRaw("statistics", "[" + workout.statistics.map { statistic in
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
            metadata.addRaw("routes", "[" + workout.routeFiles.map { path in
                var quoted = ""
                HealthSampleMetadata.quote(path, into: &quoted)
                return quoted
            }.joined(separator: ",") + "]")
        }
        let minutes = Double(workout.endDate.utcSeconds - workout.startDate.utcSeconds) / 60
        let inserted = try insert(seriesID: type, start: workout.startDate, end: workout.endDate, value: minutes,
                                  category: workout.activityType, tag: nil, source: workout.sourceName,
                                  metadata: metadata.jsonOrNil)
        report.count(type, inserted: inserted)
    }

    func accept(_ summary: HealthActivitySummary) throws {
        let type = "HKActivitySummary"
        report.seriesByType[type] = type
        guard let day = HealthDate("\(summary.day) 00:00:00 +0000") else {
            report.skip(type, reason: "unreadable dateComponents")
            return
        }
        var metadata = HealthSampleMetadata()
        metadata.add("activeEnergyBurnedGoal", summary.activeEnergyBurnedGoal)
        metadata.add("activeEnergyBurnedUnit", summary.activeEnergyBurnedUnit)
        metadata.add("appleMoveTime", summary.appleMoveTime)
        metadata.add("appleMoveTimeGoal", summary.appleMoveTimeGoal)
        metadata.add("appleExerciseTime", summary.appleExerciseTime)
        metadata.add("appleExerciseTimeGoal", summary.appleExerciseTimeGoal)
        metadata.add("appleStandHours", summary.appleStandHours)
        metadata.add("appleStandHoursGoal", summary.appleStandHoursGoal)
        let inserted = try insert(seriesID: type, start: day, end: day, value: summary.activeEnergyBurned ?? 0,
                                  category: nil, tag: nil, source: "Activity", metadata: metadata.jsonOrNil)
        report.count(type, inserted: inserted)
    }

    func accept(_ profile: HealthProfile) throws {
        report.profile = profile
        let epoch = HealthDate(utcSeconds: 0, offsetSeconds: 0)
        if let birth = profile.birthDate, let date = HealthDate("\(birth) 00:00:00 +0000") {
            let type = "HKCharacteristicTypeIdentifierDateOfBirth"
            report.seriesByType[type] = type
            report.count(type, inserted: try insert(seriesID: type, start: date, end: date, value: 0, category: birth,
                                                    tag: nil, source: "Health", metadata: nil))
        }
        if let sex = profile.biologicalSex {
            let type = "HKCharacteristicTypeIdentifierBiologicalSex"
            report.seriesByType[type] = type
            report.count(type, inserted: try insert(seriesID: type, start: epoch, end: epoch, value: 0, category: sex,
                                                    tag: nil, source: "Health", metadata: nil))
        }
    }

    func skipped(_ skip: HealthSkip) throws {
        samplesRead += 1
        report.skip(skip.type ?? skip.element, reason: "\(skip.reason)")
    }

    /// Inserts one row; true when it was new.
    private func insert(seriesID: String, start: HealthDate, end: HealthDate, value: Double, category: String?,
                        tag: String?, source: String, metadata: String?) throws -> Bool {
        let storedSource: String
        if let known = sources[source] {
            storedSource = known
        } else {
            storedSource = "apple-health:" + source
            sources[source] = storedSource
        }
        // Bound through the C API: GRDB's StatementArguments box every value, and this runs
        // once per record.
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        bind(handle, 1, seriesID)
        bind(handle, 2, subjectID)
        sqlite3_bind_int64(handle, 3, start.utcSeconds)
        sqlite3_bind_int64(handle, 4, end.utcSeconds)
        sqlite3_bind_int64(handle, 5, Int64(start.offsetSeconds))
        sqlite3_bind_double(handle, 6, value)
        bind(handle, 7, category ?? "")
        bind(handle, 8, tag ?? "")
        bind(handle, 9, storedSource)
        if let metadata { bind(handle, 10, metadata) } else { sqlite3_bind_null(handle, 10) }
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else {
            sqlite3_reset(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code),
                                message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
        return sqlite3_changes(db.sqliteConnection) > 0
    }

    private func bind(_ handle: OpaquePointer, _ index: Int32, _ text: String) {
        if text.isEmpty {
            sqlite3_bind_text(handle, index, "", 0, StoreSampleSink.transient)
            return
        }
        var text = text
        text.withUTF8 { utf8 in
            _ = sqlite3_bind_text(handle, index, utf8.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                                  Int32(utf8.count), StoreSampleSink.transient)
        }
    }

    /// SQLite's SQLITE_TRANSIENT: copy the bytes before `bind` returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// The meal slot of a nutrition record (`meal` metadata in any case): breakfast, lunch, dinner, snack.
    private func mealTag(_ metadata: [MetadataEntry]) -> String? {
        guard !metadata.isEmpty else { return nil }
        for entry in metadata where entry.key.count == 4 || entry.key == "HKFoodMeal" {
            guard entry.key.lowercased() == "meal" || entry.key == "HKFoodMeal" else { continue }
            let slot = entry.value.lowercased()
            if ["breakfast", "lunch", "dinner", "snack"].contains(slot) { return slot }
        }
        return nil
    }
}
