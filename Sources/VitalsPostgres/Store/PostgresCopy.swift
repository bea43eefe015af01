#if PostgreSQL
    import Foundation
    import NIOCore
    import PostgresNIO
    import VitalsKit

    extension PostgresSession {
        /// Streams `data`, rows in COPY's text format, into `table` (`COPY table (columns) FROM
        /// STDIN`), inside the caller's transaction when there is one; blocks until the server has
        /// taken it all or refused it, the connection closed, or the answer timeout passed
        /// (`awaitAnswer`: PostgresNIO leaves a COPY waiting when the server goes away).
        func copy(into table: String, columns: [String], data: ByteBuffer) throws {
            let connection = self.connection
            let done = connection.eventLoop.makePromise(of: Void.self)
            let stall = CopyFault.stallSeconds
            // On a thread of its own, not Swift's cooperative pool: the callers block a thread
            // while they wait, and callers on that pool (tests running in parallel) would leave
            // no thread to run the copy on.
            Task.detached(executorPreference: CopyThread.shared) {
                do {
                    try await connection.copyFrom(table: table, columns: columns, logger: PostgresSession.quietLogger) {
                        writer in
                        guard let stall, data.readableBytes > 1 else { return try await writer.write(data) }
                        var rest = data
                        let head = rest.readSlice(length: data.readableBytes / 2)!
                        try await writer.write(head)
                        try await Task.sleep(nanoseconds: UInt64(stall * 1e9))
                        try await writer.write(rest)
                    }
                    done.succeed()
                } catch {
                    done.fail(error)
                }
            }
            do {
                try awaitAnswer(done.futureResult, during: "the COPY of samples")
            } catch let error as PSQLError {
                throw Self.describe(error, target: target, during: "the COPY of samples")
            } catch let error as PostgresStoreError {
                throw error
            } catch {
                throw PostgresStoreError.failed(database: target.display, reason: "COPY into \(table) failed: \(error)")
            }
        }
    }

    /// The test hook for a server that goes away in the middle of a COPY:
    /// `VITALS_PG_COPY_STALL_SECONDS=N` sends the first half of each COPY's data, waits N seconds,
    /// then sends the rest (a test stops the server meanwhile).
    enum CopyFault {
        static var stallSeconds: Double? {
            ProcessInfo.processInfo.environment["VITALS_PG_COPY_STALL_SECONDS"].flatMap(Double.init).flatMap {
                $0 > 0 ? $0 : nil
            }
        }
    }

    /// A task executor running its jobs on one dedicated thread (see `PostgresSession.copy`).
    final class CopyThread: TaskExecutor, @unchecked Sendable {
        static let shared = CopyThread()
        private let condition = NSCondition()
        private var jobs: [UnownedJob] = []

        private init() {
            let thread = Thread { [unowned self] in self.run() }
            thread.name = "vitals-postgres-copy"
            thread.start()
        }

        func enqueue(_ job: UnownedJob) {
            condition.lock()
            jobs.append(job)
            condition.signal()
            condition.unlock()
        }

        private func run() {
            while true {
                condition.lock()
                while jobs.isEmpty { condition.wait() }
                let job = jobs.removeFirst()
                condition.unlock()
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
        }
    }

    /// The bulk writer of samples on PostgreSQL (imports, push): a group of 20,000 staged samples
    /// goes to the server in one `COPY … FROM STDIN` into a temporary table, then into `sample` with
    /// one `INSERT … SELECT … ON CONFLICT (natural key) DO NOTHING RETURNING key_hash`. The natural
    /// key's unique constraint decides what is stored, as in `PostgresSampleInserter` (whose outcome
    /// rules, origin rows and stored check this shares); COPY alone cannot skip the rows already
    /// there, hence the temporary table.
    ///
    /// COPY + INSERT … SELECT rather than multi-row INSERTs, which spend most of their time
    /// binding 14 parameters a row (bench/postgres.sh compares the two).
    final class PostgresCopyInserter: SampleStaging {
        let groupSize = 20_000

        private let session: PostgresSession
        private var buffer = ByteBuffer()
        private var stagedKeys: [Int64] = []
        private var storedKeys = Set<Int64>()
        /// The subjects and origin placeholders of the group's rows (resolved after the COPY).
        private var stagedOrigins = Set<PostgresOrigins.Key>()
        private let origins: PostgresOrigins

        static let stageTable = "vitals_copy_stage"
        static let columns = [
            "series", "subject", "start", "end", "value", "category", "tag", "source", "utc_offset",
            "note", "metadata", "local_start", "origin", "key_hash", "ord",
        ]

        init(session: PostgresSession) throws {
            self.session = session
            origins = PostgresOrigins(session: session)
            try session.execute(
                """
                CREATE TEMPORARY TABLE IF NOT EXISTS \(Self.stageTable) (
                    series TEXT COLLATE "C", subject TEXT COLLATE "C", start BIGINT, "end" BIGINT, value DOUBLE PRECISION,
                    category TEXT COLLATE "C", tag TEXT COLLATE "C", source TEXT COLLATE "C", utc_offset INTEGER, note TEXT,
                    metadata TEXT, local_start BIGINT, origin BIGINT, key_hash BIGINT, ord INTEGER
                ) ON COMMIT DROP
                """)
            buffer.reserveCapacity(groupSize * 120)
        }

        var isGroupFull: Bool { stagedKeys.count >= groupSize }

        func stage(
            series: String, subject: String, start: Int64, end: Int64, utcOffset: Int64, value: Double,
            category: String, tag: String, source: String, note: String?, metadataBytes: UnsafeBufferPointer<UInt8>?,
            origin: Int64?, key: Int64
        ) {
            text(series)
            tab()
            text(subject)
            tab()
            buffer.writeString(String(start))
            tab()
            buffer.writeString(String(end))
            tab()
            buffer.writeString(value.description)
            tab()
            text(category)
            tab()
            text(tag)
            tab()
            text(source)
            tab()
            buffer.writeString(String(utcOffset))
            tab()
            if let note { text(note) } else { null() }
            tab()
            if let metadataBytes { bytes(metadataBytes) } else { null() }
            tab()
            buffer.writeString(String(start + utcOffset))
            tab()
            if let origin {
                buffer.writeString(String(origin))
                if origin < 0 { stagedOrigins.insert(PostgresOrigins.Key(subject: subject, placeholder: origin)) }
            } else {
                null()
            }
            tab()
            buffer.writeString(String(key))
            tab()
            buffer.writeString(String(stagedKeys.count))
            buffer.writeInteger(UInt8(ascii: "\n"))
            stagedKeys.append(key)
        }

        func flush(_ outcome: (Int, SampleInsertOutcome) throws -> Void) throws {
            guard !stagedKeys.isEmpty else { return }
            defer {
                buffer.clear()
                stagedKeys.removeAll(keepingCapacity: true)
                stagedOrigins.removeAll(keepingCapacity: true)
            }
            try session.execute("TRUNCATE \(Self.stageTable)")
            try session.copy(into: Self.stageTable, columns: Self.columns, data: buffer)
            try resolveOrigins()
            let insertColumns = Self.columns.dropLast().map { "\"\($0)\"" }.joined(separator: ", ")
            // In natural-key order: writers inserting the same samples at once take the key's locks
            // in the same order, so one waits for the other instead of both deadlocking.
            let returned = try session.query(
                """
                INSERT INTO sample (\(insertColumns)) SELECT \(insertColumns) FROM \(Self.stageTable)
                ORDER BY series, subject, start, "end", value, category, tag, source
                \(PostgresServerIDs.naturalKeyConflict) RETURNING key_hash
                """)
            if returned.count < stagedKeys.count {
                let missing =
                    try session.query(PostgresStoredCheck.missingSQL(from: "\(Self.stageTable) v")).first?.first?.int64
                    ?? 0
                try PostgresStoredCheck.require(missing: Int(missing), of: stagedKeys.count, session: session)
            }
            try PostgresSampleInserter.report(returned, staged: stagedKeys, stored: &storedKeys, outcome)
        }

        /// Replaces the origin placeholders of the staged rows by their subjects' origin ids.
        private func resolveOrigins() throws {
            guard !stagedOrigins.isEmpty else { return }
            var mapping: [PostgresValue] = []
            for key in stagedOrigins {
                mapping += [
                    .text(key.subject), .integer(key.placeholder),
                    .integer(try origins.id(subject: key.subject, placeholder: key.placeholder)),
                ]
            }
            // 1,000 rows of three arguments a statement, far under PostgreSQL's limit of 65,535.
            for start in stride(from: 0, to: mapping.count, by: 3_000) {
                let chunk = Array(mapping[start..<min(start + 3_000, mapping.count)])
                let rows = (0..<(chunk.count / 3)).map {
                    "($\($0 * 3 + 1)::text COLLATE \"C\", $\($0 * 3 + 2)::bigint, $\($0 * 3 + 3)::bigint)"
                }
                try session.query(
                    """
                    UPDATE \(Self.stageTable) st SET origin = m.id FROM (VALUES \(rows.joined(separator: ", "))) m(subject, placeholder, id)
                    WHERE st.subject = m.subject AND st.origin = m.placeholder
                    """, chunk)
            }
        }

        func origin(sourceVersion: String?, device: String?) throws -> Int64 {
            origins.placeholder(sourceVersion: sourceVersion, device: device)
        }

        // MARK: COPY text format

        private func tab() { buffer.writeInteger(UInt8(ascii: "\t")) }
        private func null() { buffer.writeStaticString("\\N") }

        private func text(_ value: String) {
            var value = value
            value.withUTF8 { bytes($0) }
        }

        /// Bytes with COPY's escapes: backslash, tab, newline and carriage return.
        private func bytes(_ bytes: UnsafeBufferPointer<UInt8>) {
            var plain = bytes.startIndex
            for index in bytes.indices {
                let escaped: StaticString
                switch bytes[index] {
                case UInt8(ascii: "\\"): escaped = "\\\\"
                case UInt8(ascii: "\t"): escaped = "\\t"
                case UInt8(ascii: "\n"): escaped = "\\n"
                case UInt8(ascii: "\r"): escaped = "\\r"
                default: continue
                }
                buffer.writeBytes(UnsafeBufferPointer(rebasing: bytes[plain..<index]))
                buffer.writeStaticString(escaped)
                plain = index + 1
            }
            buffer.writeBytes(UnsafeBufferPointer(rebasing: bytes[plain...]))
        }
    }
#endif
