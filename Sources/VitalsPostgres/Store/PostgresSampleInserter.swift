#if PostgreSQL
import Foundation
import VitalsKit

/// `SampleInserter`'s counterpart on PostgreSQL: staged samples go in by one multi-row
/// `INSERT … ON CONFLICT DO NOTHING RETURNING key_hash` per group, inside the caller's
/// transaction. The natural key's unique constraint decides what is stored; the returned
/// `key_hash` values say which of the group's rows were new. A row not stored is `repeated`
/// when this inserter stored its key before (a twin), else `present` (stored before it began).
final class PostgresSampleInserter: SampleStaging {
    /// Rows per statement: 14 arguments each, under PostgreSQL's 65,535 and few round trips.
    let groupSize = 400

    private let session: PostgresSession
    private var staged: [[PostgresValue]] = []
    private var stagedKeys: [Int64] = []
    /// The keys this inserter stored.
    private var storedKeys = Set<Int64>()

    static let columns = #"series, subject, start, "end", value, category, tag, source, utc_offset, note, metadata, local_start, origin, key_hash"#

    init(session: PostgresSession) throws {
        self.session = session
        staged.reserveCapacity(groupSize)
    }

    var isGroupFull: Bool { staged.count >= groupSize }

    func stage(series: String, subject: String, start: Int64, end: Int64, utcOffset: Int64, value: Double,
               category: String, tag: String, source: String, note: String?, metadataBytes: UnsafeBufferPointer<UInt8>?,
               origin: Int64?, key: Int64) {
        let metadata = metadataBytes.map { String(decoding: $0, as: UTF8.self) }
        staged.append([.text(series), .text(subject), .integer(start), .integer(end), .double(value), .text(category),
                       .text(tag), .text(source), .integer(utcOffset), note.map(PostgresValue.text) ?? .null,
                       metadata.map(PostgresValue.text) ?? .null, .integer(start + utcOffset),
                       origin.map(PostgresValue.integer) ?? .null, .integer(key)])
        stagedKeys.append(key)
    }

    func flush(_ outcome: (Int, SampleInsertOutcome) throws -> Void) throws {
        defer {
            staged.removeAll(keepingCapacity: true)
            stagedKeys.removeAll(keepingCapacity: true)
        }
        guard !staged.isEmpty else { return }
        var placeholders: [String] = []
        placeholders.reserveCapacity(staged.count)
        var number = 0
        for _ in staged {
            let row = (1...14).map { _ -> String in number += 1; return "$\(number)" }.joined(separator: ", ")
            placeholders.append("(" + row + ")")
        }
        let sql = "INSERT INTO sample (\(Self.columns)) VALUES \(placeholders.joined(separator: ", ")) "
            + "ON CONFLICT DO NOTHING RETURNING key_hash"
        let returned = try session.query(sql, staged.flatMap { $0 })
        try PostgresSampleInserter.report(returned, staged: stagedKeys, stored: &storedKeys, outcome)
    }

    /// Each staged row's outcome from the `key_hash`es an `INSERT … ON CONFLICT DO NOTHING
    /// RETURNING key_hash` returned: new when returned (once per returned copy), else repeated
    /// when this run stored the key before, else present. `stored` collects the new keys.
    static func report(_ returned: [[PostgresValue]], staged: [Int64], stored: inout Set<Int64>,
                       _ outcome: (Int, SampleInsertOutcome) throws -> Void) throws {
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

    func origin(sourceVersion: String?, device: String?) throws -> Int64 {
        let arguments: [PostgresValue] = [sourceVersion.map(PostgresValue.text) ?? .null, device.map(PostgresValue.text) ?? .null]
        if let id = try session.query("""
            SELECT id FROM sample_origin WHERE source_version IS NOT DISTINCT FROM $1::text
                AND device IS NOT DISTINCT FROM $2::text ORDER BY id LIMIT 1
            """, arguments).first?.first?.int64 {
            return id
        }
        guard let id = try session.query("INSERT INTO sample_origin (source_version, device) VALUES ($1, $2) RETURNING id",
                                         arguments).first?.first?.int64 else {
            throw PostgresStoreError.failed(database: session.target.display, reason: "no id for a new sample_origin row")
        }
        return id
    }
}
#endif
