#if PostgreSQL
    import Foundation
    import GRDB
    import VitalsKit
    import VitalsSQLite

    /// `vitals push`: sends the local file's samples and milestones that the server lacks, and
    /// the source orders its imports stated (`SyncSourceRanks`).
    ///
    /// Local rows are read in `sample.id` order, a batch at a time; each batch goes to the server
    /// in one transaction (COPY into a temporary table, then `INSERT … ON CONFLICT DO NOTHING` on
    /// the natural key), and once the server has committed it, the local `sync_state` mark moves
    /// past it. A process killed between the two commits sends that batch again on the next run,
    /// and the natural key turns the second copy into "already there": nothing is ever stored
    /// twice and nothing is skipped. Samples deleted or edited locally after a push are not
    /// deleted or edited on the server (push only adds).
    public struct SyncPusher {
        public var batchSize = 5_000
        let environment: [String: String]

        public init(batchSize: Int = 5_000, environment: [String: String] = ProcessInfo.processInfo.environment) {
            self.batchSize = max(1, batchSize)
            self.environment = environment
        }

        public func push(file: String, to url: String) throws -> SyncSummary {
            let started = Date()
            guard !PostgresTarget.isURL(file) else { throw SyncError.notAFile(file) }
            guard PostgresTarget.isURL(url) else { throw SyncError.notAServer(url) }
            guard FileManager.default.fileExists(atPath: file) else { throw SyncError.missingFile(file) }
            let local = try SampleStore.open(path: file)
            defer { try? local.close() }
            let server = try SampleStore.openPostgres(url: url, forWriting: true, environment: environment)
            defer { try? server.close() }
            guard let session = server.postgres else { throw SyncError.notAServer(url) }
            let remote = session.target.display
            var summary = SyncSummary(direction: .push)

            var state = try local.read { db in try SyncState.load(db, remote: remote, direction: .push) }
            if state.lastID > 0 {
                let keyThere = try local.read { db in
                    try Int64.fetchOne(db, sql: "SELECT key_hash FROM sample WHERE id = ?", arguments: [state.lastID])
                }
                if keyThere != state.lastKey {
                    state = SyncState()
                    summary.restarted = true
                }
            }
            let ranks = try local.read { db in
                SyncSourceRanks(
                    rows: try Row.fetchAll(db, sql: SyncSourceRanks.selectAll).map { ($0[0], $0[1], $0[2]) })
            }
            // Refuse before sending anything when the login may not write one of the subjects.
            let subjects = try local.read { db in
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT subject FROM sample WHERE id > ? UNION SELECT subject FROM milestone ORDER BY 1
                        """, arguments: [state.lastID])
            }
            let refused = try PostgresGrants(session: session).subjectsNotWritable(
                Array(Set(subjects).union(ranks.subjects)).sorted())
            if !refused.isEmpty { throw SyncError.subjectsNotGranted(user: session.target.user, subjects: refused) }

            var batches = 0
            while true {
                let rows = try local.read { db in
                    try Row.fetchAll(
                        db,
                        sql: """
                            SELECT sample.id, series, subject, start, "end", utc_offset, value, category, tag, source, note,
                                metadata, key_hash, sample_origin.source_version, sample_origin.device
                            FROM sample LEFT JOIN sample_origin ON sample_origin.id = sample.origin
                            WHERE sample.id > ? ORDER BY sample.id LIMIT ?
                            """, arguments: [state.lastID, batchSize])
                }
                guard let last = rows.last else { break }
                var batch = (samples: 0, alreadyThere: 0, subjects: Set<String>())
                do {
                    try server.inTransaction { db in
                        let inserter = try db.makeBulkInserter()
                        var origins: [SyncOriginKey: Int64] = [:]
                        for row in rows {
                            let series: String = row[1]
                            let subject: String = row[2]
                            let start: Int64 = row[3]
                            let end: Int64 = row[4]
                            let value: Double = row[6]
                            let category: String = row[7]
                            let tag: String = row[8]
                            let source: String = row[9]
                            var origin: Int64?
                            let sourceVersion: String? = row[13]
                            let device: String? = row[14]
                            if sourceVersion != nil || device != nil {
                                let key = SyncOriginKey(sourceVersion: sourceVersion, device: device)
                                if let known = origins[key] {
                                    origin = known
                                } else {
                                    origin = try inserter.origin(sourceVersion: sourceVersion, device: device)
                                    origins[key] = origin
                                }
                            }
                            inserter.stage(
                                series: series, subject: subject, start: start, end: end, utcOffset: row[5],
                                value: value, category: category, tag: tag, source: source, note: row[10],
                                metadata: row[11], origin: origin,
                                key: SampleKey.value(
                                    series: series, subject: subject, start: start, end: end,
                                    value: value, category: category, tag: tag, source: source))
                        }
                        try inserter.flush { position, outcome in
                            if outcome == .new {
                                batch.samples += 1
                                batch.subjects.insert(rows[position][2])
                            } else {
                                batch.alreadyThere += 1
                            }
                        }
                    }
                } catch PostgresStoreError.notStored(let database, let missing, let sent) {
                    throw SyncError.pushIncomplete(
                        database: database, pushed: summary.samples, missing: missing, sent: sent)
                }
                // Counted once the server committed the batch (and checked it holds every row).
                summary.samples += batch.samples
                summary.alreadyThere += batch.alreadyThere
                summary.subjects.formUnion(batch.subjects)
                batches += 1
                SyncFault.afterBatch(batches, environment: environment)
                state.lastID = last[0]
                state.lastKey = last[12]
                let saved = state
                try local.write { db in try saved.save(db, remote: remote, direction: .push) }
            }
            try pushMilestones(from: local, to: server, summary: &summary)
            if !ranks.isEmpty { summary.add(sourceRanks: try server.inTransaction { db in try ranks.apply(to: db) }) }
            summary.seconds = Date().timeIntervalSince(started)
            return summary
        }

        private func pushMilestones(from local: SampleStore, to server: SampleStore, summary: inout SyncSummary) throws
        {
            let milestones = try local.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT subject, milestone, done_on, note FROM milestone ORDER BY subject, milestone")
            }
            guard !milestones.isEmpty else { return }
            let added = try server.inTransaction { db in
                var added = 0
                for row in milestones {
                    let note: String? = row[3]
                    added += try db.execute(
                        sql: """
                            INSERT INTO milestone (subject, milestone, done_on, note) VALUES (?, ?, ?, ?)
                            ON CONFLICT (subject, milestone) DO NOTHING
                            """, arguments: [row[0] as String, row[1] as String, row[2] as String, note])
                }
                return added
            }
            summary.milestones = added
            summary.milestonesAlreadyThere = milestones.count - added
        }
    }

    struct SyncOriginKey: Hashable {
        var sourceVersion: String?
        var device: String?
    }
#endif
