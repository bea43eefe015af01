#if PostgreSQL
    import Foundation
    import VitalsKit

    /// `vitals grant` and `vitals revoke`: which role may read and write which subject on a server
    /// (`subject_grant`, enforced by the policies of `PostgresRowLevelSecurity`), and the table
    /// privileges a role needs to use the store at all.
    public struct PostgresGrants {
        let session: PostgresSession

        public init(session: PostgresSession) { self.session = session }

        /// Lets `role` read and write `subject`'s samples, origins and milestones. Returns false when
        /// the grant was there already. Table privileges are set too (idempotent): those of
        /// `PostgresServerIDs.granteePrivileges`, nothing more.
        @discardableResult
        public func grant(subject: String, to role: String) throws -> Bool {
            try Self.checkName(subject, kind: "subject")
            try Self.checkName(role, kind: "role")
            return try session.transaction {
                try refuseUnlessOwner()
                try requireRole(role)
                let quoted = Self.quoteIdentifier(role)
                try session.execute(PostgresServerIDs.revokeAll(quoted))
                try session.execute(PostgresServerIDs.granteePrivileges(quoted))
                if try session.query("SELECT to_regclass('source_rank') IS NOT NULL").first?.first == .bool(true) {
                    try session.execute(PostgresServerIDs.sourceRankPrivileges(quoted))
                }
                return try session.run(
                    "INSERT INTO subject_grant (subject, role) VALUES ($1, $2) ON CONFLICT (subject, role) DO NOTHING",
                    [.text(subject), .text(role)]) == 1
            }
        }

        /// Takes `subject` away from `role`; false when it had not been granted. The role keeps its
        /// table privileges (other subjects may be granted to it); the policies hide the rows.
        @discardableResult
        public func revoke(subject: String, from role: String) throws -> Bool {
            try Self.checkName(subject, kind: "subject")
            try Self.checkName(role, kind: "role")
            return try session.transaction {
                try refuseUnlessOwner()
                return try session.run(
                    "DELETE FROM subject_grant WHERE subject = $1 AND role = $2",
                    [.text(subject), .text(role)]) == 1
            }
        }

        /// The grants, sorted by subject then role.
        public func list() throws -> [(subject: String, role: String)] {
            try session.query("SELECT subject, role FROM subject_grant ORDER BY subject, role").map {
                ($0[0].string ?? "", $0[1].string ?? "")
            }
        }

        /// Whether the login owns the tables (or is a superuser): then the policies do not apply to it.
        public func loginOwnsTables() throws -> Bool {
            try session.query(
                """
                SELECT pg_has_role(c.relowner, 'MEMBER') OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
                FROM pg_class c WHERE c.oid = 'sample'::regclass
                """
            ).first?.first == .bool(true)
        }

        /// The subjects among `subjects` the login may not write.
        public func subjectsNotWritable(_ subjects: [String]) throws -> [String] {
            if try loginOwnsTables() { return [] }
            let granted = Set(
                try session.query(
                    """
                    SELECT g.subject FROM subject_grant g JOIN pg_roles r ON r.rolname = g.role WHERE pg_has_role(r.oid, 'MEMBER')
                    """
                ).compactMap { $0.first?.string })
            return subjects.filter { !granted.contains($0) }
        }

        private func refuseUnlessOwner() throws {
            guard try loginOwnsTables() else {
                throw SyncError.notOwner(user: session.target.user, database: session.target.display)
            }
        }

        private func requireRole(_ role: String) throws {
            guard try !session.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [.text(role)]).isEmpty else {
                throw SyncError.unknownRole(role)
            }
        }

        static func checkName(_ name: String, kind: String) throws {
            if name.isEmpty || name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                throw SyncError.badName(
                    kind: kind, value: name.unicodeScalars.filter { $0.value >= 0x20 }.map(String.init).joined())
            }
        }

        /// `"name"`, with inner quotes doubled: a role name as an SQL identifier.
        static func quoteIdentifier(_ name: String) -> String {
            "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
    }
#endif
