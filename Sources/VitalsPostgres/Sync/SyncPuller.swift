#if PostgreSQL
    import Foundation
    import GRDB
    import VitalsKit
    import VitalsSQLite

    /// `vitals pull`: brings the server's samples (of the subjects the login may read: row-level
    /// security filters them) and milestones that the local file lacks, and the source orders
    /// imports stated on the server (`SyncSourceRanks`).
    ///
    /// The server is read in one REPEATABLE READ snapshot, in `sample.id` order, a batch at a
    /// time; each batch is inserted locally (the SQLite inserter's natural-key check skips what is
    /// there) in the same local transaction as the `sync_state` row saying how far it got. What a
    /// pull must read is decided by transaction ids rather than row ids, since a transaction that
    /// began earlier (a lower id) can commit later: rows carry the id of the transaction that wrote
    /// them (`sample.xact`), and every transaction below a snapshot's xmin had ended when the
    /// snapshot was taken. A finished pull records that xmin as its mark; the next pull reads the
    /// rows with `xact >= mark`, so a row committed late is still read, at worst twice (counted as
    /// already there). An interrupted pull resumes past the last id it stored, and re-reads below
    /// it only the rows its first snapshot could not see (`xact >= round_xmin`).
    public struct SyncPuller {
        public var batchSize = 5_000
        let environment: [String: String]

        public init(batchSize: Int = 5_000, environment: [String: String] = ProcessInfo.processInfo.environment) {
            self.batchSize = max(1, batchSize)
            self.environment = environment
        }

        public func pull(from url: String, into file: String, createDirectory: Bool = false) throws -> SyncSummary {
            let started = Date()
            guard !PostgresTarget.isURL(file) else { throw SyncError.notAFile(file) }
            guard PostgresTarget.isURL(url) else { throw SyncError.notAServer(url) }
            let server = try SampleStore.openPostgres(url: url, forWriting: false, environment: environment)
            defer { try? server.close() }
            guard let session = server.postgres else { throw SyncError.notAServer(url) }
            let local = try SampleStore.open(path: file, createDirectory: createDirectory)
            defer { try? local.close() }
            let remote = session.target.display
            var summary = SyncSummary(direction: .pull)
            var state = try local.read { db in try SyncState.load(db, remote: remote, direction: .pull) }

            try session.transaction {
                try session.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                let xmin =
                    try session.query("SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint").first?.first?
                    .int64 ?? 0
                if state.lastID == 0 { state.roundXmin = xmin }
                let resumedBelow = state.lastID
                var after: Int64 = 0
                var batches = 0
                while true {
                    let rows = try session.query(
                        """
                        SELECT s.id, s.series, s.subject, s.start, s."end", s.utc_offset, s.value, s.category, s.tag,
                            s.source, s.note, s.metadata, o.source_version, o.device
                        FROM sample s LEFT JOIN sample_origin o ON o.id = s.origin
                        WHERE s.id > $1 AND ((s.xact >= $2 AND s.id > $3) OR (s.xact >= $4 AND s.id <= $3))
                        ORDER BY s.id LIMIT $5
                        """,
                        [
                            .integer(after), .integer(state.mark), .integer(resumedBelow), .integer(state.roundXmin),
                            .integer(Int64(batchSize)),
                        ])
                    guard let last = rows.last, let lastID = last[0].int64 else { break }
                    after = lastID
                    state.lastID = max(state.lastID, lastID)
                    let saved = state
                    try local.write { db in
                        try insert(rows, into: db, summary: &summary)
                        try saved.save(db, remote: remote, direction: .pull)
                    }
                    batches += 1
                    SyncFault.afterBatch(batches, environment: environment)
                }
                try pullMilestones(session: session, into: local, summary: &summary)
                try pullSourceRanks(session: session, into: local, summary: &summary)
                state = SyncState(lastID: 0, lastKey: nil, mark: max(state.mark, xmin), roundXmin: 0)
                let finished = state
                try local.write { db in try finished.save(db, remote: remote, direction: .pull) }
            }
            summary.seconds = Date().timeIntervalSince(started)
            return summary
        }

        /// Inserts a batch of server rows into the local file. A push mark that stood at the file's
        /// last row moves past the rows pulled in, so that the next push does not send them back.
        private func insert(_ rows: [[PostgresValue]], into db: Database, summary: inout SyncSummary) throws {
            try SyncState.createTable(db)
            let maxBefore = try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM sample") ?? 0
            let inserter = try SampleInserter(db: db)
            var origins: [SyncOriginKey: Int64] = [:]
            var staged: [String] = []
            for row in rows {
                let series = row[1].string ?? ""
                let subject = row[2].string ?? ""
                let start = row[3].int64 ?? 0
                let end = row[4].int64 ?? 0
                let value = row[6].double ?? 0
                let category = row[7].string ?? ""
                let tag = row[8].string ?? ""
                let source = row[9].string ?? ""
                var origin: Int64?
                let sourceVersion = row[12].string
                let device = row[13].string
                if sourceVersion != nil || device != nil {
                    let key = SyncOriginKey(sourceVersion: sourceVersion, device: device)
                    if let known = origins[key] {
                        origin = known
                    } else {
                        origin = try inserter.origin(sourceVersion: sourceVersion, device: device)
                        origins[key] = origin
                    }
                }
                staged.append(subject)
                inserter.stage(
                    series: series, subject: subject, start: start, end: end, utcOffset: row[5].int64 ?? 0,
                    value: value, category: category, tag: tag, source: source, note: row[10].string,
                    metadata: row[11].string, origin: origin,
                    key: SampleKey.value(
                        series: series, subject: subject, start: start, end: end,
                        value: value, category: category, tag: tag, source: source))
                if inserter.isGroupFull { try flush(inserter, subjects: &staged, summary: &summary) }
            }
            try flush(inserter, subjects: &staged, summary: &summary)
            // Move the push mark along when it stood at the last local row.
            let remotes = try Row.fetchAll(
                db,
                sql: """
                    SELECT remote, last_id FROM sync_state WHERE direction = 'push' AND last_id = ?
                    """, arguments: [maxBefore])
            if !remotes.isEmpty,
                let newMax = try Row.fetchOne(db, sql: "SELECT id, key_hash FROM sample ORDER BY id DESC LIMIT 1")
            {
                for remote in remotes {
                    try SyncState(lastID: newMax[0], lastKey: newMax[1]).save(db, remote: remote[0], direction: .push)
                }
            }
        }

        private func flush(_ inserter: SampleInserter, subjects: inout [String], summary: inout SyncSummary) throws {
            let staged = subjects
            try inserter.flush { index, outcome in
                if outcome == .new {
                    summary.samples += 1
                    summary.subjects.insert(staged[index])
                } else {
                    summary.alreadyThere += 1
                }
            }
            subjects.removeAll(keepingCapacity: true)
        }

        /// The server's source orders, read in the pull's snapshot (of the subjects the login
        /// may read), written where the local file holds them otherwise.
        private func pullSourceRanks(session: PostgresSession, into local: SampleStore, summary: inout SyncSummary)
            throws
        {
            // A server whose schema predates the table (opened read-only, so not upgraded) has none.
            guard try session.query("SELECT to_regclass('source_rank') IS NOT NULL").first?.first == .bool(true) else {
                return
            }
            let ranks = SyncSourceRanks(
                rows: try session.query(SyncSourceRanks.selectAll).map {
                    ($0[0].string ?? "", $0[1].string ?? "", $0[2].string ?? "")
                })
            guard !ranks.isEmpty else { return }
            summary.add(sourceRanks: try local.inTransaction { db in try ranks.apply(to: db) })
        }

        private func pullMilestones(session: PostgresSession, into local: SampleStore, summary: inout SyncSummary)
            throws
        {
            let rows = try session.query(
                "SELECT subject, milestone, done_on, note FROM milestone ORDER BY subject, milestone")
            guard !rows.isEmpty else { return }
            try local.write { db in
                for row in rows {
                    try db.execute(
                        sql: "INSERT OR IGNORE INTO milestone (subject, milestone, done_on, note) VALUES (?, ?, ?, ?)",
                        arguments: [row[0].string, row[1].string, row[2].string, row[3].string])
                    if db.changesCount == 1 { summary.milestones += 1 } else { summary.milestonesAlreadyThere += 1 }
                }
            }
        }
    }
#endif
