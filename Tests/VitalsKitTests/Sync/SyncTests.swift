#if PostgreSQL
    import Foundation
    import GRDB
    import TestSupport
    import Testing
    @testable import VitalsKit
    @testable import VitalsPostgres

    /// `vitals push` and `vitals pull` against a real server: the union of everyone's samples ends
    /// up everywhere, exactly once, whatever the order, the overlap or an interruption.
    @Suite struct SyncTests {
        let environment = SyncFixture.environment

        @Test func twoPeoplePushingAtOnceAndPullingEachOtherEndWithTheUnion() throws {
            let server = try postgresServer()
            let fixture = try SyncFixture(server: server)
            defer { fixture.cleanUp() }
            // Two owners of one dog log from two laptops; 40 samples are in both files (the same
            // reading entered twice), and both also log for themselves.
            let shared = syncSamples(subject: "ollie", count: 40, from: 0)
            let first = try fixture.localFile(
                "first.sqlite",
                shared + syncSamples(subject: "ollie", count: 700, from: 40)
                    + syncSamples(subject: "me", count: 300, from: 0, note: "tab\there\nline \\ end"),
                milestones: [
                    MilestoneRecord(
                        subjectID: "ollie", milestoneID: "vacc_1",
                        doneOn: LocalDate(year: 2026, month: 3, day: 1))
                ])
            let second = try fixture.localFile(
                "second.sqlite",
                shared + syncSamples(subject: "ollie", count: 500, from: 740)
                    + syncSamples(subject: "you", count: 250, from: 0, seed: 3),
                milestones: [
                    MilestoneRecord(
                        subjectID: "ollie", milestoneID: "vacc_1",
                        doneOn: LocalDate(year: 2026, month: 3, day: 1)),
                    MilestoneRecord(
                        subjectID: "ollie", milestoneID: "worm_1",
                        doneOn: LocalDate(year: 2026, month: 4, day: 2)),
                ])
            let union = try SyncFixture.keys(ofFile: first).merging(try SyncFixture.keys(ofFile: second)) { _, _ in 1 }
            #expect(union.count == 40 + 700 + 300 + 500 + 250)

            // Both push at the same time, in small batches that interleave on the server.
            let results = UnsafeSendableBox<[Result<SyncSummary, any Error>]>([])
            let lock = NSLock()
            let files = [first, second]
            let url = fixture.url()
            let environment = environment
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                let result = Result {
                    try SyncPusher(batchSize: 97, environment: environment).push(file: files[index], to: url)
                }
                lock.withLock { results.value.append(result) }
            }
            let summaries = try results.value.map { try $0.get() }
            #expect(summaries.map(\.samples).reduce(0, +) == union.count)
            #expect(summaries.map(\.alreadyThere).reduce(0, +) == 40)
            #expect(summaries.map(\.milestones).reduce(0, +) == 2)
            #expect(try fixture.serverKeys() == union)

            // Each pulls the other's; pulling again brings nothing; pushing again sends nothing.
            for file in [first, second] {
                let before = try SyncFixture.keys(ofFile: file).count
                let pulled = try SyncPuller(batchSize: 113, environment: environment).pull(
                    from: fixture.url(), into: file)
                #expect(pulled.samples == union.count - before)
                #expect(pulled.alreadyThere == before, "the server's copies of this file's own samples")
                #expect(try SyncFixture.keys(ofFile: file) == union)
                let again = try SyncPuller(environment: environment).pull(from: fixture.url(), into: file)
                #expect(again.samples == 0)
                let pushAgain = try SyncPusher(environment: environment).push(file: file, to: fixture.url())
                #expect(pushAgain.samples == 0 && pushAgain.alreadyThere == 0, "pulled rows are not pushed back")
            }
            #expect(try fixture.serverKeys() == union)
            let milestones = try SampleStore.open(path: first).read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM milestone")
            }
            #expect(milestones == 2)
        }

        @Test func aPushKilledBetweenTheServerCommitAndTheLocalMarkResumesWithoutDuplicates() throws {
            let server = try postgresServer()
            let fixture = try SyncFixture(server: server)
            defer { fixture.cleanUp() }
            let file = try fixture.localFile("mine.sqlite", syncSamples(subject: "me", count: 1000))
            // The server committed batch 3 but the mark says 2 (what a kill there leaves behind).
            let interrupted = SyncPusher(batchSize: 100, environment: environment)
            _ = try interrupted.push(file: file, to: fixture.url())
            let store = try SampleStore.open(path: file)
            try store.write { db in
                try db.execute(
                    sql: "UPDATE sync_state SET last_id = 200, last_key = (SELECT key_hash FROM sample WHERE id = 200)")
            }
            try store.close()
            try server.psql(
                "DELETE FROM sample WHERE id IN (SELECT id FROM sample ORDER BY id OFFSET 300)",
                database: fixture.database)
            let resumed = try SyncPusher(batchSize: 100, environment: environment).push(file: file, to: fixture.url())
            #expect(resumed.samples == 700)
            #expect(resumed.alreadyThere == 100)
            #expect(try fixture.serverKeys() == SyncFixture.keys(ofFile: file))
        }

        @Test func anUndoneLastSampleWhoseIdIsUsedAgainIsStillPushed() throws {
            let server = try postgresServer()
            let fixture = try SyncFixture(server: server)
            defer { fixture.cleanUp() }
            let file = try fixture.localFile("mine.sqlite", syncSamples(subject: "me", count: 10))
            #expect(try SyncPusher(environment: environment).push(file: file, to: fixture.url()).samples == 10)
            let store = try SampleStore.open(path: file)
            try store.write { db in try db.execute(sql: "DELETE FROM sample WHERE id = (SELECT MAX(id) FROM sample)") }
            try store.insert(syncSamples(subject: "me", count: 1, from: 500))
            try store.close()
            let again = try SyncPusher(environment: environment).push(file: file, to: fixture.url())
            #expect(again.restarted)
            #expect(again.samples == 1)
            #expect(try fixture.serverCount() == 11)
        }

        /// A transaction that took its id before another one but commits after it: the rows it
        /// wrote are pulled by the next pull, not skipped because a higher id was pulled already.
        @Test func aPullDoesNotSkipRowsCommittedLateByAnOlderTransaction() throws {
            let server = try postgresServer()
            let fixture = try SyncFixture(server: server)
            defer { fixture.cleanUp() }
            let slow = try PostgresSession.open(url: fixture.url(), forWriting: true, environment: environment)
            defer { slow.close() }
            let insert =
                #"INSERT INTO sample (series, subject, start, "end", utc_offset, value) VALUES ('body_mass', 'me', $1, $1, 0, $2)"#
            try slow.execute("BEGIN")
            try slow.query(insert, [.integer(1_790_000_000), .double(80)])
            let quick = try PostgresSession.open(url: fixture.url(), forWriting: true, environment: environment)
            try quick.query(insert, [.integer(1_790_000_060), .double(81)])
            try quick.query(insert, [.integer(1_790_000_120), .double(82)])
            quick.close()
            let file = fixture.file("mine.sqlite")
            #expect(try SyncPuller(environment: environment).pull(from: fixture.url(), into: file).samples == 2)
            try slow.execute("COMMIT")
            let second = try SyncPuller(environment: environment).pull(from: fixture.url(), into: file)
            #expect(second.samples == 1)
            #expect(try SyncFixture.keys(ofFile: file) == fixture.serverKeys())
        }

        @Test func pushAndPullRefuseTheWrongKindOfPlace() throws {
            #expect(throws: SyncError.notAServer("/tmp/x.sqlite")) {
                try SyncPusher(environment: environment).push(file: "/tmp/y.sqlite", to: "/tmp/x.sqlite")
            }
            #expect(throws: SyncError.missingFile("/nonexistent/a.sqlite")) {
                try SyncPusher(environment: environment).push(
                    file: "/nonexistent/a.sqlite", to: "postgres://me@127.0.0.1:1/db")
            }
            #expect(throws: SyncError.notAFile("postgres://me@h/db")) {
                try SyncPuller(environment: environment).pull(
                    from: "postgres://me@127.0.0.1:1/db", into: "postgres://me@h/db")
            }
            #expect(
                SyncSummary.grouped(12345) == "12,345" && SyncSummary.grouped(999) == "999"
                    && SyncSummary.grouped(1_000_000) == "1,000,000")
        }
    }

    final class UnsafeSendableBox<T>: @unchecked Sendable {
        var value: T
        init(_ value: T) { self.value = value }
    }
#endif
