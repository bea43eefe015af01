#if PostgreSQL
    import Foundation
    import TestSupport
    import Testing
    @testable import VitalsKit
    @testable import VitalsPostgres

    /// Two logins on one server, each granted its own subject: neither can read or change the
    /// other's samples or milestones, through vitals or through hand-written SQL.
    @Suite struct RowLevelSecurityTests {
        let environment = SyncFixture.environment

        @Test func aLoginReadsAndWritesOnlyItsOwnSubjects() throws {
            let server = try postgresServer()
            let fixture = try SyncFixture(server: server)
            defer { fixture.cleanUp() }
            let alice = try fixture.login("alice", subjects: ["alice"])
            let bob = try fixture.login("bob", subjects: ["bob", "rex"])
            // The owner writes everyone's samples.
            let owner = try SampleStore.openPostgres(url: fixture.url(), forWriting: true, environment: environment)
            try owner.insert(
                syncSamples(subject: "alice", count: 30) + syncSamples(subject: "bob", count: 20)
                    + syncSamples(subject: "rex", count: 10))
            try owner.markMilestone(
                MilestoneRecord(subjectID: "bob", milestoneID: "m1", doneOn: LocalDate(year: 2026, month: 1, day: 2)))
            try owner.close()

            let asAlice = try PostgresSession.open(
                url: fixture.url(user: alice), forWriting: true, environment: environment)
            defer { asAlice.close() }
            // Reading: only her rows, whatever the WHERE clause says.
            #expect(
                try asAlice.query("SELECT subject, count(*) FROM sample GROUP BY subject") == [
                    [.text("alice"), .integer(30)]
                ])
            #expect(try asAlice.query("SELECT count(*) FROM sample WHERE subject = 'bob'") == [[.integer(0)]])
            #expect(try asAlice.query("SELECT count(*) FROM milestone") == [[.integer(0)]])
            #expect(try asAlice.query("SELECT subject, role FROM subject_grant") == [[.text("alice"), .text(alice)]])
            // Changing bob's rows: nothing happens.
            #expect(try asAlice.run("UPDATE sample SET value = -1 WHERE subject = 'bob'", []) == 0)
            #expect(try asAlice.run("DELETE FROM sample WHERE subject <> 'alice'", []) == 0)
            #expect(try asAlice.run("DELETE FROM milestone", []) == 0)
            // Writing for bob, or moving her own rows to him: refused by the policy.
            #expect(throws: PostgresStoreError.self) {
                try asAlice.query(
                    #"INSERT INTO sample (series, subject, start, "end", utc_offset, value) VALUES ('x', 'bob', 1, 1, 0, 1)"#
                )
            }
            #expect(throws: PostgresStoreError.self) { try asAlice.query("UPDATE sample SET subject = 'bob'") }
            #expect(throws: PostgresStoreError.self) {
                try asAlice.query(
                    "INSERT INTO milestone (subject, milestone, done_on) VALUES ('bob', 'm2', '2026-01-01')")
            }
            // Granting herself bob: no privilege on the grant table, and vitals grant refuses too.
            #expect(throws: PostgresStoreError.self) {
                try asAlice.query("INSERT INTO subject_grant (subject, role) VALUES ('bob', $1)", [.text(alice)])
            }
            #expect(throws: SyncError.notOwner(user: alice, database: asAlice.target.display)) {
                try PostgresGrants(session: asAlice).grant(subject: "bob", to: alice)
            }
            // Her own rows she may change.
            #expect(try asAlice.run("UPDATE sample SET note = 'mine' WHERE subject = 'alice'", []) == 30)

            // The owner still sees everything, unchanged.
            #expect(try fixture.serverCount("SELECT count(*) FROM sample WHERE value < 0") == 0)
            #expect(try fixture.serverCount("SELECT count(*) FROM sample WHERE subject IN ('bob', 'rex')") == 30)
            #expect(try fixture.serverCount("SELECT count(*) FROM milestone") == 1)

            // Bob, granted two subjects, sees both; a revoke hides one again.
            let asBob = try PostgresSession.open(
                url: fixture.url(user: bob), forWriting: false, environment: environment)
            defer { asBob.close() }
            #expect(
                try asBob.query("SELECT subject, count(*) FROM sample GROUP BY subject ORDER BY subject")
                    == [[.text("bob"), .integer(20)], [.text("rex"), .integer(10)]])
            let ownerSession = try PostgresSession.open(url: fixture.url(), forWriting: true, environment: environment)
            defer { ownerSession.close() }
            #expect(try PostgresGrants(session: ownerSession).revoke(subject: "rex", from: bob))
            #expect(try !PostgresGrants(session: ownerSession).revoke(subject: "rex", from: bob))
            #expect(try asBob.query("SELECT DISTINCT subject FROM sample") == [[.text("bob")]])
            #expect(throws: SyncError.unknownRole("nobody_at_all")) {
                try PostgresGrants(session: ownerSession).grant(subject: "x", to: "nobody_at_all")
            }
        }

        @Test func pushAndPullAsALoginMoveOnlyItsSubjects() throws {
            let server = try postgresServer()
            let fixture = try SyncFixture(server: server)
            defer { fixture.cleanUp() }
            let alice = try fixture.login("alice", subjects: ["alice"])
            let owner = try SampleStore.openPostgres(url: fixture.url(), forWriting: true, environment: environment)
            try owner.insert(syncSamples(subject: "bob", count: 20))
            try owner.close()
            // A file holding someone else's samples is refused whole: nothing sent.
            let mixed = try fixture.localFile(
                "mixed.sqlite", syncSamples(subject: "alice", count: 5) + syncSamples(subject: "carol", count: 5))
            #expect(throws: SyncError.subjectsNotGranted(user: alice, subjects: ["carol"])) {
                try SyncPusher(environment: environment).push(file: mixed, to: fixture.url(user: alice))
            }
            #expect(try fixture.serverCount() == 20)
            let own = try fixture.localFile("own.sqlite", syncSamples(subject: "alice", count: 50))
            #expect(
                try SyncPusher(batchSize: 7, environment: environment).push(file: own, to: fixture.url(user: alice))
                    .samples == 50)
            let fresh = fixture.file("fresh.sqlite")
            let pulled = try SyncPuller(environment: environment).pull(from: fixture.url(user: alice), into: fresh)
            #expect(pulled.samples == 50 && pulled.subjects == ["alice"])
            #expect(try fixture.serverCount() == 70)
        }
    }
#endif
