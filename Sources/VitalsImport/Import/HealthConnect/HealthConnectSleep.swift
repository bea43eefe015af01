import GRDB
import VitalsKit

/// Sleep sessions and their stages, as Apple Health's sleep analysis: each night one `in_bed`
/// span, each stage its own sample (light → core, deep, REM, awake), a session without stages
/// one `asleep_unspecified` span.
///
/// Some apps write a night as many sessions, some of them a few seconds long. A session of
/// under `microSession` seconds is no night of its own: it joins the night of the same app
/// that it lies within `joinGap` of (its stages or its span still count), and one with no
/// night near is skipped, counted on the receipt.
struct HealthConnectSleep {
    let reader: HealthConnectReader
    static let microSession: Int64 = 60
    static let joinGap: Int64 = 3600
    static let type = "HKCategoryTypeIdentifierSleepAnalysis"

    struct Session {
        var id: Int64
        var start: Int64
        var end: Int64
        var offset: Int64
        var app: Int64?
        var isMicro: Bool { end - start < HealthConnectSleep.microSession }
    }

    /// Sessions grouped into nights: each night's sessions of one app, in time order.
    static func nights(_ sessions: [Session]) -> [[Session]] {
        var nights: [[Session]] = []
        for session in sessions.sorted(by: { ($0.app ?? -1, $0.start) < ($1.app ?? -1, $1.start) }) {
            if var night = nights.last, night[0].app == session.app,
                let end = night.map(\.end).max(), session.start - end <= joinGap,
                session.isMicro || night.allSatisfy(\.isMicro)
            {
                night.append(session)
                nights[nights.count - 1] = night
            } else {
                nights.append([session])
            }
        }
        return nights
    }

    func read() throws {
        try reader.requireColumns(
            "sleep_session_record_table", ["row_id", "start_time", "end_time", "start_zone_offset", "app_info_id"])
        var sessions: [Session] = []
        for row in try Row.fetchAll(
            reader.db,
            sql: """
                SELECT row_id, start_time, end_time, start_zone_offset, app_info_id FROM sleep_session_record_table
                """)
        {
            typealias R = HealthConnectReader
            guard let id = R.int(row, 0), let start = R.int(row, 1), let end = R.int(row, 2) else {
                reader.sink.skip("sleep session: no time")
                continue
            }
            sessions.append(
                Session(
                    id: id, start: HealthConnectReader.seconds(start), end: HealthConnectReader.seconds(end),
                    offset: R.int(row, 3) ?? 0, app: R.int(row, 4)))
        }
        var stages: [Int64: [(start: Int64, end: Int64, type: Int64)]] = [:]
        if reader.tables.contains("sleep_stages_table") {
            try reader.requireColumns(
                "sleep_stages_table", ["parent_key", "stage_start_time", "stage_end_time", "stage_type"])
            let rows = try Row.fetchCursor(
                reader.db,
                sql: """
                    SELECT parent_key, stage_start_time, stage_end_time, stage_type FROM sleep_stages_table
                    """)
            while let row = try rows.next() {
                typealias R = HealthConnectReader
                guard let parent = R.int(row, 0), let start = R.int(row, 1), let end = R.int(row, 2) else {
                    reader.sink.skip("sleep stage: no time")
                    continue
                }
                stages[parent, default: []].append(
                    (HealthConnectReader.seconds(start), HealthConnectReader.seconds(end), R.int(row, 3) ?? 0))
            }
        }
        let target = reader.mapping.target(for: Self.type)
        var merged = 0
        defer {
            if merged > 0 {
                reader.sink.note("\(merged) sleep sessions under \(Self.microSession) s merged into their nights")
            }
        }
        for night in Self.nights(sessions) {
            if night.allSatisfy(\.isMicro) {
                reader.sink.skip("sleep session under \(Self.microSession) s with no night near", count: night.count)
                continue
            }
            merged += night.count - 1
            let first = night[0]
            let source = reader.source(first.app)
            let end = night.map(\.end).max() ?? first.end
            try reader.emit(
                type: Self.type, target: target, unit: nil, value: .category("HKCategoryValueSleepAnalysisInBed"),
                start: first.start, end: end, offset: first.offset, source: source)
            for session in night {
                guard let own = stages[session.id], !own.isEmpty else {
                    try reader.emit(
                        type: Self.type, target: target, unit: nil,
                        value: .category("HKCategoryValueSleepAnalysisAsleepUnspecified"),
                        start: session.start, end: session.end, offset: session.offset, source: source)
                    continue
                }
                for stage in own {
                    guard let value = HealthConnectTable.sleepValue(stage.type) else {
                        reader.sink.skip(
                            "sleep stage \(stage.type == 3 ? "out of bed" : "of unknown type \(stage.type)")")
                        continue
                    }
                    try reader.emit(
                        type: Self.type, target: target, unit: nil, value: .category(value),
                        start: stage.start, end: stage.end, offset: session.offset, source: source)
                }
            }
        }
    }
}
