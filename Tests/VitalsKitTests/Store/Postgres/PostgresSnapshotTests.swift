#if PostgreSQL
    import Foundation
    import TestSupport
    import Testing
    @testable import VitalsKit
    @testable import VitalsPostgres

    /// `SampleStore.inSnapshot` on PostgreSQL is one read-only snapshot: what another session
    /// commits meanwhile is not seen until it ends, a write in it is refused, and snapshots and
    /// transactions nest without a second BEGIN.
    @Suite struct PostgresSnapshotTests {
        let environment = ["HOME": "/nonexistent", "USER": "nobody"]
        typealias F = StoreFixtures

        /// Two stores (two connections) on one new database.
        private func twoSessions(_ server: PostgresTestServer) throws -> (SampleStore, SampleStore) {
            let url = server.url(database: try server.createDatabase(prefix: "vitals_snapshot"))
            return (
                try SampleStore.openPostgres(url: url, forWriting: true, environment: environment),
                try SampleStore.openPostgres(url: url, forWriting: true, environment: environment)
            )
        }

        private func steps(_ day: Int, _ value: Double) -> Sample {
            F.sample("steps", String(format: "2026-11-%02dT12:00:00+01:00", day), value)
        }

        @Test func aSnapshotDoesNotSeeWhatAnotherSessionCommits() throws {
            let server = try postgresServer()
            let (reader, writer) = try twoSessions(server)
            defer {
                try? reader.close()
                try? writer.close()
            }
            try writer.insert([steps(1, 100), steps(2, 200)])
            let (before, after, sumBefore, sumAfter) = try reader.inSnapshot { db in
                let before = try reader.count()  // a nested snapshot: the same one
                let sumBefore = try db.fetchValue(Double.self, sql: "SELECT SUM(value) FROM sample")
                #expect(try writer.insert([steps(3, 300)]) == 1)  // committed by the other session
                #expect(try writer.count() == 3)
                let after = try reader.count()
                let sumAfter = try db.fetchValue(Double.self, sql: "SELECT SUM(value) FROM sample")
                return (before, after, sumBefore, sumAfter)
            }
            #expect(before == 2)
            #expect(after == 2, "the second read of one snapshot saw the other session's commit")
            #expect(sumBefore == 300)
            #expect(sumAfter == 300)
            // Once the snapshot ends, the next one sees the commit.
            #expect(try reader.count() == 3)
            #expect(
                try reader.inSnapshot { db in try db.fetchValue(Double.self, sql: "SELECT SUM(value) FROM sample") }
                    == 600)
        }

        /// A whole reading command (`readingAsOneSnapshot`, as render and report use it): its
        /// separate reads are one snapshot, so every screen block sees the same data.
        @Test func separateReadsOfOneCommandShareASnapshot() throws {
            let server = try postgresServer()
            let (reader, writer) = try twoSessions(server)
            defer {
                try? reader.close()
                try? writer.close()
            }
            try writer.insert([steps(1, 100)])
            let (first, second) = try reader.readingAsOneSnapshot {
                let first = try reader.count()
                #expect(try writer.insert([steps(2, 200)]) == 1)
                return (first, try reader.count())
            }
            #expect(first == 1)
            #expect(second == 1, "the command's second read saw a commit made after its first")
            #expect(try reader.count() == 2)
        }

        @Test func aWriteInASnapshotIsRefusedWithATypedError() throws {
            let server = try postgresServer()
            let (store, other) = try twoSessions(server)
            defer {
                try? store.close()
                try? other.close()
            }
            try store.insert([steps(1, 100)])
            let database = store.postgres!.target.display
            // A write statement run in the snapshot: the server refuses it.
            #expect(throws: PostgresStoreError.writeInSnapshot(database: database)) {
                try store.inSnapshot { db in
                    try db.execute(sql: "DELETE FROM sample")
                }
            }
            // A write transaction opened inside the snapshot: refused before any statement.
            #expect(throws: PostgresStoreError.writeInSnapshot(database: database)) {
                try store.inSnapshot { _ in try store.insert([steps(2, 200)]) }
            }
            #expect(PostgresStoreError.writeInSnapshot(database: database).kind == .cannotRun)
            // Nothing was written, and the session is usable afterwards (the snapshot rolled back).
            #expect(try other.count() == 1)
            #expect(try store.insert([steps(3, 300)]) == 1)
            #expect(try store.count() == 2)
        }

        @Test func snapshotsAndTransactionsNestWithoutASecondBegin() throws {
            let server = try postgresServer()
            let (store, other) = try twoSessions(server)
            defer {
                try? store.close()
                try? other.close()
            }
            // A snapshot inside a write transaction reads the transaction's own rows, and the
            // transaction stays open after it (other sessions see nothing until the commit).
            try store.inTransaction { db in
                _ = try SampleStore.insert([steps(1, 100)], into: db)
                #expect(try store.count() == 1)
                #expect(try other.count() == 0)
                _ = try SampleStore.insert([steps(2, 200)], into: db)
                #expect(
                    try store.inSnapshot { db in try db.fetchValue(Int.self, sql: "SELECT COUNT(*) FROM sample") } == 2)
            }
            #expect(try other.count() == 2)
            // A transaction inside a transaction is a savepoint: its failure undoes only its own
            // writes, the outer transaction goes on and commits.
            struct Stop: Error {}
            try store.inTransaction { db in
                _ = try SampleStore.insert([steps(3, 300)], into: db)
                #expect(throws: Stop.self) {
                    try store.inTransaction { inner in
                        _ = try SampleStore.insert([steps(4, 400)], into: inner)
                        throw Stop()
                    }
                }
                try store.insert([steps(5, 500)])  // a nested inTransaction that succeeds
                #expect(try other.count() == 2, "a nested transaction committed the outer one")
            }
            #expect(try other.samples(series: "steps").map(\.value) == [100, 200, 300, 500])
            // A whole failed transaction leaves nothing.
            #expect(throws: Stop.self) {
                try store.inTransaction { db in
                    _ = try SampleStore.insert([steps(6, 600)], into: db)
                    try store.insert([steps(7, 700)])
                    throw Stop()
                }
            }
            #expect(try other.count() == 4)
        }
    }
#endif
