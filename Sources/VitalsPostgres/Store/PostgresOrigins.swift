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

        /// Migration v10: a sample's origin is a row of its own subject, kept by the schema.
        ///
        /// Since v7 each subject has its own origin rows and row-level security hides the others'
        /// from a grantee, but `sample.origin` was a bare number: a grantee writing subject A could
        /// name the id of subject B's device row (ids are sequential) in an insert or an update,
        /// and B's device then stood as the origin of A's samples. The foreign key
        /// `(origin, subject) -> sample_origin (id, for_subject)` refuses that for every writer; the
        /// server checks it without row-level security, so the check sees B's rows, and its error
        /// says only that A has no such row. A NULL origin (a typed-in entry) is not checked.
        ///
        /// A row written before that names another subject's origin row, or one that does not
        /// exist, loses the reference (origin NULL; the sample itself stays): the one who wrote it
        /// had no right to that row, and copying the device to the sample's subject, as v7 did for
        /// rows shared before origins had subjects, would show B's device to A's grantees.
        /// Refusing to migrate instead would let any grantee's row stop the owner's upgrade, and
        /// with it every command on the database.
        static let subjectMigration = PostgresSchema.Migration(
            identifier: "v10-origin-of-subject",
            sql: """
                UPDATE sample s SET origin = NULL
                    WHERE s.origin IS NOT NULL
                        AND NOT EXISTS (SELECT 1 FROM sample_origin o WHERE o.id = s.origin AND o.for_subject = s.subject);
                ALTER TABLE sample_origin ADD CONSTRAINT sample_origin_id_subject UNIQUE (id, for_subject);
                ALTER TABLE sample ADD CONSTRAINT sample_origin_of_subject
                    FOREIGN KEY (origin, subject) REFERENCES sample_origin (id, for_subject);
                """)

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
            let arguments: [PostgresValue] = [
                .text(subject), pair.sourceVersion.map(PostgresValue.text) ?? .null,
                pair.device.map(PostgresValue.text) ?? .null,
            ]
            let found = try session.query(
                """
                SELECT id FROM sample_origin WHERE for_subject = $1 AND source_version IS NOT DISTINCT FROM $2::text
                    AND device IS NOT DISTINCT FROM $3::text ORDER BY id LIMIT 1
                """, arguments
            ).first?.first?.int64
            let id: Int64
            if let found {
                id = found
            } else {
                guard
                    let added = try session.query(
                        """
                        INSERT INTO sample_origin (for_subject, source_version, device) VALUES ($1, $2, $3) RETURNING id
                        """, arguments
                    ).first?.first?.int64
                else {
                    throw PostgresStoreError.failed(
                        database: session.target.display, reason: "no id for a new sample_origin row")
                }
                id = added
            }
            ids[key] = id
            return id
        }
    }
#endif
