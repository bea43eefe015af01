import Foundation

/// A stored sample with its row id, for listing and correcting entries.
public struct StoredEntry: Sendable, Hashable {
    public var id: Int64
    public var sample: Sample

    public init(id: Int64, sample: Sample) {
        self.id = id
        self.sample = sample
    }

    /// Whether it came from an import (Apple Health, CSV, the demo) rather than `vitals log`.
    public var isImported: Bool { sample.source != "manual" }
    /// Wall-clock seconds at the recorded offset.
    public var localStart: Int64 { Int64(sample.start.timeIntervalSince1970) + Int64(sample.utcOffsetSeconds) }
}

extension SampleStore {
    /// Entries whose wall-clock start lies in `[localFrom, localTo)` (nil: open), oldest first.
    public func entries(
        series: String? = nil, subject: String? = nil, localFrom: Int64? = nil,
        localTo: Int64? = nil, limit: Int? = nil
    ) throws -> [StoredEntry] {
        var conditions: [String] = []
        var arguments: StoreArguments = []
        if let series {
            conditions.append("series = ?")
            arguments += [series]
        }
        if let subject {
            conditions.append("subject = ?")
            arguments += [subject]
        }
        if let localFrom {
            conditions.append("local_start >= ?")
            arguments += [localFrom]
        }
        if let localTo {
            conditions.append("local_start < ?")
            arguments += [localTo]
        }
        var sql =
            "SELECT id, local_start, series, subject, start, \"end\", utc_offset, value, category, tag, source, note, metadata, NULL AS source_version, NULL AS device FROM sample"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        // The newest `limit` entries, shown oldest first.
        sql += " ORDER BY local_start DESC, id DESC"
        if let limit {
            sql += " LIMIT ?"
            arguments += [limit]
        }
        sql = "SELECT * FROM (\(sql)) AS newest ORDER BY local_start, id"
        let query = sql
        return try inSnapshot { db in
            try db.fetchAll(sql: query, arguments: arguments).map {
                StoredEntry(id: $0["id"], sample: SampleStore.sample(from: $0))
            }
        }
    }

    /// The entry with row id `id`, or nil.
    public func entry(id: Int64) throws -> StoredEntry? {
        try inSnapshot { db in
            try db.fetchOne(
                sql: """
                    SELECT id, series, subject, start, "end", utc_offset, value, category, tag, source, note, metadata,
                        NULL AS source_version, NULL AS device FROM sample WHERE id = ?
                    """, arguments: [id]
            ).map { StoredEntry(id: $0["id"], sample: SampleStore.sample(from: $0)) }
        }
    }

    /// Inserts what one `vitals log` command writes, as one batch: its new rows carry the id
    /// of the first of them in `log_batch`, which `lastLogged` undoes together. Returns how
    /// many were new (a sample already stored keeps its own batch).
    @discardableResult
    public func insertLogged(_ samples: [Sample]) throws -> Int {
        try inTransaction { db in
            let before = try db.fetchValue(Int64.self, sql: "SELECT MAX(id) FROM sample") ?? 0
            let inserted = try SampleStore.insert(samples, into: db)
            guard inserted > 0 else { return 0 }
            // The new rows: past the largest id before, by their natural key (unique).
            var ids: [Int64] = []
            for sample in samples {
                let id = try db.fetchValue(
                    Int64.self,
                    sql: """
                        SELECT id FROM sample WHERE id > ? AND series = ? AND subject = ? AND start = ? AND "end" = ? AND value = ?
                            AND category = ? AND tag = ? AND source = ? AND log_batch IS NULL
                        """,
                    arguments: [
                        before, sample.seriesID, sample.subjectID, Int64(sample.start.timeIntervalSince1970),
                        Int64(sample.end.timeIntervalSince1970), sample.value, sample.category ?? "",
                        sample.tag ?? "", sample.source,
                    ])
                if let id { ids.append(id) }
            }
            guard let batch = ids.min() else { return inserted }
            for id in ids {
                try db.execute(sql: "UPDATE sample SET log_batch = ? WHERE id = ?", arguments: [batch, id])
            }
            return inserted
        }
    }

