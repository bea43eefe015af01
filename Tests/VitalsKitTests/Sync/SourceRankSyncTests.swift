#if PostgreSQL
    import Foundation
    import GRDB
    import TestSupport
    import Testing
    @testable import VitalsKit
    @testable import VitalsPostgres

    /// The source orders imports state (`source_rank`) travel with `vitals push` and `vitals pull`:
    /// each side draws the same numbers from the same samples, as the side that imported them does.
    @Suite struct SourceRankSyncTests {
        let environment = SyncFixture.environment
        typealias Priority = SourcePriorityTests

        /// Every way a day's steps are summed (`SourcePriorityTests.sums`), under the stored order.
        static func sums(_ store: SampleStore) throws -> [Double] {
            try Priority.sums(StoreFixtures.query(Priority.steps(), range: .days(1), asOf: "2026-06-10"), store)
        }

        static func rank(_ path: String, _ sources: [String], subject: String = "me") throws {
            let store = try SampleStore.open(path: path)
            defer { try? store.close() }
            try store.inTransaction { db in
                try db.replaceSourceRanking(subject: subject, series: "steps", sources: sources)
            }
        }

        @Test func anOrderPushedAndPulledGivesEverySideTheImportersNumbers() throws {
            let server = try postgresServer()
            let fixture = try SyncFixture(server: server)
            defer { fixture.cleanUp() }
            let first = try fixture.localFile("first.sqlite", Priority.day)
            try Self.rank(first, ["watch", "phone"])
            let local = try SampleStore.open(path: first)
            let localSums = try Self.sums(local)
            try local.close()
            // Ranked, the day is not what the unranked hourly maximum gives: the order matters.
            #expect(localSums == [800, 800, 800, 800])

            let pushed = try SyncPusher(environment: environment).push(file: first, to: fixture.url())
            #expect(pushed.samples == Priority.day.count)
            #expect((pushed.sourceRanks, pushed.sourceRanksAlreadyThere) == (1, 0))
            #expect(pushed.line.contains("; 1 source order, 0 already there, in "), "\(pushed.line)")
            let remote = try SampleStore.openPostgres(url: fixture.url(), forWriting: false, environment: environment)
            #expect(try remote.sourceRanking(subject: "me", series: "steps") == ["watch", "phone"])
            #expect(try Self.sums(remote) == localSums)

            // Pushed again, the order is there; re-ranked locally (a later import), it is replaced.
            let again = try SyncPusher(environment: environment).push(file: first, to: fixture.url())
            #expect((again.sourceRanks, again.sourceRanksAlreadyThere) == (0, 1))
            try Self.rank(first, ["ring", "phone"])
            let reranked = try SyncPusher(environment: environment).push(file: first, to: fixture.url())
            #expect((reranked.samples, reranked.sourceRanks) == (0, 1))
            #expect(try remote.sourceRanking(subject: "me", series: "steps") == ["ring", "phone"])
            // 10:00 phone 900 (watch unranked now), 11:00 phone 400, 12:00 ring 50, 13:00 ring 20.
            #expect(try Self.sums(remote) == [1370, 1370, 1370, 1370])
            try remote.close()

            // A second laptop pulls samples and order, and computes what the first one does.
            let second = fixture.file("second.sqlite")
            let pulled = try SyncPuller(environment: environment).pull(from: fixture.url(), into: second)
            #expect((pulled.samples, pulled.sourceRanks, pulled.sourceRanksAlreadyThere) == (Priority.day.count, 1, 0))
            let secondStore = try SampleStore.open(path: second)
            #expect(try secondStore.sourceRanking(subject: "me", series: "steps") == ["ring", "phone"])
            #expect(try Self.sums(secondStore) == [1370, 1370, 1370, 1370])
            try secondStore.close()
            let pulledAgain = try SyncPuller(environment: environment).pull(from: fixture.url(), into: second)
            #expect((pulledAgain.sourceRanks, pulledAgain.sourceRanksAlreadyThere) == (0, 1))
        }

        @Test func aFileWithoutOrdersPrintsWhatItDidBefore() throws {
            let server = try postgresServer()
            let fixture = try SyncFixture(server: server)
            defer { fixture.cleanUp() }
            let file = try fixture.localFile("plain.sqlite", Priority.day)
            let pushed = try SyncPusher(environment: environment).push(file: file, to: fixture.url())
            #expect((pushed.sourceRanks, pushed.sourceRanksAlreadyThere) == (0, 0))
            #expect(!pushed.line.contains("source order"), "\(pushed.line)")
        }

        /// A login that may not write a subject cannot set that subject's order either: the push
        /// is refused before anything is sent, as for its samples.
        @Test func anOrderOfASubjectNotGrantedIsRefusedBeforeAnythingIsSent() throws {
            let server = try postgresServer()
            let fixture = try SyncFixture(server: server)
            defer { fixture.cleanUp() }
            let role = try fixture.login("walker", subjects: ["ollie"])
            let file = try fixture.localFile(
                "walker.sqlite",
                Priority.day.map { sample in
                    var sample = sample
                    sample.subjectID = "ollie"
                    return sample
                })
            try Self.rank(file, ["watch"], subject: "me")
            #expect {
                try SyncPusher(environment: environment).push(file: file, to: fixture.url(user: role))
            } throws: { error in
                guard case SyncError.subjectsNotGranted(_, let subjects) = error else { return false }
                return subjects == ["me"]
            }
            #expect(try fixture.serverCount() == 0)
        }
    }
#endif
