#if PostgreSQL
    import VitalsKit

    /// Migration v7: a grantee reads and writes only what its grants name.
    ///
    /// - Ids are the server's: `sample.id` and `sample_origin.id` become `GENERATED ALWAYS`, and a
    ///   grantee has no privilege on the id columns (`OVERRIDING SYSTEM VALUE` needs one) nor on
    ///   their sequences, so it can neither choose an id nor learn one it cannot see. The
    ///   sequences move past every id there (a grantee of an older vitals may have chosen some).
    /// - `sample.xact` (what `vitals pull` reads by) is the server's too.
    /// - `sample_origin` (devices, app versions) belongs to a subject (`for_subject`: a name that
    ///   no unqualified `subject` of a query joining it with `sample` can mean), under the same
    ///   row-level security as `sample`: an origin row shared by several subjects' samples is
    ///   copied, one per subject; a row no sample uses gets '' (no grant can name it: the owner's).
    /// - Inserts skip a row only when its natural key is stored (`naturalKeyConflict`), never on
    ///   an id, so nothing a grantee writes turns the owner's rows into "already there".
    /// - Roles granted by an older vitals lose what they had beyond `granteePrivileges`.
    enum PostgresServerIDs {
        /// The conflict clause of every sample insert: the natural key, the unique constraint's columns.
        static let naturalKeyConflict =
            #"ON CONFLICT (series, subject, start, "end", value, category, tag, source) DO NOTHING"#

        /// The columns of `sample` a grantee may write: all but `id` and `xact`.
        static let writableSampleColumns =
            #"series, subject, start, "end", utc_offset, value, category, tag, source, note, metadata, local_start, origin, key_hash"#

        /// The privileges of a role granted subjects (`role`: an SQL identifier, quoted); which rows
        /// it may touch the policies decide.
        /// Columns added by later migrations (`log_batch`, v8) are left out while v7 itself runs.
        static func granteePrivileges(_ role: String, throughMigration7: Bool = false) -> String {
            let later = throughMigration7 ? "" : ";\n" + laterGranteePrivileges(role)
            return """
                GRANT SELECT, DELETE ON sample, milestone TO \(role);
                GRANT INSERT (\(writableSampleColumns)), UPDATE (\(writableSampleColumns)) ON sample TO \(role);
                GRANT INSERT, UPDATE ON milestone TO \(role);
                GRANT SELECT, INSERT (source_version, device, for_subject) ON sample_origin TO \(role);
                GRANT SELECT ON subject_grant, vitals_migrations TO \(role)
                """ + later
        }

        /// What a grantee may write of the columns later migrations added: `log_batch` (v8), which
        /// `vitals log` sets so that `vitals undo` takes back one command.
        static func laterGranteePrivileges(_ role: String) -> String {
            "GRANT INSERT (log_batch), UPDATE (log_batch) ON sample TO \(role)"
        }

        /// What a grantee may do with `source_rank` (v11): read it, and replace its subjects' rows
        /// when it imports (the policy decides which rows). `vitals grant` adds it where the
        /// table is there (a database migrated through v11).
        static func sourceRankPrivileges(_ role: String) -> String {
            "GRANT SELECT, INSERT, DELETE ON source_rank TO \(role)"
        }

        /// Migration v11, as SQLite's v11-source-rank: the sources' order an import stated per
        /// series and subject, under the row-level security of `sample`; every role already
        /// granted a subject gets `sourceRankPrivileges`.
        static let sourceRankMigration = PostgresSchema.Migration(
            identifier: "v11-source-rank",
            sql: """
                CREATE TABLE source_rank (
                    subject TEXT COLLATE "C" NOT NULL,
                    series TEXT COLLATE "C" NOT NULL,
                    source TEXT COLLATE "C" NOT NULL,
                    rank INTEGER NOT NULL,
                    PRIMARY KEY (subject, series, source)
                );
                ALTER TABLE source_rank ENABLE ROW LEVEL SECURITY;
                CREATE POLICY source_rank_granted ON source_rank
                    USING (\(PostgresRowLevelSecurity.grantedSubject)) WITH CHECK (\(PostgresRowLevelSecurity.grantedSubject));
                DO $$
                DECLARE granted RECORD;
                BEGIN
                    FOR granted IN
                        SELECT DISTINCT r.rolname FROM pg_class c, aclexplode(c.relacl) a JOIN pg_roles r ON r.oid = a.grantee
                        WHERE c.relname = 'sample' AND c.relnamespace = current_schema()::regnamespace AND a.grantee <> c.relowner
                    LOOP
                        EXECUTE format('\(sourceRankPrivileges("%1$I"))', granted.rolname);
                    END LOOP;
                END
                $$
                """)

        /// Takes from `role` every privilege on the tables and sequences, before `granteePrivileges`.
        static func revokeAll(_ role: String) -> String {
            """
            REVOKE ALL ON sample, sample_origin, milestone FROM \(role);
            REVOKE ALL ON SEQUENCE sample_id_seq, sample_origin_id_seq FROM \(role)
            """
        }

        /// The policy expression of `sample_origin`: `PostgresRowLevelSecurity.grantedSubject` on `for_subject`.
        static let grantedOrigin =
            "for_subject IN (SELECT g.subject FROM subject_grant g JOIN pg_roles r ON r.rolname = g.role "
            + "WHERE pg_has_role(r.oid, 'MEMBER'))"

        static let migration = PostgresSchema.Migration(
            identifier: "v7-server-ids",
            sql: """
                ALTER TABLE sample ALTER COLUMN id SET GENERATED ALWAYS;
                ALTER TABLE sample_origin ALTER COLUMN id SET GENERATED ALWAYS;
                SELECT setval('sample_id_seq', COALESCE((SELECT max(id) FROM sample), 0) + 1, false);
                ALTER TABLE sample_origin ADD COLUMN for_subject TEXT COLLATE "C";
                ALTER TABLE sample_origin ADD COLUMN copied_from BIGINT;
                UPDATE sample_origin o SET for_subject = f.subject
                    FROM (SELECT origin, min(subject) AS subject FROM sample WHERE origin IS NOT NULL GROUP BY origin) f
                    WHERE o.id = f.origin;
                INSERT INTO sample_origin (source_version, device, for_subject, copied_from)
                    SELECT o.source_version, o.device, p.subject, o.id
                    FROM (SELECT DISTINCT origin, subject FROM sample WHERE origin IS NOT NULL) p
                    JOIN sample_origin o ON o.id = p.origin WHERE o.for_subject <> p.subject;
                UPDATE sample s SET origin = c.id FROM sample_origin c WHERE c.copied_from = s.origin AND c.for_subject = s.subject;
                ALTER TABLE sample_origin DROP COLUMN copied_from;
                UPDATE sample_origin SET for_subject = '' WHERE for_subject IS NULL;
                ALTER TABLE sample_origin ALTER COLUMN for_subject SET NOT NULL;
                SELECT setval('sample_origin_id_seq', COALESCE((SELECT max(id) FROM sample_origin), 0) + 1, false);
                CREATE INDEX sample_origin_for_subject ON sample_origin(for_subject, device, source_version);
                ALTER TABLE sample_origin ENABLE ROW LEVEL SECURITY;
                CREATE POLICY sample_origin_granted ON sample_origin
                    USING (\(grantedOrigin)) WITH CHECK (\(grantedOrigin));
                DO $$
                DECLARE granted RECORD;
                BEGIN
                    FOR granted IN
                        SELECT DISTINCT r.rolname FROM pg_class c, aclexplode(c.relacl) a JOIN pg_roles r ON r.oid = a.grantee
                        WHERE c.relname IN ('sample', 'sample_origin', 'sample_id_seq', 'sample_origin_id_seq')
                            AND c.relnamespace = current_schema()::regnamespace AND a.grantee <> c.relowner
                    LOOP
                        EXECUTE format('\(revokeAll("%1$I").replacingOccurrences(of: "\n", with: " "))', granted.rolname);
                        EXECUTE format('\(granteePrivileges("%1$I", throughMigration7: true).replacingOccurrences(of: "\n", with: " "))', granted.rolname);
                    END LOOP;
                END
                $$
                """)
    }
#endif
