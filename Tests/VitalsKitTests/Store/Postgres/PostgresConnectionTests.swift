#if PostgreSQL
    import Foundation
    import TestSupport
    import Testing
    @testable import VitalsKit
    @testable import VitalsPostgres

    /// The throwaway server of this test process. Without one the test is skipped (Swift Testing's
    /// `Test.cancel`, which a test run reports as skipped, not passed), after a failure when
    /// `VITALS_REQUIRE_VALIDATORS=1`. Call it as a statement of the test body, never inside `#expect`.
    func postgresServer() throws -> PostgresTestServer {
        switch PostgresTestServer.shared() {
        case .success(let server):
            return server
        case .failure(let reason):
            if PostgresTestServer.required {
                Issue.record("PostgreSQL is required (VITALS_REQUIRE_VALIDATORS=1): \(reason)")
            }
            try Test.cancel("no PostgreSQL server for the tests: \(reason)")
        }
    }

    /// Connecting to a real server: schema migrations, and one clear message per failure.
    @Suite struct PostgresConnectionTests {
        /// The environment without the tester's own password settings.
        let environment = ["HOME": "/nonexistent", "USER": "nobody"]

        @Test func migratesOnceAndReadsBack() throws {
            let server = try postgresServer()
            let database = try server.createDatabase()
            let url = server.url(database: database)
            let session = try PostgresSession.open(url: url, forWriting: true, environment: environment)
            defer { session.close() }
            #expect(try PostgresSchema.applied(session) == PostgresSchema.migrations.map(\.identifier))
            // A second writer finds everything applied; a reader accepts the schema.
            try PostgresSession.open(url: url, forWriting: true, environment: environment).close()
            try PostgresSession.open(url: url, forWriting: false, environment: environment).close()
            // The natural key: the same sample twice is stored once; local_start is filled.
            let insert = """
                INSERT INTO sample (series, subject, start, "end", utc_offset, value) VALUES ($1, 'me', $2, $2, 3600, $3)
                ON CONFLICT DO NOTHING
                """
            try session.query(insert, [.text("steps"), .integer(1_795_154_400), .double(7)])
            try session.query(insert, [.text("steps"), .integer(1_795_154_400), .double(7)])
            let rows = try session.query("SELECT COUNT(*), MIN(local_start), SUM(value) FROM sample")
            #expect(rows == [[.integer(1), .integer(1_795_158_000), .double(7)]])
            #expect(
                try server.psql("SELECT count(*) FROM vitals_migrations", database: database)
                    .trimmingCharacters(in: .whitespacesAndNewlines) == "\(PostgresSchema.migrations.count)")
        }

        @Test func aReaderRefusesAnEmptyOrOlderDatabase() throws {
            let server = try postgresServer()
            let database = try server.createDatabase()
            let url = server.url(database: database)
            #expect(
                throws: PostgresStoreError.noSchema(
                    database: "postgres://postgres@127.0.0.1:\(server.port)/\(database)")
            ) {
                try PostgresSession.open(url: url, forWriting: false, environment: environment)
            }
            try PostgresSession.open(url: url, forWriting: true, environment: environment).close()
            try server.psql("DELETE FROM vitals_migrations WHERE identifier = 'v4-sample-origin'", database: database)
            #expect {
                try PostgresSession.open(url: url, forWriting: false, environment: environment)
            } throws: { error in
                // The schema it holds is its latest by number, v11, not v9 (the last as text).
                guard
                    case .olderSchema(_, "v11-source-rank", ["v4-sample-origin"], false)? = error
                        as? PostgresStoreError
                else { return false }
                return true
            }
        }

        @Test func refusesANewerSchema() throws {
            let server = try postgresServer()
            let database = try server.createDatabase()
            let url = server.url(database: database)
            try PostgresSession.open(url: url, forWriting: true, environment: environment).close()
            // Named by the latest by number (as text, v11 would sort after v100).
            try server.psql(
                "INSERT INTO vitals_migrations (identifier) VALUES ('v11-from-the-future'), ('v100-from-further')",
                database: database)
            for forWriting in [true, false] {
                #expect {
                    try PostgresSession.open(url: url, forWriting: forWriting, environment: environment)
                } throws: { error in
                    guard let error = error as? PostgresStoreError, case .newerSchema(_, "v100-from-further") = error
                    else { return false }
                    return error.kind == .cannotRun && error.message.contains("newer version of vitals")
                }
            }
        }

        @Test func anUnreachablePortFailsFastNamingHostAndPort() throws {
            // A port on loopback nobody listens on: refused at once.
            let url = "postgres://me@127.0.0.1:1/db?sslmode=disable&connect_timeout=3"
            let started = Date()
            #expect {
                try PostgresSession.open(url: url, forWriting: false, environment: environment)
            } throws: { error in
                guard let error = error as? PostgresStoreError, case .unreachable = error else { return false }
                return error.message.hasPrefix("cannot reach the PostgreSQL server at 127.0.0.1:1:")
                    && error.kind == .cannotRun
            }
            #expect(Date().timeIntervalSince(started) < 4)
        }

        @Test func aServerThatNeverAnswersIsCutOffAtTheTimeout() throws {
            // A listening socket that accepts and says nothing.
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(listener) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
            }
            listen(listener, 4)
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
            }
            let port = UInt16(bigEndian: address.sin_port)
            let started = Date()
            #expect {
                try PostgresSession.open(
                    url: "postgres://me@127.0.0.1:\(port)/db?sslmode=disable&connect_timeout=2",
                    forWriting: false, environment: environment)
            } throws: { error in
                (error as? PostgresStoreError)?.message
                    == "cannot reach the PostgreSQL server at 127.0.0.1:\(port): no answer within 2 s"
            }
            let elapsed = Date().timeIntervalSince(started)
            #expect(elapsed >= 1.5 && elapsed < 4, "took \(elapsed) s")
        }

        @Test func aMissingDatabaseIsNamed() throws {
            let server = try postgresServer()
            #expect {
                try PostgresSession.open(
                    url: server.url(database: "no_such_db"), forWriting: true, environment: environment)
            } throws: { error in
                guard let error = error as? PostgresStoreError else { return false }
                return error == .missingDatabase(database: "no_such_db", server: "127.0.0.1:\(server.port)")
                    && error.message
                        == "the PostgreSQL server at 127.0.0.1:\(server.port) has no database named 'no_such_db'"
            }
        }

        @Test func aWrongPasswordNamesTheUserNeverThePassword() throws {
            let server = try postgresServer()
            let database = try server.createDatabase()
            try server.psql("CREATE ROLE pw_ann LOGIN PASSWORD 'right-one' IN ROLE vitals_password_login")
            try server.psql("GRANT ALL ON DATABASE \(database) TO pw_ann")
            let url = server.url(database: database, user: "pw_ann")
            // No password anywhere: the server asks for one.
            #expect {
                try PostgresSession.open(url: url, forWriting: false, environment: environment)
            } throws: { error in
                guard let error = error as? PostgresStoreError,
                    case .authenticationFailed(user: "pw_ann", _, _, _) = error
                else { return false }
                return error.message.contains("refused the login of user 'pw_ann'") && error.kind == .cannotRun
            }
            // A wrong one in PGPASSWORD.
            #expect {
                try PostgresSession.open(
                    url: url, forWriting: false, environment: environment.merging(["PGPASSWORD": "wrong-one"]) { $1 })
            } throws: { error in
                guard let error = error as? PostgresStoreError, case .authenticationFailed = error else { return false }
                let text = ([error.message] + error.hints).joined(separator: "\n")
                return !text.contains("wrong-one") && text.contains("password authentication failed")
            }
            // The right one, from PGPASSWORD and from a 0600 password file; a 0644 file is ignored, and said so.
            let withVariable = try PostgresSession.connect(
                PostgresTarget(url: url, environment: environment),
                environment: environment.merging(["PGPASSWORD": "right-one"]) { $1 })
            withVariable.close()
            let passfile = FileManager.default.temporaryDirectory.appendingPathComponent("pgpass-\(UUID().uuidString)")
                .path
            defer { try? FileManager.default.removeItem(atPath: passfile) }
            try "127.0.0.1:\(server.port):*:pw_ann:right-one\n".write(
                toFile: passfile, atomically: true, encoding: .utf8)
            chmod(passfile, 0o600)
            let withFile = environment.merging(["PGPASSFILE": passfile]) { $1 }
            try PostgresSession.connect(PostgresTarget(url: url, environment: withFile), environment: withFile).close()
            chmod(passfile, 0o644)
            #expect {
                try PostgresSession.connect(PostgresTarget(url: url, environment: withFile), environment: withFile)
            } throws: { error in
                guard let error = error as? PostgresStoreError, case .authenticationFailed = error else { return false }
                return error.hints.contains { $0.contains("\(passfile) was ignored") }
            }
        }

        /// Whether the session's connection is encrypted, as the server sees it.
        private func usesTLS(_ session: PostgresSession) throws -> Bool {
            try session.query("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").first?.first == .bool(true)
        }

        @Test func sslmodesAreHonoured() throws {
            let server = try postgresServer()
            guard let ca = server.certificateAuthority else {
                if PostgresTestServer.required { Issue.record("the test server has no TLS (openssl missing?)") }
                return
            }
            func connect(_ query: String, host: String = "127.0.0.1") throws -> PostgresSession {
                let url = "postgres://postgres@\(host):\(server.port)/postgres?\(query)"
                return try PostgresSession.connect(
                    PostgresTarget(url: url, environment: environment), environment: environment)
            }
            let expectations: [(String, Bool)] = [
                ("sslmode=disable", false), ("sslmode=allow", false), ("sslmode=prefer", true),
                ("sslmode=require", true),
                ("sslmode=verify-ca&sslrootcert=\(ca)", true), ("sslmode=verify-full&sslrootcert=\(ca)", true),
            ]
            for (query, encrypted) in expectations {
                let session = try connect(query)
                #expect(try usesTLS(session) == encrypted, "\(query)")
                session.close()
            }
            let byName = try connect("sslmode=verify-full&sslrootcert=\(ca)", host: "localhost")
            #expect(try usesTLS(byName))
            byName.close()
            // A certificate the given CAs did not sign, and no CA at all: refused, naming the mode.
            #expect {
                try connect("sslmode=verify-ca&sslrootcert=system")
            } throws: { error in
                guard let error = error as? PostgresStoreError, case .tls = error else { return false }
                return error.message.contains("sslmode=verify-ca") && error.kind == .cannotRun
            }
            #expect {
                try connect("sslmode=verify-full")
            } throws: { error in
                (error as? PostgresStoreError)?.message.contains("no CA to check the server with") == true
            }
        }
    }
#endif
