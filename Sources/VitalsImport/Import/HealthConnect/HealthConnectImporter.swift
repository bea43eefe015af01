import Foundation
import GRDB
import VitalsKit

/// Android's Health Connect "Export all data": a zip holding one unencrypted SQLite file,
/// `health_connect_export.db` (or that file itself), read straight from its record tables.
///
/// Every row keeps its own zone offset; its source is the app that wrote it
/// (`health-connect:<package>`, from `application_info_table`), and the export's own app
/// priorities per data category are stored as the ranking of the series each category fed
/// (for `overlapping_sources: priority`) and reported on the receipt (`HealthConnectPriority`). Nutrition's "not recorded"
/// (5e-324) is skipped, never stored. Sleep sessions of under a minute next to a night are
/// merged into it (`HealthConnectSleep`). Rows are read through cursors: memory stays flat
/// whatever the size of the export.
package struct HealthConnectImporter: Importer {
    package static let id = "health-connect"
    package static let name = "Health Connect (Android: the zip of Export all data, or health_connect_export.db)"
    static let databaseName = "health_connect_export.db"
    /// The oldest schema read (DB_VERSION_UUID_BLOB, Android 14's Health Connect); an older
    /// file lacks columns the record tables are read by.
    static let oldestVersion = 9

    let mapping: HealthSampleMapping
    /// The catalog's series by id, for the receipt's lines on which source counts.
    let series: [String: Series]

    package init(context: ImportContext) throws {
        mapping = HealthSampleMapping(
            series: context.catalog.series,
            subjectKind: context.catalog.subject(context.subjectID)?.kind ?? .human)
        series = Dictionary(context.catalog.series.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// An importer with an explicit mapping (tests), and the series it names.
    package init(mapping: HealthSampleMapping, series: [Series] = []) {
        self.mapping = mapping
        self.series = Dictionary(series.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    package static func recognises(_ source: ImportSource) -> Bool {
        if source.isZip { return source.zipHolds(databaseName) }
        return source.isSQLite && source.sqliteTables.contains("application_info_table")
            && source.sqliteTables.contains { $0.hasSuffix("_record_table") }
    }

    package func read(_ source: ImportSource, into sink: any ImportSink) throws {
        var extracted: ExtractedEntry?
        var path = source.path
        if source.isZip {
            let directory: ZipDirectory
            do { directory = try ZipDirectory(path: source.path) } catch let damage as ZipDirectory.Damage {
                throw ImporterError.unreadable(
                    file: source.path, reason: "the zip cannot be read: \(damage.description)")
            }
            guard
                let entry = directory.entries.first(where: {
                    $0.path == Self.databaseName || $0.path.hasSuffix("/" + Self.databaseName)
                })
            else {
                throw ImporterError.unexpected(
                    file: source.path, expected: Self.databaseName + " in the zip",
                    found: directory.entries.prefix(5).map(\.path).joined(separator: ", "))
            }
            extracted = try ExtractedEntry(entry, of: source.path)
            path = extracted!.path
        }
        defer { _ = extracted }
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            try queue.read { db in
                var reader = try HealthConnectReader(db: db, file: source.path, mapping: mapping, sink: sink)
                try reader.readAll(series: series)
            }
        } catch let error as DatabaseError {
            throw ImporterError.unreadable(
                file: source.path,
                reason: "its database cannot be read: "
                    + (error.message ?? "SQLite error \(error.resultCode.rawValue)"))
        }
    }
}

/// One pass over an export's tables, inside one read transaction.
struct HealthConnectReader {
    let db: Database
    let file: String
    let mapping: HealthSampleMapping
    let sink: any ImportSink
    /// `sink`, noting what each data category fed.
    let writes: HealthConnectWrites
    /// Sources by `application_info_table.row_id`.
    private(set) var apps: [Int64: String] = [:]
    let tables: Set<String>

    init(db: Database, file: String, mapping: HealthSampleMapping, sink: any ImportSink) throws {
        self.db = db
        self.file = file
        self.mapping = mapping
        writes = HealthConnectWrites(sink)
        self.sink = writes
        tables = Set(
            try Row.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'").compactMap {
                Self.text($0, 0)
            })
        let version = try Row.fetchOne(db, sql: "PRAGMA user_version").flatMap { Self.int($0, 0) } ?? 0
        guard version >= HealthConnectImporter.oldestVersion else {
            throw ImporterError.unexpected(
                file: file,
                expected: "a Health Connect database of schema version "
                    + "\(HealthConnectImporter.oldestVersion) or later (Android 14 and later)",
                found: "schema version \(version)")
        }
        guard tables.contains("application_info_table") else {
            throw ImporterError.unexpected(file: file, expected: "the table application_info_table", found: "none")
        }
        try requireColumns("application_info_table", ["row_id", "package_name"])
        for row in try Row.fetchAll(db, sql: "SELECT row_id, package_name FROM application_info_table") {
            if let id = Self.int(row, 0), let package = Self.text(row, 1) {
                apps[id] = "health-connect:" + package
            }
        }
    }

    func source(_ app: Int64?) -> String { app.flatMap { apps[$0] } ?? "health-connect:unknown" }

    /// Refuses a table without the columns it is read by, naming them.
    func requireColumns(_ table: String, _ columns: [String]) throws {
        let present = Set(
            try Row.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])
                .compactMap { Self.text($0, 0) })
        let missing = columns.filter { !present.contains($0) }
        guard missing.isEmpty else {
            throw ImporterError.unexpected(
                file: file, expected: "\(table) with the columns " + columns.joined(separator: ", "),
                found: "no " + missing.joined(separator: ", "))
        }
    }

    /// Reads every table; `series` are the catalog's (for the receipt's lines on sources).
    mutating func readAll(series: [String: Series] = [:]) throws {
        for table in HealthConnectTable.all where tables.contains(table.table) {
            writes.category = table.category
            try read(table)
        }
        if tables.contains("heart_rate_record_table"), tables.contains("heart_rate_record_series_table") {
            writes.category = 6
            try readHeartRate()
        }
        if tables.contains("exercise_session_record_table") {
            writes.category = 1
            try readExercise()
        }
        if tables.contains("sleep_session_record_table") {
            writes.category = 5
            try HealthConnectSleep(reader: self).read()
        }
        try HealthConnectPriority(reader: self, writes: writes, series: series).apply()
    }

    /// A column's value as an integer, text or number, or nil (NULL, or another type: a damaged
    /// file must not trap on a conversion).
    static func int(_ row: Row, _ index: Int) -> Int64? {
        let value: DatabaseValue = row[index]
        if case .int64(let number) = value.storage { return number }
        if case .double(let number) = value.storage, number.isFinite, number.rounded() == number, abs(number) < 9e18 {
            return Int64(number)
        }
        return nil
    }

    static func double(_ row: Row, _ index: Int) -> Double? {
        let value: DatabaseValue = row[index]
        switch value.storage {
        case .int64(let number): return Double(number)
        case .double(let number): return number
        default: return nil
        }
    }

    static func text(_ row: Row, _ index: Int) -> String? {
        let value: DatabaseValue = row[index]
        if case .string(let text) = value.storage { return text }
        return nil
    }

    /// UTC seconds of epoch milliseconds, rounded down.
    static func seconds(_ millis: Int64) -> Int64 { millis >= 0 ? millis / 1000 : -((-millis + 999) / 1000) }

    /// Maps one value as HealthKit type `type` in `unit` and hands it to the sink, or skips it.
    func emit(
        type: String, target: HealthSampleMapping.TypeTarget, unit: String?, value: HealthValue,
        start: Int64, end: Int64, offset: Int64, source: String, tag: String? = nil, metadata: String? = nil
    ) throws {
        let record = HealthRecord(
            type: type, sourceName: source, unit: unit, value: value,
            startDate: HealthDate(utcSeconds: start, offsetSeconds: Int32(clamping: offset)),
            endDate: HealthDate(utcSeconds: end, offsetSeconds: Int32(clamping: offset)))
        switch mapping.map(record, target: target, convert: HealthKitUnit.convert) {
        case .series(let seriesID, let mapped, let category), .unmapped(let seriesID, let mapped, let category):
            try sink.add(
                ImportedSample(
                    seriesID: seriesID, start: start, end: end, utcOffset: Int(clamping: offset),
                    value: mapped, category: category, tag: tag, source: source, metadata: metadata))
        case .skipped(let reason):
            sink.skip("\(type): \(reason)")
        }
    }

    private func read(_ table: HealthConnectTable) throws {
        let time = table.interval ? ["start_time", "end_time", "start_zone_offset"] : ["time", "zone_offset"]
        let columns = time + [table.column, "app_info_id"] + (table.mealColumn.map { [$0] } ?? [])
        try requireColumns(table.table, columns)
        let target = mapping.target(for: table.type)
        let quoted = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        let rows = try Row.fetchCursor(db, sql: "SELECT \(quoted) FROM \"\(table.table)\"")
        let location = "\(table.table).\(table.column)"
        while let row = try rows.next() {
            guard let start = Self.int(row, 0) else {
                sink.skip("\(location): no time")
                continue
            }
            let end = table.interval ? (Self.int(row, 1) ?? start) : start
            let offset = Self.int(row, table.interval ? 2 : 1) ?? 0
            let valueIndex = time.count
            guard let raw = Self.double(row, valueIndex) else {
                sink.skip("\(location): no value")
                continue
            }
            if raw == HealthConnectTable.notRecorded {
                sink.skip("\(location): not recorded (5e-324)")
                continue
            }
            let app = Self.int(row, valueIndex + 1)
            let tag = table.mealColumn != nil ? HealthConnectTable.meal(Self.int(row, valueIndex + 2)) : nil
            try emit(
                type: table.type, target: target, unit: table.unit, value: .number(raw * table.factor),
                start: Self.seconds(start), end: Self.seconds(end), offset: offset, source: source(app), tag: tag)
        }
    }

    /// Heart rate: each sample of a record's series is one beat rate at its own instant, at the
    /// record's offset.
    private func readHeartRate() throws {
        try requireColumns("heart_rate_record_table", ["row_id", "start_zone_offset", "app_info_id"])
        try requireColumns("heart_rate_record_series_table", ["parent_key", "beats_per_minute", "epoch_millis"])
        let type = "HKQuantityTypeIdentifierHeartRate"
        let target = mapping.target(for: type)
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT s.epoch_millis, s.beats_per_minute, h.start_zone_offset, h.app_info_id
                FROM heart_rate_record_series_table s JOIN heart_rate_record_table h ON h.row_id = s.parent_key
                """)
        while let row = try rows.next() {
            guard let millis = Self.int(row, 0), let bpm = Self.double(row, 1) else {
                sink.skip("heart rate: no time or value")
                continue
            }
            let at = Self.seconds(millis)
            try emit(
                type: type, target: target, unit: "count/min", value: .number(bpm), start: at, end: at,
                offset: Self.int(row, 2) ?? 0, source: source(Self.int(row, 3)))
        }
    }

    /// Exercise sessions: the minutes of each, into the series its type feeds (as an Apple
    /// Health workout of the same activity would), else kept under `HKWorkoutTypeIdentifier`.
    private func readExercise() throws {
        try requireColumns(
            "exercise_session_record_table",
            ["start_time", "end_time", "start_zone_offset", "exercise_type", "app_info_id"])
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT start_time, end_time, start_zone_offset, exercise_type, app_info_id FROM exercise_session_record_table
                """)
        while let row = try rows.next() {
            guard let startMillis = Self.int(row, 0), let endMillis = Self.int(row, 1) else {
                sink.skip("exercise session: no time")
                continue
            }
            let start = Self.seconds(startMillis)
            let end = Self.seconds(endMillis)
            let offset = Self.int(row, 2) ?? 0
            let kind = HealthConnectTable.exerciseTypes[Self.int(row, 3) ?? 0] ?? "other"
            let app = source(Self.int(row, 4))
            let activity = "HKWorkoutActivityType" + (Self.activities[kind] ?? "Other")
            let date = { HealthDate(utcSeconds: $0, offsetSeconds: Int32(clamping: offset)) }
            let workout = HealthWorkout(
                activityType: activity, sourceName: app, startDate: date(start),
                endDate: date(end), metadata: [], statistics: [], events: [], routeFiles: [])
            let metadata = "{\"exerciseType\":\"\(kind)\"}"
            switch mapping.map(workout) {
            case .series(let seriesID, let minutes):
                try sink.add(
                    ImportedSample(
                        seriesID: seriesID, start: start, end: end, utcOffset: Int(clamping: offset),
                        value: minutes, source: app, metadata: metadata))
            case .unmapped(let minutes):
                try sink.add(
                    ImportedSample(
                        seriesID: "HKWorkoutTypeIdentifier", start: start, end: end,
                        utcOffset: Int(clamping: offset), value: minutes, category: activity,
                        source: app, metadata: metadata))
            case .skipped(let reason):
                sink.skip("exercise session (\(kind)): \(reason)")
            }
        }
    }

    /// Health Connect exercise types as the HealthKit activity of the same name.
    static let activities: [String: String] = [
        "running": "Running", "running_treadmill": "Running", "walking": "Walking", "hiking": "Hiking",
        "biking": "Cycling", "biking_stationary": "Cycling", "swimming_pool": "Swimming",
        "swimming_open_water": "Swimming", "rowing": "Rowing", "rowing_machine": "Rowing",
        "elliptical": "Elliptical", "stair_climbing": "StairClimbing", "dancing": "Dance",
        "strength_training": "TraditionalStrengthTraining", "weightlifting": "TraditionalStrengthTraining",
        "calisthenics": "FunctionalStrengthTraining",
        "high_intensity_interval_training": "HighIntensityIntervalTraining",
        "boot_camp": "CrossTraining", "yoga": "Yoga", "pilates": "Pilates", "stretching": "Flexibility",
        "martial_arts": "MartialArts", "tennis": "Tennis", "soccer": "Soccer", "golf": "Golf",
    ]
}