    /// The entries of the last `vitals log` of `subject`: the newest manual entry and those of
    /// the same command (its `log_batch`; a mixed dish adds one per category). An entry logged
    /// before schema v7 has no batch: then those logged with it at the same time with the same
    /// food.
    ///
    /// On a server several logins write, only this login's entries (`SQLDialect.loggedByThisLogin`):
    /// a coach's undo never takes back the owner's weigh-in.
    public func lastLogged(subject: String) throws -> [StoredEntry] {
        guard
            let last = try inSnapshot({ db in
                let mine = db.dialect.loggedByThisLogin.map { " AND " + $0 } ?? ""
                return try db.fetchOne(
                    sql: """
                        SELECT id, start, metadata, log_batch FROM sample WHERE source = 'manual' AND subject = ?\(mine) ORDER BY id DESC LIMIT 1
                        """, arguments: [subject])
            })
        else { return [] }
        let id: Int64 = last["id"]
        let start: Int64 = last["start"]
        let metadata: String? = last["metadata"]
        let batch: Int64? = last["log_batch"]
        let ids = try inSnapshot { db in
            let mine = db.dialect.loggedByThisLogin.map { " AND " + $0 } ?? ""
            if let batch {
                return try db.fetchValues(
                    Int64.self,
                    sql: """
                        SELECT id FROM sample WHERE source = 'manual' AND subject = ? AND log_batch = ?\(mine) ORDER BY id
                        """, arguments: [subject, batch])
            }
            // NULLs compare as equal (`IS` on SQLite, IS NOT DISTINCT FROM in standard SQL).
            let same = db.dialect.nullSafeEquals
            return try db.fetchValues(
                Int64.self,
                sql: """
                    SELECT id FROM sample WHERE source = 'manual' AND subject = ? AND start = ? AND metadata \(same) ? AND id > ? AND id <= ?
                        AND log_batch IS NULL\(mine)
                    ORDER BY id
                    """, arguments: [subject, start, metadata, id - 32, id])
        }
        return try ids.compactMap { try entry(id: $0) }
    }

    /// Deletes entries by id; returns how many were deleted.
    @discardableResult
    public func deleteEntries(_ ids: [Int64]) throws -> Int {
        try inTransaction { db in
            var count = 0
            for id in ids {
                count += try db.execute(sql: "DELETE FROM sample WHERE id = ?", arguments: [id])
            }
            return count
        }
    }

    /// Replaces the entry `id` with `sample` (same row id), with its natural key recomputed.
    /// Refused when another entry already has that natural key.
    public func replaceEntry(id: Int64, with sample: Sample) throws {
        let start = Int64(sample.start.timeIntervalSince1970)
        let end = Int64(sample.end.timeIntervalSince1970)
        let category = sample.category ?? ""
        let tag = sample.tag ?? ""
        let key = SampleKey.value(
            series: sample.seriesID, subject: sample.subjectID, start: start, end: end,
            value: sample.value, category: category, tag: tag, source: sample.source)
        try inTransaction { db in
            // The natural key's hash finds the candidates through its index (a row written
            // without one is looked at too); its eight columns decide.
            let other = try db.fetchValue(
                Int64.self,
                sql: """
                    SELECT id FROM sample WHERE (key_hash = ? OR key_hash IS NULL) AND series = ? AND subject = ? AND start = ? AND "end" = ?
                        AND value = ? AND category = ? AND tag = ? AND source = ? AND id <> ?
                    """,
                arguments: [
                    key, sample.seriesID, sample.subjectID, start, end, sample.value, category, tag,
                    sample.source, id,
                ])
            if let other {
                throw EntryError.duplicate(existingID: other, entryID: id)
            }
            try db.execute(
                sql: """
                    UPDATE sample SET series = ?, subject = ?, start = ?, "end" = ?, utc_offset = ?, local_start = ?,
                        value = ?, category = ?, tag = ?, source = ?, note = ?, metadata = ?, key_hash = ?
                    WHERE id = ?
                    """,
                arguments: [
                    sample.seriesID, sample.subjectID, start, end, sample.utcOffsetSeconds,
                    start + Int64(sample.utcOffsetSeconds), sample.value, category, tag, sample.source,
                    sample.note, sample.metadata, key, id,
                ])
        }
    }
}
