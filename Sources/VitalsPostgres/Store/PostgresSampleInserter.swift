#if PostgreSQL
    import Foundation
    import VitalsKit

    /// `SampleInserter`'s counterpart on PostgreSQL: staged samples go in by one multi-row
    /// `INSERT … ON CONFLICT (natural key) DO NOTHING RETURNING key_hash` per group, inside the
    /// caller's transaction. The natural key's unique constraint decides what is stored; the
    /// returned `key_hash` values say which of the group's rows were new. A row not stored is
    /// `repeated` when this inserter stored its key before (a twin), else `present` (stored before
    /// it began) — once the server is seen to hold it (`PostgresStoredCheck`).
    final class PostgresSampleInserter: SampleStaging {
        /// Rows per statement: 14 arguments each, under PostgreSQL's 65,535 and few round trips.
        let groupSize = 400

        private let session: PostgresSession
        private var staged: [[PostgresValue]] = []
        private var stagedKeys: [Int64] = []
        /// The staged rows with an origin placeholder: row index, subject, placeholder.
        private var stagedOrigins: [(row: Int, subject: String, placeholder: Int64)] = []
        /// The keys this inserter stored.
        private var storedKeys = Set<Int64>()
        let origins: PostgresOrigins

        static let columns =
            #"series, subject, start, "end", value, category, tag, source, utc_offset, note, metadata, local_start, origin, key_hash"#

        init(session: PostgresSession) throws {
            self.session = session
            origins = PostgresOrigins(session: session)
            staged.reserveCapacity(groupSize)
        }

        var isGroupFull: Bool { staged.count >= groupSize }

        func stage(
            series: String, subject: String, start: Int64, end: Int64, utcOffset: Int64, value: Double,
            category: String, tag: String, source: String, note: String?, metadataBytes: UnsafeBufferPointer<UInt8>?,
            origin: Int64?, key: Int64
        ) {
            let metadata = metadataBytes.map { String(decoding: $0, as: UTF8.self) }
            if let origin { stagedOrigins.append((staged.count, subject, origin)) }
            staged.append([
                .text(series), .text(subject), .integer(start), .integer(end), .double(value), .text(category),
                .text(tag), .text(source), .integer(utcOffset), note.map(PostgresValue.text) ?? .null,
                metadata.map(PostgresValue.text) ?? .null, .integer(start + utcOffset),
                origin.map(PostgresValue.integer) ?? .null, .integer(key),
            ])
            stagedKeys.append(key)
        }

        func flush(_ outcome: (Int, SampleInsertOutcome) throws -> Void) throws {
            defer {
                staged.removeAll(keepingCapacity: true)
                stagedKeys.removeAll(keepingCapacity: true)
                stagedOrigins.removeAll(keepingCapacity: true)
            }
            guard !staged.isEmpty else { return }
            for (row, subject, placeholder) in stagedOrigins {
                staged[row][12] = .integer(try origins.id(subject: subject, placeholder: placeholder))
            }
            var placeholders: [String] = []
            placeholders.reserveCapacity(staged.count)
            var number = 0
            for _ in staged {
                let row = (1...14).map { _ -> String in
                    number += 1
                    return "$\(number)"
                }.joined(separator: ", ")
                placeholders.append("(" + row + ")")
            }
            let sql =
                "INSERT INTO sample (\(Self.columns)) VALUES \(placeholders.joined(separator: ", ")) "
                + PostgresServerIDs.naturalKeyConflict + " RETURNING key_hash"
            let returned = try session.query(sql, staged.flatMap { $0 })
            if returned.count < staged.count {
                try PostgresStoredCheck.requireAllHeld(staged.map { Array($0.prefix(8)) }, session: session)
            }
            try PostgresSampleInserter.report(returned, staged: stagedKeys, stored: &storedKeys, outcome)
        }

        /// Each staged row's outcome from the `key_hash`es an `INSERT … ON CONFLICT DO NOTHING
        /// RETURNING key_hash` returned: new when returned (once per returned copy), else repeated
        /// when this run stored the key before, else present. `stored` collects the new keys.
        static func report(
            _ returned: [[PostgresValue]], staged: [Int64], stored: inout Set<Int64>,
            _ outcome: (Int, SampleInsertOutcome) throws -> Void
        ) throws {
            var inserted: [Int64: Int] = [:]
            for row in returned { if let key = row.first?.int64 { inserted[key, default: 0] += 1 } }
            for (index, key) in staged.enumerated() {
                if let count = inserted[key], count > 0 {
                    inserted[key] = count - 1
                    stored.insert(key)
                    try outcome(index, .new)
                } else {
                    try outcome(index, stored.contains(key) ? .repeated : .present)
                }
            }
        }

        /// A placeholder for the pair; the row for the sample's subject is found or added at `flush`.
        func origin(sourceVersion: String?, device: String?) throws -> Int64 {
            origins.placeholder(sourceVersion: sourceVersion, device: device)
        }
    }

    /// Whether the server holds what an insert did not store: a row skipped by `ON CONFLICT` is
    /// "already there" only when a row with its natural key is there (and visible to the login).
    /// Anything else — a trigger, rule or policy that dropped it — is `notStored`, which undoes the
    /// caller's transaction: an import or push never reports as stored what the server lacks.
    enum PostgresStoredCheck {
        /// The natural key's columns, in the order of `PostgresServerIDs.naturalKeyConflict`.
        static let keyColumns = ["series", "subject", "start", "\"end\"", "value", "category", "tag", "source"]

        /// The rows of `relation` (with the key's columns) that `sample` lacks.
        static func missingSQL(from relation: String) -> String {
            let match = keyColumns.map { "s.\($0) = v.\($0)" }.joined(separator: " AND ")
            return "SELECT count(*) FROM \(relation) WHERE NOT EXISTS (SELECT 1 FROM sample s WHERE \(match))"
        }

        /// Throws `notStored` unless every row of `keys` (the eight natural-key values) is held.
        static func requireAllHeld(_ keys: [[PostgresValue]], session: PostgresSession) throws {
            var number = 0
            let casts = [
                "text COLLATE \"C\"", "text COLLATE \"C\"", "bigint", "bigint", "double precision",
                "text COLLATE \"C\"", "text COLLATE \"C\"", "text COLLATE \"C\"",
            ]
            let rows = keys.map { _ in
                "("
                    + casts.map { cast -> String in
                        number += 1
                        return "$\(number)::\(cast)"
                    }.joined(separator: ", ") + ")"
            }
            let relation = "(VALUES \(rows.joined(separator: ", "))) v(\(keyColumns.joined(separator: ", ")))"
            let missing = try session.query(missingSQL(from: relation), keys.flatMap { $0 }).first?.first?.int64 ?? 0
            try require(missing: Int(missing), of: keys.count, session: session)
        }

        static func require(missing: Int, of sent: Int, session: PostgresSession) throws {
            if missing > 0 {
                throw PostgresStoreError.notStored(database: session.target.display, missing: missing, sent: sent)
            }
        }
    }
#endif
