#if PostgreSQL
import VitalsKit

/// The `sample_origin` rows of one transaction's inserts on PostgreSQL.
///
/// An origin row belongs to a subject (row-level security: a grantee sees only its subjects'
/// devices, see `PostgresServerIDs`), but `SampleStaging.origin` is asked before the subject is
/// known. It answers a placeholder (a negative number), which the inserter turns into the
/// subject's own row, found or added, when it flushes the group (`id(subject:placeholder:)`).
final class PostgresOrigins {
    private let session: PostgresSession
    private var pairs: [SyncOriginKey] = []
    private var placeholders: [SyncOriginKey: Int64] = [:]
    private var ids: [Key: Int64] = [:]

    struct Key: Hashable {
        var subject: String
        var placeholder: Int64
    }

    init(session: PostgresSession) { self.session = session }

    /// The placeholder of a source version and device (the same pair, the same number).
    func placeholder(sourceVersion: String?, device: String?) -> Int64 {
        let pair = SyncOriginKey(sourceVersion: sourceVersion, device: device)
        if let known = placeholders[pair] { return known }
        pairs.append(pair)
        let placeholder = -Int64(pairs.count)
        placeholders[pair] = placeholder
        return placeholder
    }

    /// The id of `subject`'s row for the placeholder's pair, added when it has none. A value
    /// that is no placeholder (not negative) is an id already and returned as it is.
    func id(subject: String, placeholder: Int64) throws -> Int64 {
        guard placeholder < 0 else { return placeholder }
        let key = Key(subject: subject, placeholder: placeholder)
        if let known = ids[key] { return known }
        let pair = pairs[Int(-placeholder) - 1]
        let arguments: [PostgresValue] = [.text(subject), pair.sourceVersion.map(PostgresValue.text) ?? .null,
                                          pair.device.map(PostgresValue.text) ?? .null]
        let found = try session.query("""
            SELECT id FROM sample_origin WHERE for_subject = $1 AND source_version IS NOT DISTINCT FROM $2::text
                AND device IS NOT DISTINCT FROM $3::text ORDER BY id LIMIT 1
            """, arguments).first?.first?.int64
        let id: Int64
        if let found {
            id = found
        } else {
            guard let added = try session.query("""
                INSERT INTO sample_origin (for_subject, source_version, device) VALUES ($1, $2, $3) RETURNING id
                """, arguments).first?.first?.int64 else {
                throw PostgresStoreError.failed(database: session.target.display, reason: "no id for a new sample_origin row")
            }
            id = added
        }
        ids[key] = id
        return id
    }
}
#endif
