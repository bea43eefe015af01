#if PostgreSQL
import Foundation
import NIOCore
import PostgresNIO
import VitalsKit

extension PostgresSession {
    /// Streams `data`, rows in COPY's text format, into `table` (`COPY table (columns) FROM
    /// STDIN`), inside the caller's transaction when there is one; blocks until the server has
    /// taken it all or refused it.
    func copy(into table: String, columns: [String], data: ByteBuffer) throws {
        final class Outcome: @unchecked Sendable {
            var error: (any Error)?
            let done = DispatchSemaphore(value: 0)
        }
        let outcome = Outcome()
        let connection = self.connection
        // On a thread of its own, not Swift's cooperative pool: the callers block a thread
        // while they wait, and callers on that pool (tests running in parallel) would leave
        // no thread to run the copy on.
        Task.detached(executorPreference: CopyThread.shared) {
            do {
                try await connection.copyFrom(table: table, columns: columns, logger: PostgresSession.quietLogger) { writer in
                    try await writer.write(data)
                }
            } catch {
                outcome.error = error
            }
            outcome.done.signal()
        }
        outcome.done.wait()
        if let error = outcome.error {
            if let error = error as? PSQLError { throw Self.describe(error, target: target) }
            throw PostgresStoreError.failed(database: target.display, reason: "COPY into \(table) failed: \(error)")
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
/// one `INSERT … SELECT … ON CONFLICT DO NOTHING RETURNING key_hash`. The natural key's unique
/// constraint decides what is stored, as in `PostgresSampleInserter` (whose outcome rules this
/// shares); COPY alone cannot skip the rows already there, hence the temporary table.
///
/// Measured on the 500,000-record export (bench/postgres.sh prints it): COPY + INSERT … SELECT
/// is several times faster than the multi-row INSERT of 400 rows per statement, which spends
/// most of its time binding 14 parameters a row.
final class PostgresCopyInserter: SampleStaging {
    let groupSize = 20_000

    private let session: PostgresSession
    private var buffer = ByteBuffer()
    private var stagedKeys: [Int64] = []
    private var storedKeys = Set<Int64>()
    private let origins: PostgresSampleInserter

    static let stageTable = "vitals_copy_stage"
    static let columns = ["series", "subject", "start", "end", "value", "category", "tag", "source", "utc_offset",
                          "note", "metadata", "local_start", "origin", "key_hash", "ord"]

    init(session: PostgresSession) throws {
        self.session = session
        origins = try PostgresSampleInserter(session: session)
        try session.execute("""
            CREATE TEMPORARY TABLE IF NOT EXISTS \(Self.stageTable) (
                series TEXT, subject TEXT, start BIGINT, "end" BIGINT, value DOUBLE PRECISION, category TEXT,
                tag TEXT, source TEXT, utc_offset INTEGER, note TEXT, metadata TEXT, local_start BIGINT,
                origin BIGINT, key_hash BIGINT, ord INTEGER
            ) ON COMMIT DROP
            """)
        buffer.reserveCapacity(groupSize * 120)
    }

    var isGroupFull: Bool { stagedKeys.count >= groupSize }

    func stage(series: String, subject: String, start: Int64, end: Int64, utcOffset: Int64, value: Double,
               category: String, tag: String, source: String, note: String?, metadataBytes: UnsafeBufferPointer<UInt8>?,
               origin: Int64?, key: Int64) {
        text(series); tab(); text(subject); tab()
        buffer.writeString(String(start)); tab(); buffer.writeString(String(end)); tab()
        buffer.writeString(value.description); tab()
        text(category); tab(); text(tag); tab(); text(source); tab()
        buffer.writeString(String(utcOffset)); tab()
        if let note { text(note) } else { null() }
        tab()
        if let metadataBytes { bytes(metadataBytes) } else { null() }
        tab()
        buffer.writeString(String(start + utcOffset)); tab()
        if let origin { buffer.writeString(String(origin)) } else { null() }
        tab()
        buffer.writeString(String(key)); tab()
        buffer.writeString(String(stagedKeys.count))
        buffer.writeInteger(UInt8(ascii: "\n"))
        stagedKeys.append(key)
    }

    func flush(_ outcome: (Int, SampleInsertOutcome) throws -> Void) throws {
        guard !stagedKeys.isEmpty else { return }
        defer {
            buffer.clear()
            stagedKeys.removeAll(keepingCapacity: true)
        }
        try session.execute("TRUNCATE \(Self.stageTable)")
        try session.copy(into: Self.stageTable, columns: Self.columns, data: buffer)
        let insertColumns = Self.columns.dropLast().map { "\"\($0)\"" }.joined(separator: ", ")
        // In natural-key order: writers inserting the same samples at once take the key's locks
        // in the same order, so one waits for the other instead of both deadlocking.
        let returned = try session.query("""
            INSERT INTO sample (\(insertColumns)) SELECT \(insertColumns) FROM \(Self.stageTable)
            ORDER BY series, subject, start, "end", value, category, tag, source
            ON CONFLICT DO NOTHING RETURNING key_hash
            """)
        try PostgresSampleInserter.report(returned, staged: stagedKeys, stored: &storedKeys, outcome)
    }

    func origin(sourceVersion: String?, device: String?) throws -> Int64 {
        try origins.origin(sourceVersion: sourceVersion, device: device)
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
