#if PostgreSQL
    import Foundation
    import GRDB
    import VitalsKit
    import VitalsSQLite

    /// How far `vitals push` and `vitals pull` got with one server, kept in the local SQLite file
    /// (`sync_state`, one row per remote and direction) and written in the same local transaction
    /// as the rows it accounts for.
    ///
    /// - push: `last_id` is the local `sample.id` up to which every row has been committed on the
    ///   server; `last_key` is that row's `key_hash`, to notice a local id used again after an undo
    ///   (SQLite reuses the largest id once that row is deleted), which sends everything again.
    /// - pull: `mark` is the server's snapshot xmin of the last finished pull (rows with
    ///   `xact >= mark` are the only ones it may have missed); while a pull is under way, `last_id`
    ///   is the server `sample.id` reached and `round_xmin` the xmin of the snapshot it began in.
    struct SyncState: Equatable {
        var lastID: Int64 = 0
        var lastKey: Int64?
        var mark: Int64 = 0
        var roundXmin: Int64 = 0

        enum Direction: String { case push, pull }

        static func createTable(_ db: Database) throws {
            try db.execute(
                sql: """
                    CREATE TABLE IF NOT EXISTS sync_state (
                        remote TEXT NOT NULL,
                        direction TEXT NOT NULL,
                        last_id INTEGER NOT NULL DEFAULT 0,
                        last_key INTEGER,
                        mark INTEGER NOT NULL DEFAULT 0,
                        round_xmin INTEGER NOT NULL DEFAULT 0,
                        PRIMARY KEY (remote, direction)
                    )
                    """)
        }

        static func load(_ db: Database, remote: String, direction: Direction) throws -> SyncState {
            guard try db.tableExists("sync_state"),
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT last_id, last_key, mark, round_xmin FROM sync_state WHERE remote = ? AND direction = ?
                        """, arguments: [remote, direction.rawValue])
            else { return SyncState() }
            return SyncState(lastID: row[0], lastKey: row[1], mark: row[2], roundXmin: row[3])
        }

        func save(_ db: Database, remote: String, direction: Direction) throws {
            try Self.createTable(db)
            try db.execute(
                sql: """
                    INSERT INTO sync_state (remote, direction, last_id, last_key, mark, round_xmin) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (remote, direction) DO UPDATE SET last_id = excluded.last_id, last_key = excluded.last_key,
                        mark = excluded.mark, round_xmin = excluded.round_xmin
                    """, arguments: [remote, direction.rawValue, lastID, lastKey, mark, roundXmin])
        }
    }

    /// What a push or pull moved, for its one-line summary.
    public struct SyncSummary: Equatable, Sendable {
        public enum Direction: String, Sendable {
            case push = "pushed"
            case pull = "pulled"
        }
        public var direction: Direction
        /// Samples written on the other side.
        public var samples = 0
        /// Samples sent or received that the other side held already.
        public var alreadyThere = 0
        /// The subjects of the samples written.
        public var subjects: Set<String> = []
        public var milestones = 0
        public var milestonesAlreadyThere = 0
        /// Source orders (`source_rank`, per subject and series) written on the other side, and
        /// those it held already.
        public var sourceRanks = 0
        public var sourceRanksAlreadyThere = 0
        /// A push that found its mark stale (a local id used again) and sent everything again.
        public var restarted = false
        public var seconds: Double = 0

        public var line: String {
            let subjectCount = subjects.count
            var text =
                "\(direction.rawValue) \(Self.grouped(samples)) sample\(samples == 1 ? "" : "s") "
                + "(\(subjectCount) subject\(subjectCount == 1 ? "" : "s")), \(Self.grouped(alreadyThere)) already there"
            text += "; \(milestones) milestone\(milestones == 1 ? "" : "s"), \(milestonesAlreadyThere) already there"
            if sourceRanks + sourceRanksAlreadyThere > 0 {
                text +=
                    "; \(sourceRanks) source order\(sourceRanks == 1 ? "" : "s"), \(sourceRanksAlreadyThere) already there"
            }
            text += ", in " + String(format: "%.1f", seconds) + " s"
            return text
        }

        /// 12345 → "12,345".
        static func grouped(_ number: Int) -> String {
            let digits = String(number.magnitude)
            var out = ""
            for (index, digit) in digits.enumerated() {
                if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
                out.append(digit)
            }
            return (number < 0 ? "-" : "") + out
        }
    }

    /// The test hook for interrupted syncs: `VITALS_SYNC_KILL_AFTER_BATCHES=N` kills the process
    /// (SIGKILL, no clean-up) right after the N-th batch reached the other side and before the
    /// local mark records it, the worst moment for a resume.
    enum SyncFault {
        static func afterBatch(_ number: Int, environment: [String: String]) {
            guard let limit = environment["VITALS_SYNC_KILL_AFTER_BATCHES"].flatMap(Int.init), number >= limit else {
                return
            }
            kill(getpid(), SIGKILL)
        }
    }
#endif
