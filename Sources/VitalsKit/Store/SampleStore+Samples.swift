import Foundation

extension SampleStore {
    /// Inserts samples in one transaction, skipping any whose natural key is already stored.
    ///
    /// Returns how many rows were new. Callers validate first (`SampleValidator`); this only
    /// enforces the schema.
    @discardableResult
    public func insert(_ samples: [Sample]) throws -> Int {
        try inTransaction { db in try SampleStore.insert(samples, into: db) }
    }

    /// `insert`, through the backend's bulk inserter (COPY on PostgreSQL): for imports of many samples.
    @discardableResult
    public func insertBulk(_ samples: [Sample]) throws -> Int {
        try inTransaction { db in try SampleStore.insert(samples, through: try db.makeBulkInserter()) }
    }

    package static func insert(_ samples: [Sample], into db: StoreDatabase) throws -> Int {
        try insert(samples, through: try db.makeInserter())
    }

    /// Stages `samples` in `inserter` group by group; returns how many rows were new.
    static func insert(_ samples: [Sample], through inserter: any SampleStaging) throws -> Int {
        var inserted = 0
        for sample in samples {
            let start = Int64(sample.start.timeIntervalSince1970)
            let end = Int64(sample.end.timeIntervalSince1970)
            let category = sample.category ?? ""
            let tag = sample.tag ?? ""
            let key = SampleKey.value(
                series: sample.seriesID, subject: sample.subjectID, start: start, end: end,
                value: sample.value, category: category, tag: tag, source: sample.source)
            inserter.stage(
                series: sample.seriesID, subject: sample.subjectID, start: start, end: end,
                utcOffset: Int64(sample.utcOffsetSeconds), value: sample.value,
                category: category, tag: tag, source: sample.source, note: sample.note,
                metadata: sample.metadata, key: key)
            if inserter.isGroupFull { try inserter.flush { if $1 == .new { inserted += 1 } } }
        }
        try inserter.flush { if $1 == .new { inserted += 1 } }
        return inserted
    }

    /// Samples whose start lies in `[from, to)`, oldest first; nil bounds are open.
    ///
    /// Meant for short spans (one night's hypnogram, an export); charts use `MetricQuery`.
    public func samples(
        series: String? = nil, subject: String? = nil,
        from: Date? = nil, to: Date? = nil, limit: Int? = nil
    ) throws -> [Sample] {
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
        // The same bounds on local_start, widened by the largest UTC offset, let the
        // (series, subject, local_start) index find the range (schema v3 has no index on start).
        if let from {
            let seconds = Int64(from.timeIntervalSince1970.rounded(.up))
            conditions.append("start >= ? AND local_start >= ?")
            arguments += [seconds, seconds - 64_800]
        }
        if let to {
            let seconds = Int64(to.timeIntervalSince1970.rounded(.up))
            conditions.append("start < ? AND local_start < ?")
            arguments += [seconds, seconds + 64_800]
        }
        var sql = """
            SELECT series, subject, start, "end", utc_offset, value, category, tag, source, note, metadata,
                sample_origin.source_version, sample_origin.device
            FROM sample LEFT JOIN sample_origin ON sample_origin.id = sample.origin
            """
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY series, subject, start, sample.id"
        if let limit {
            sql += " LIMIT ?"
            arguments += [limit]
        }
        let query = sql
        return try inSnapshot { db in
            try db.fetchAll(sql: query, arguments: arguments).map(SampleStore.sample(from:))
        }
    }

    static func sample(from row: StoreRow) -> Sample {
        let category: String = row["category"]
        let tag: String = row["tag"]
        return Sample(
            seriesID: row["series"], subjectID: row["subject"],
            start: Date(timeIntervalSince1970: TimeInterval(row["start"] as Int64)),
            end: Date(timeIntervalSince1970: TimeInterval(row["end"] as Int64)),
            utcOffsetSeconds: row["utc_offset"], value: row["value"],
            category: category.isEmpty ? nil : category, tag: tag.isEmpty ? nil : tag,
            source: row["source"], note: row["note"],
            metadata: withOrigin(row["metadata"], sourceVersion: row["source_version"], device: row["device"]))
    }

    /// A sample's metadata object with its `sample_origin` (schema v4) put back in as the
    /// `sourceVersion` and `device` members, after the stored ones.
    static func withOrigin(_ metadata: String?, sourceVersion: String?, device: String?) -> String? {
        var members: [String] = []
        if let sourceVersion { members.append(#""sourceVersion":"# + JSONBytes.quoted(sourceVersion)) }
        if let device { members.append(#""device":"# + JSONBytes.quoted(device)) }
        guard !members.isEmpty else { return metadata }
        let added = members.joined(separator: ",")
        guard let metadata else { return "{" + added + "}" }
        guard metadata.hasSuffix("}") else { return metadata }
        let open = metadata.dropLast().trimmingCharacters(in: .whitespaces)
        return open + (open == "{" ? "" : ",") + added + "}"
    }

    /// Whether the store holds no sample and no milestone.
    public func isEmpty() throws -> Bool {
        try inSnapshot { db in
            try db.fetchValue(
                Bool.self, sql: "SELECT NOT EXISTS (SELECT 1 FROM sample) AND NOT EXISTS (SELECT 1 FROM milestone)")
                ?? false
        }
    }

    /// How many samples the store holds (for one series and subject, or all).
    public func count(series: String? = nil, subject: String? = nil) throws -> Int {
        try inSnapshot { db in
            var sql = "SELECT COUNT(*) FROM sample WHERE 1 = 1"
            var arguments: StoreArguments = []
            if let series {
                sql += " AND series = ?"
                arguments += [series]
            }
            if let subject {
                sql += " AND subject = ?"
                arguments += [subject]
            }
            return try db.fetchValue(Int.self, sql: sql, arguments: arguments) ?? 0
        }
    }

    // MARK: Milestones

    /// Marks a milestone done on a date; marking it again moves the date.
    public func markMilestone(_ record: MilestoneRecord) throws {
        _ = try inTransaction { db in
            try db.execute(
                sql: """
                    INSERT INTO milestone (subject, milestone, done_on, note) VALUES (?, ?, ?, ?)
                    ON CONFLICT(subject, milestone) DO UPDATE SET done_on = excluded.done_on, note = excluded.note
                    """, arguments: [record.subjectID, record.milestoneID, record.doneOn.description, record.note])
        }
    }

    /// Forgets that a milestone was done; returns whether it was recorded.
    @discardableResult
    public func unmarkMilestone(subject: String, milestone: String) throws -> Bool {
        try inTransaction { db in
            try db.execute(
                sql: "DELETE FROM milestone WHERE subject = ? AND milestone = ?",
                arguments: [subject, milestone]) > 0
        }
    }

    /// The milestones done for a subject, by date.
    public func milestones(subject: String) throws -> [MilestoneRecord] {
        try inSnapshot { db in
            try db.fetchAll(
                sql: """
                    SELECT milestone, done_on, note FROM milestone WHERE subject = ? ORDER BY done_on, milestone
                    """, arguments: [subject]
            ).compactMap { row in
                guard let date = LocalDate(iso: row["done_on"]) else { return nil }
                return MilestoneRecord(
                    subjectID: subject, milestoneID: row["milestone"], doneOn: date,
                    note: row["note"])
            }
        }
    }
}
