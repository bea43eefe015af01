#if PostgreSQL
    import Foundation
    import GRDB
    import TestSupport
    @testable import VitalsKit
    @testable import VitalsPostgres

    /// Local files, server databases and roles for the push/pull and row-level security tests.
    struct SyncFixture {
        let server: PostgresTestServer
        let database: String
        let directory: URL
        /// Without the tester's own PostgreSQL settings.
        static let environment = ["HOME": "/nonexistent", "USER": "nobody", "PGPASSFILE": "/nonexistent"]

        init(server: PostgresTestServer) throws {
            self.server = server
            database = try server.createDatabase(prefix: "vitals_sync")
            directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "vitals-sync-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            // The owner creates the schema.
            try PostgresSession.open(url: url(), forWriting: true, environment: Self.environment).close()
        }

        func url(user: String = "postgres") -> String { server.url(database: database, user: user) }

        func file(_ name: String) -> String { directory.appendingPathComponent(name).path }

        func cleanUp() { try? FileManager.default.removeItem(at: directory) }

        /// A new login role (unique in the cluster), granted `subjects` by the owner.
        func login(_ name: String, subjects: [String]) throws -> String {
            let role = "\(name)_\(database)"
            try server.psql("CREATE ROLE \(role) LOGIN")
            let owner = try PostgresSession.open(url: url(), forWriting: true, environment: Self.environment)
            defer { owner.close() }
            for subject in subjects { try PostgresGrants(session: owner).grant(subject: subject, to: role) }
            return role
        }

        /// A local file holding `samples` and `milestones`.
        func localFile(_ name: String, _ samples: [Sample], milestones: [MilestoneRecord] = []) throws -> String {
            let path = file(name)
            let store = try SampleStore.open(path: path)
            defer { try? store.close() }
            try store.insert(samples)
            for milestone in milestones { try store.markMilestone(milestone) }
            return path
        }

        static let keyColumns = #"series, subject, start, "end", value, category, tag, source, utc_offset, note"#

        /// The natural keys (and offset and note) of a local file's samples, with how often each is stored.
        static func keys(ofFile path: String) throws -> [String: Int] {
            let store = try SampleStore.open(path: path)
            defer { try? store.close() }
            let rows = try store.read { db in try Row.fetchAll(db, sql: "SELECT \(keyColumns) FROM sample") }
            var keys: [String: Int] = [:]
            for row in rows {
                let key = [
                    row[0] as String, row[1] as String, String(row[2] as Int64), String(row[3] as Int64),
                    String(row[4] as Double), row[5] as String, row[6] as String, row[7] as String,
                    String(row[8] as Int64), (row[9] as String?) ?? "NULL",
                ].joined(separator: "|")
                keys[key, default: 0] += 1
            }
            return keys
        }

        /// The same for the server database, read as the owner.
        func serverKeys() throws -> [String: Int] {
            let session = try PostgresSession.open(url: url(), forWriting: false, environment: Self.environment)
            defer { session.close() }
            var keys: [String: Int] = [:]
            for row in try session.query("SELECT \(Self.keyColumns) FROM sample") {
                let key = [
                    row[0].string ?? "", row[1].string ?? "", String(row[2].int64 ?? 0), String(row[3].int64 ?? 0),
                    String(row[4].double ?? 0), row[5].string ?? "", row[6].string ?? "", row[7].string ?? "",
                    String(row[8].int64 ?? 0), row[9].string ?? "NULL",
                ].joined(separator: "|")
                keys[key, default: 0] += 1
            }
            return keys
        }

        func serverCount(_ sql: String = "SELECT count(*) FROM sample") throws -> Int {
            Int(try server.psql(sql, database: database).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }
    }

    /// `count` samples of `subject`, one a minute from `from`, values from `seed` (the same seed
    /// gives the same samples: files sharing some).
    func syncSamples(subject: String, count: Int, from: Int = 0, seed: Int = 0, note: String? = nil) -> [Sample] {
        (from..<(from + count)).map { index in
            Sample(
                seriesID: index % 3 == 0 ? "heart_rate" : "body_mass", subjectID: subject,
                start: Date(timeIntervalSince1970: 1_790_000_000 + Double(index) * 60),
                utcOffsetSeconds: index % 2 == 0 ? 3600 : -18000, value: Double((index * 7 + seed) % 97) + 0.25,
                tag: index % 5 == 0 ? "rest" : nil, note: note)
        }
    }
#endif
