#if PostgreSQL
    import VitalsKit

    /// Row-level security and the sync column on PostgreSQL, as one migration appended to
    /// `PostgresSchema.migrations`.
    ///
    /// - `subject_grant(subject, role)`: which role (a login, or a group whose members log in) may
    ///   read and write which subject's rows. The owner of the tables (the role that ran the first
    ///   migration) is not bound by the policies and sees everything; so is a superuser.
    /// - Policies on `sample` and `milestone`: a row is visible, and may be inserted, updated or
    ///   deleted, only when its subject is granted to a role the current login is a member of
    ///   (`pg_has_role(oid, 'MEMBER')`, through `pg_roles` so that a grant naming a role dropped
    ///   since is ignored instead of failing every query). The same expression is the `WITH CHECK`,
    ///   so a row cannot be moved to, or written for, a subject the login may not touch.
    /// - `sample.xact`: the id of the transaction that wrote the row (`pg_current_xact_id()`), what
    ///   `vitals pull` reads from (see `SyncPuller`): every transaction older than a snapshot's
    ///   `xmin` had finished when the snapshot was taken, so rows with `xact >= xmin` are the only
    ///   ones a later pull can have missed.
    enum PostgresRowLevelSecurity {
        /// The expression "this row's subject is granted to me".
        static let grantedSubject = """
            subject IN (SELECT g.subject FROM subject_grant g JOIN pg_roles r ON r.rolname = g.role
                        WHERE pg_has_role(r.oid, 'MEMBER'))
            """

        static let migration = PostgresSchema.Migration(
            identifier: "v5-grants-sync",
            sql: """
                CREATE TABLE subject_grant (
                    subject TEXT COLLATE "C" NOT NULL,
                    role TEXT COLLATE "C" NOT NULL,
                    PRIMARY KEY (subject, role)
                );
                ALTER TABLE sample ADD COLUMN xact BIGINT NOT NULL DEFAULT (pg_current_xact_id()::text::bigint);
                CREATE INDEX sample_xact ON sample(xact, id);
                ALTER TABLE subject_grant ENABLE ROW LEVEL SECURITY;
                CREATE POLICY subject_grant_own ON subject_grant FOR SELECT
                    USING (EXISTS (SELECT 1 FROM pg_roles r WHERE r.rolname = role AND pg_has_role(r.oid, 'MEMBER')));
                ALTER TABLE sample ENABLE ROW LEVEL SECURITY;
                CREATE POLICY sample_granted ON sample USING (\(grantedSubject)) WITH CHECK (\(grantedSubject));
                ALTER TABLE milestone ENABLE ROW LEVEL SECURITY;
                CREATE POLICY milestone_granted ON milestone USING (\(grantedSubject)) WITH CHECK (\(grantedSubject));
                """)
    }
#endif
