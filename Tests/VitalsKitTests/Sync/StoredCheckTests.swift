#if PostgreSQL
    import Foundation
    import GRDB
    import TestSupport
    import Testing
    @testable import VitalsKit
    @testable import VitalsPostgres

    /// A server that stores less than it was sent (here a trigger dropping one row, as an
    /// administrator's might): log, import and push say so, undo the transaction, and push's mark
    /// never moves past what the server holds; once the server keeps everything, a rerun completes.
    @Suite struct StoredCheckTests {
        let environment = SyncFixture.environment

        /// The start of `syncSamples`' sample number `index`.
        static func start(_ index: Int) -> Int { 1_790_000_000 + index * 60 }

        @Test func lessStoredThanSentIsAnErrorAndTheMarkStays() throws {
            let server = try postgresServer()
            let fixture = try SyncFixture(server: server)
            defer { fixture.cleanUp() }
            try server.psql(
                """
                CREATE FUNCTION drop_one() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN IF NEW.start = \(Self.start(150)) THEN RETURN NULL; END IF; RETURN NEW; END $$;
                CREATE TRIGGER drop_one BEFORE INSERT ON sample FOR EACH ROW EXECUTE FUNCTION drop_one();
                """, database: fixture.database)
            let display = try PostgresTarget(url: fixture.url(), environment: environment).display

            // log (multi-row INSERT) and import (COPY): nothing stored, the count said.
            let owner = try SampleStore.openPostgres(url: fixture.url(), forWriting: true, environment: environment)
            #expect(throws: PostgresStoreError.notStored(database: display, missing: 1, sent: 1)) {
                try owner.insert(syncSamples(subject: "me", count: 1, from: 150))
            }
            #expect(throws: PostgresStoreError.notStored(database: display, missing: 1, sent: 300)) {
                try owner.insertBulk(syncSamples(subject: "me", count: 300))
            }
            try owner.close()
            #expect(try fixture.serverCount() == 0)

            // push: the first batch goes in, the second (holding the dropped row) is undone and
            // the mark stays after the first.
            let file = try fixture.localFile("mine.sqlite", syncSamples(subject: "me", count: 300))
            #expect(throws: SyncError.pushIncomplete(database: display, pushed: 100, missing: 1, sent: 100)) {
                try SyncPusher(batchSize: 100, environment: environment).push(file: file, to: fixture.url())
            }
            #expect(try fixture.serverCount() == 100)
            let local = try SampleStore.open(path: file)
            defer { try? local.close() }
            #expect(try local.read { db in try SyncState.load(db, remote: display, direction: .push).lastID } == 100)

            // The server keeps everything again: the rerun sends the rest, each sample once.
            try server.psql("DROP TRIGGER drop_one ON sample", database: fixture.database)
            let rerun = try SyncPusher(batchSize: 100, environment: environment).push(file: file, to: fixture.url())
            #expect(rerun.samples == 200 && rerun.alreadyThere == 0)
            #expect(try fixture.serverKeys() == SyncFixture.keys(ofFile: file))
        }

        /// Rows already there are counted as there only after the server is seen to hold them.
        @Test func alreadyThereIsCheckedNotAssumed() throws {
            let server = try postgresServer()
            let fixture = try SyncFixture(server: server)
            defer { fixture.cleanUp() }
            let owner = try SampleStore.openPostgres(url: fixture.url(), forWriting: true, environment: environment)
            defer { try? owner.close() }
            #expect(try owner.insertBulk(syncSamples(subject: "me", count: 50)) == 50)
            #expect(try owner.insertBulk(syncSamples(subject: "me", count: 60)) == 10)
            #expect(try owner.insert(syncSamples(subject: "me", count: 70)) == 10)
            #expect(try fixture.serverCount() == 70)
        }
    }
#endif
