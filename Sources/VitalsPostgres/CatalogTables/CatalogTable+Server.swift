#if PostgreSQL
    import VitalsKit

    /// What a catalog table is on the server now: its columns, to tell whether `catalog push` can
    /// keep it, and its owner and privileges, to give back to a table it has to make anew.
    extension CatalogTable {
        /// One column as the server describes it.
        struct ServerColumn: Equatable, CustomStringConvertible {
            var name: String
            /// As `format_type` spells it (`double precision`).
            var type: String
            var notNull: Bool
            var primaryKey: Bool

            var description: String {
                "\(name) \(type)" + (notNull ? " NOT NULL" : "") + (primaryKey ? " PRIMARY KEY" : "")
            }
        }

        /// The columns `createStatement` makes, in order.
        var wantedColumns: [ServerColumn] {
            entry.keys.map { key in
                let id = key.name == idColumn
                return ServerColumn(
                    name: key.name, type: Self.columnType(of: key.kind).rawValue, notNull: id, primaryKey: id)
            } + [ServerColumn(name: Self.positionColumn, type: "integer", notNull: true, primaryKey: false)]
        }

        /// The columns of this table in the connection's current schema, in order; nil when the
        /// schema has no table of that name.
        func columnsOnServer(_ session: PostgresSession) throws -> [ServerColumn]? {
            let rows = try session.query(
                """
                SELECT a.attname::text, format_type(a.atttypid, a.atttypmod), a.attnotnull,
                       EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.oid AND i.indisprimary AND a.attnum = ANY (i.indkey))
                FROM pg_class c
                JOIN pg_namespace n ON n.oid = c.relnamespace
                LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
                WHERE n.nspname = current_schema() AND c.relname = $1
                ORDER BY a.attnum
                """, [.text(name)])
            guard !rows.isEmpty else { return nil }
            return rows.compactMap { row in
                guard let column = row[0].string, let type = row[1].string else { return nil }
                return ServerColumn(
                    name: column, type: type, notNull: row[2] == .bool(true), primaryKey: row[3] == .bool(true))
            }
        }

        /// The statements that give a new table of this name what the current one has: its owner
        /// (when another role than the login owns it) and every privilege granted on it, to whom,
        /// with or without grant option. Empty when there is no such table.
        func privilegesOnServer(_ session: PostgresSession) throws -> [String] {
            let table = Self.quote(name)
            let owner = try session.query(
                """
                SELECT quote_ident(pg_get_userbyid(c.relowner)), pg_get_userbyid(c.relowner) = current_user
                FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = current_schema() AND c.relname = $1
                """, [.text(name)])
            var statements: [String] = []
            if let row = owner.first, row[1] == .bool(false), let role = row[0].string {
                statements.append("ALTER TABLE \(table) OWNER TO \(role)")
            }
            // aclexplode lists relacl's entries (none while the table has its default privileges);
            // the owner's own come back with the ownership.
            let grants = try session.query(
                """
                SELECT CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(a.grantee)) END,
                       a.privilege_type, a.is_grantable
                FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                CROSS JOIN LATERAL aclexplode(c.relacl) AS a
                WHERE n.nspname = current_schema() AND c.relname = $1 AND a.grantee <> c.relowner
                ORDER BY 1, 2
                """, [.text(name)])
            for row in grants {
                guard let grantee = row[0].string, let privilege = row[1].string,
                    privilege.allSatisfy({ $0.isLetter || $0 == " " })
                else { continue }
                statements.append(
                    "GRANT \(privilege) ON \(table) TO \(grantee)" + (row[2] == .bool(true) ? " WITH GRANT OPTION" : "")
                )
            }
            return statements
        }

        /// The views (and materialized views) in any schema that read this table, sorted: the
        /// server refuses to drop a table they need.
        func viewsOnServer(_ session: PostgresSession) throws -> [String] {
            try session.query(
                """
                SELECT DISTINCT v.oid::regclass::text
                FROM pg_class c
                JOIN pg_namespace n ON n.oid = c.relnamespace
                JOIN pg_depend d ON d.refobjid = c.oid AND d.classid = 'pg_rewrite'::regclass
                JOIN pg_rewrite r ON r.oid = d.objid
                JOIN pg_class v ON v.oid = r.ev_class AND v.oid <> c.oid
                WHERE n.nspname = current_schema() AND c.relname = $1
                ORDER BY 1
                """, [.text(name)]
            ).compactMap { $0.first?.string }
        }
    }
#endif
