#if PostgreSQL
    import Foundation
    import Testing
    @testable import VitalsKit
    @testable import VitalsPostgres

    /// Reading `postgres://` URLs: the parts, the defaults libpq would use, and passwords refused.
    @Suite struct PostgresTargetTests {
        let bare = ["USER": "ann", "HOME": "/nonexistent"]

        @Test func readsEveryPart() throws {
            let target = try PostgresTarget(
                url: "postgres://bob@db.example.org:6543/health?sslmode=verify-full&connect_timeout=3",
                environment: bare)
            #expect(target.host == "db.example.org")
            #expect(target.port == 6543)
            #expect(target.user == "bob")
            #expect(target.database == "health")
            #expect(target.sslMode == .verifyFull)
            #expect(target.connectTimeout == 3)
            #expect(target.display == "postgres://bob@db.example.org:6543/health")
        }

        @Test func postgresqlSchemeAndIPv6AndEscapes() throws {
            let target = try PostgresTarget(url: "postgresql://b%40b@[::1]:5433/my%20db", environment: bare)
            #expect(target.host == "::1")
            #expect(target.port == 5433)
            #expect(target.user == "b@b")
            #expect(target.database == "my db")
            #expect(target.serverName == "[::1]:5433")
        }

        @Test func defaultsComeFromTheEnvironmentThenLibpq() throws {
            let plain = try PostgresTarget(url: "postgres://127.0.0.1", environment: bare)
            #expect(plain.user == "ann")
            #expect(plain.database == "ann")
            #expect(plain.port == 5432)
            #expect(plain.sslMode == .prefer)
            #expect(plain.connectTimeout == 5)
            let env = try PostgresTarget(
                url: "postgres://",
                environment: bare.merging(
                    [
                        "PGHOST": "pg.local", "PGPORT": "7000", "PGUSER": "carl", "PGDATABASE": "d",
                        "PGSSLMODE": "require",
                    ]) { $1 })
            #expect(env.host == "pg.local")
            #expect(env.port == 7000)
            #expect(env.user == "carl")
            #expect(env.database == "d")
            #expect(env.sslMode == .require)
            // The URL wins over the environment.
            let both = try PostgresTarget(
                url: "postgres://zed@h:1/x?sslmode=disable",
                environment: bare.merging(["PGUSER": "carl", "PGSSLMODE": "require"]) { $1 })
            #expect(both.user == "zed")
            #expect(both.sslMode == .disable)
        }

        @Test func refusesAPasswordWithoutEchoingIt() {
            for url in [
                "postgres://bob:s3cret@h/db", "postgres://bob@h/db?password=s3cret",
                "postgresql://bob:s3cret@h:5432/db?sslmode=require",
            ] {
                #expect {
                    try PostgresTarget(url: url, environment: bare)
                } throws: { error in
                    guard let error = error as? PostgresStoreError, case .passwordInURL = error else { return false }
                    let text = ([error.message] + error.hints).joined(separator: "\n")
                    return !text.contains("s3cret") && text.contains("PGPASSWORD") && text.contains(".pgpass")
                        && error.kind == .badArgument
                }
            }
        }

        @Test func refusesBadParts() {
            let cases: [(String, String)] = [
                ("postgres://h:99999/db", "port '99999'"),
                ("postgres://h/db?sslmode=sometimes", "sslmode 'sometimes'"),
                ("postgres://h/db?colour=blue", "unknown parameter 'colour'"),
                ("postgres://h1,h2/db", "several hosts"),
                ("postgres://h/db?connect_timeout=soon", "connect_timeout 'soon'"),
            ]
            for (url, expected) in cases {
                #expect {
                    try PostgresTarget(url: url, environment: bare)
                } throws: { error in
                    (error as? PostgresStoreError)?.message.contains(expected) == true
                }
            }
        }

        @Test func tellsURLsFromPaths() {
            #expect(PostgresTarget.isURL("postgres://h/db"))
            #expect(PostgresTarget.isURL("POSTGRESQL://h/db"))
            #expect(!PostgresTarget.isURL("/tmp/postgres://x"))
            #expect(!PostgresTarget.isURL("vitals.sqlite"))
        }

        @Test func aServiceFillsWhatTheURLLeavesOut() throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "vitals-svc-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("services.conf").path
            try """
            # team database
            [team]
            host=pg.team.example
            port = 6000
            dbname=household
            user=ollie
            password=from-the-file

            [other]
            host=elsewhere
            """.write(toFile: file, atomically: true, encoding: .utf8)
            let environment = bare.merging(["PGSERVICEFILE": file, "PGSYSCONFDIR": directory.path]) { $1 }
            let target = try PostgresTarget(url: "postgres:///mine?service=team", environment: environment)
            #expect(target.host == "pg.team.example")
            #expect(target.port == 6000)
            #expect(target.database == "mine")
            #expect(target.user == "ollie")
            #expect(target.servicePassword == "from-the-file")
            #expect(!target.display.contains("from-the-file"))
            let viaEnvironment = try PostgresTarget(
                url: "postgres://", environment: environment.merging(["PGSERVICE": "other"]) { $1 })
            #expect(viaEnvironment.host == "elsewhere")
            #expect {
                try PostgresTarget(url: "postgres://h/db?service=nope", environment: environment)
            } throws: { error in
                (error as? PostgresStoreError)?.message == "no PostgreSQL service named 'nope' in the service files"
            }
        }

        @Test func aBrokenServiceFileNamesItsLine() {
            #expect {
                try PostgresServiceFile.parse("[a]\nhost=x\njust words\n", path: "/s.conf")
            } throws: { error in
                (error as? PostgresStoreError)?.message == "/s.conf:3: expected key=value"
            }
            #expect {
                try PostgresServiceFile.parse("host=x\n", path: "/s.conf")
            } throws: { error in
                (error as? PostgresStoreError)?.message == "/s.conf:1: a parameter before any [service]"
            }
        }
    }

    /// The password file: fields, wildcards, escapes, first match, and the permission rule.
    @Suite struct PasswordFileTests {
        @Test func firstMatchingEntryWithWildcards() {
            let file = PasswordFile(
                text: """
                    # comment:line:with:five:fields
                    db.example.org:5432:health:bob:first
                    *:5432:*:bob:second
                    *:*:*:*:fallback
                    """)
            #expect(file.entries.count == 3)
            #expect(file.password(host: "db.example.org", port: 5432, database: "health", user: "bob") == "first")
            #expect(file.password(host: "other", port: 5432, database: "x", user: "bob") == "second")
            #expect(file.password(host: "other", port: 6000, database: "x", user: "bob") == "fallback")
            #expect(PasswordFile(text: "h:1:d:u:p").password(host: "h", port: 2, database: "d", user: "u") == nil)
        }

        @Test func escapesAndColonsInPasswords() {
            let file = PasswordFile(text: #"we\:ird\\host:5432:d\:b:u:pa\:ss:word\\x"#)
            #expect(file.entries.first?.host == #"we:ird\host"#)
            #expect(file.entries.first?.database == "d:b")
            #expect(file.entries.first?.password == #"pa:ss:word\x"#)
            #expect(file.password(host: #"we:ird\host"#, port: 5432, database: "d:b", user: "u") == #"pa:ss:word\x"#)
            // Too few fields: skipped.
            #expect(PasswordFile(text: "h:5432:d:u").entries.isEmpty)
        }

        @Test func aSocketConnectionMatchesLocalhost() {
            let file = PasswordFile(text: "localhost:5432:*:u:sock")
            #expect(file.password(host: "/var/run/postgresql", port: 5432, database: "d", user: "u") == "sock")
        }

        @Test func aFileOthersCanReadIsIgnored() throws {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("pgpass-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            try "*:*:*:*:pw\n".write(toFile: path, atomically: true, encoding: .utf8)
            chmod(path, 0o644)
            #expect(PasswordFile.load(path: path) == .tooOpen(path: path, mode: 0o644))
            #expect(PasswordFile.load(path: path).note?.contains("chmod 0600") == true)
            chmod(path, 0o600)
            guard case .file(let file) = PasswordFile.load(path: path) else {
                Issue.record("a 0600 file should be read")
                return
            }
            #expect(file.password(host: "h", port: 1, database: "d", user: "u") == "pw")
            #expect(PasswordFile.load(path: path + ".missing") == .missing)
            #expect(PasswordFile.path(environment: ["PGPASSFILE": "/x/pw"]) == "/x/pw")
            #expect(PasswordFile.path(environment: ["HOME": "/home/ann"]) == "/home/ann/.pgpass")
        }
    }

    @Suite struct PostgresStatementSplitTests {
        @Test func cutsAtSemicolonsOutsideQuotesAndBodies() {
            #expect(
                PostgresScript.statements("CREATE TABLE a (x TEXT DEFAULT ';'); -- a; comment\nSELECT 1;;\n")
                    == ["CREATE TABLE a (x TEXT DEFAULT ';')", "-- a; comment\nSELECT 1"])
            #expect(
                PostgresScript.statements("CREATE FUNCTION f() AS $$ BEGIN x; y; END; $$; SELECT 2")
                    == ["CREATE FUNCTION f() AS $$ BEGIN x; y; END; $$", "SELECT 2"])
        }
    }
#endif
