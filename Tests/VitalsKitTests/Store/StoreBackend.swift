import Foundation
import TestSupport
import XCTest

@testable import VitalsKit

#if PostgreSQL
    @testable import VitalsPostgres
#endif

/// Which backend a store test runs on. The store and query suites run on both: Swift Testing
/// tests take `StoreBackend.available` as arguments; XCTest classes run each test twice
/// (`invokeOnEachBackend`). Every store they make comes from `StoreFixtures.emptyStore()`,
/// which reads the backend of the test being run.
enum StoreBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite, postgres

    var description: String { rawValue }

    /// The backend the current test runs on (SQLite unless a test says otherwise).
    @TaskLocal static var current: StoreBackend = .sqlite

    /// SQLite, and PostgreSQL when the test server runs here. Without it, the PostgreSQL runs
    /// are left out, or fail with `VITALS_REQUIRE_VALIDATORS=1` (see `PostgresAvailabilityTests`).
    /// `VITALS_TEST_BACKENDS` (comma-separated names) keeps only those: CI's run with the
    /// PostgreSQL trait sets it to `postgres`, the SQLite runs being those of the README's
    /// test command.
    static var available: [StoreBackend] {
        var backends: [StoreBackend] = [.sqlite]
        #if PostgreSQL
            if case .success = PostgresTestServer.shared() { backends.append(.postgres) }
        #endif
        return backends.filter(selected.contains)
    }

    /// The backends `VITALS_TEST_BACKENDS` names, every one when it is unset or empty.
    static let selected: Set<StoreBackend> = selection(ProcessInfo.processInfo.environment["VITALS_TEST_BACKENDS"])

    /// The backends named in `list` (comma-separated; unknown names are an error, so a typo in
    /// CI cannot leave a backend's runs out unnoticed), every one for nil or an empty list.
    static func selection(_ list: String?) -> Set<StoreBackend> {
        let names = (list ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
        guard !names.isEmpty else { return Set(allCases) }
        return Set(
            names.map { name in
                guard let backend = StoreBackend(rawValue: name) else {
                    fatalError("VITALS_TEST_BACKENDS: unknown backend '\(name)' (known: sqlite, postgres)")
                }
                return backend
            })
    }

    /// The backend `each` is running its body on, nil outside it: what failures are prefixed with.
    @TaskLocal static var running: StoreBackend?

    /// Runs `body` once per available backend, with `current` set.
    ///
    /// Failures name the backend they happened on: an error `body` throws comes back as a
    /// `Failure` ("[postgres] …"; an `XCTSkip` as it is), and XCTest assertions failing inside
    /// are recorded as "[postgres] XCTAssertEqual failed: …" in a `StoreBackendTestCase`.
    static func each(_ body: () throws -> Void) rethrows {
        for backend in available {
            do {
                try $current.withValue(backend) { try $running.withValue(backend) { try body() } }
            } catch let skip as XCTSkip {
                throw skip
            } catch {
                throw Failure(backend: backend, error: error)
            }
        }
    }

    /// An error thrown on one backend, said with the backend's name.
    struct Failure: Error, CustomStringConvertible {
        var backend: StoreBackend
        var error: any Error

        var description: String { "[\(backend)] \(error)" }
    }
}

/// A test class whose XCTest failures inside `StoreBackend.each` name the backend they happened
/// on: "[postgres] XCTAssertEqual failed: …". The store suites that run on both backends derive
/// from it.
class StoreBackendTestCase: XCTestCase {
    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
        expected: Bool
    ) {
        super.recordFailure(
            withDescription: StoreBackendTestCase.naming(description), inFile: filePath,
            atLine: lineNumber, expected: expected)
    }

    /// `description` with the running backend's name in front, once.
    static func naming(_ description: String) -> String {
        guard let backend = StoreBackend.running, !description.hasPrefix("[\(backend)] ") else { return description }
        return "[\(backend)] " + description
    }
}

#if PostgreSQL
    /// Fresh PostgreSQL stores for the tests: one database per test process, one schema per store
    /// (the connection's search_path), so tests running at once never see each other's rows.
    enum PostgresStores {
        private static let lock = NSLock()
        nonisolated(unsafe) private static var database: String?
        nonisolated(unsafe) private static var count = 0

        /// An environment without the tester's own PostgreSQL settings.
        static let environment = ["HOME": "/nonexistent", "USER": "postgres"]

        static func fresh() throws -> SampleStore {
            let server = try PostgresTestServer.shared().get()
            lock.lock()
            let name: String
            do {
                if database == nil { database = try server.createDatabase(prefix: "vitals_stores") }
                count += 1
                name = database!
            } catch {
                lock.unlock()
                throw error
            }
            let schema = "store_\(count)"
            lock.unlock()
            let admin = try PostgresSession.open(
                url: server.url(database: name), forWriting: false,
                environment: environment, checkSchema: false)
            try admin.execute("CREATE SCHEMA \(schema)")
            admin.close()
            return try SampleStore.openPostgres(
                url: server.url(database: name, query: "sslmode=disable&options=-c%20search_path%3D\(schema)"),
                forWriting: true, environment: environment)
        }

        /// The stores `recycled()` handed out, each kept here to be emptied and handed out again once
        /// no test holds it any more.
        nonisolated(unsafe) private static var pool: [SampleStore] = []

        /// An empty store, the same as `fresh()` for the samples and milestones a property test puts
        /// in and reads back, made without a new schema and connection when one is free: a store no
        /// test holds any more (the pool's reference is its only one) is emptied (`TRUNCATE` of its
        /// tables, identities restarted) and handed out again. A property test makes a store for
        /// each of its hundreds of cases; a fresh one costs a schema's DDL and two server processes
        /// (most of the PostgreSQL runs' time), an emptied one a statement. Only for tests that
        /// change nothing but rows: grants, policies and session settings would be handed on.
        static func recycled() throws -> SampleStore {
            lock.lock()
            var free: SampleStore?
            for index in pool.indices where isKnownUniquelyReferenced(&pool[index]) {
                free = pool[index]
                break
            }
            lock.unlock()
            if let free {
                try empty(free)
                return free
            }
            let store = try fresh()
            lock.lock()
            pool.append(store)
            lock.unlock()
            return store
        }

        /// Every row of `store`'s tables gone, their identities restarted; the migrations' record kept.
        private static func empty(_ store: SampleStore) throws {
            try store.inTransaction { db in
                let tables = try db.fetchAll(
                    sql:
                        "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'vitals_migrations'"
                )
                .map { $0["tablename"] as String }
                guard !tables.isEmpty else { return }
                _ = try db.execute(
                    sql: "TRUNCATE " + tables.map { "\"\($0)\"" }.joined(separator: ", ") + " RESTART IDENTITY")
            }
        }
    }

#endif

extension StoreFixtures {
    /// An empty store on `backend` (the current test's unless given).
    static func emptyStore(on backend: StoreBackend = StoreBackend.current) throws -> SampleStore {
        try makeStore(on: backend, recycled: false)
    }

    /// An empty store for one case of a property test, which only inserts rows and reads them:
    /// on PostgreSQL an emptied store of an earlier case when one is free (`PostgresStores.recycled`).
    static func caseStore(on backend: StoreBackend = StoreBackend.current) throws -> SampleStore {
        try makeStore(on: backend, recycled: true)
    }

    private static func makeStore(on backend: StoreBackend, recycled: Bool) throws -> SampleStore {
        switch backend {
        case .sqlite: return try SampleStore.inMemory()
        case .postgres:
            #if PostgreSQL
                return try recycled ? PostgresStores.recycled() : PostgresStores.fresh()
            #else
                throw XCTSkip("this test build has no PostgreSQL backend (swift test --traits PostgreSQL)")
            #endif
        }
    }
}

extension XCTestCase {
    /// Runs the test once per available backend (call from `invokeTest`).
    func invokeOnEachBackend(_ invoke: () -> Void) {
        for backend in StoreBackend.available {
            StoreBackend.$current.withValue(backend) { invoke() }
        }
    }
}

#if PostgreSQL
    /// On CI (`VITALS_REQUIRE_VALIDATORS=1`) the PostgreSQL runs of the store suites may not be left
    /// out: a missing server is a failure there, not a skip.
    final class PostgresAvailabilityTests: XCTestCase {
        func testTheServerRunsWhenRequired() throws {
            switch PostgresTestServer.shared() {
            case .success(let server):
                XCTAssertEqual(StoreBackend.available, [.sqlite, .postgres].filter(StoreBackend.selected.contains))
                let store = try StoreFixtures.emptyStore(on: .postgres)
                XCTAssertEqual(store.dialect, SQLDialect.postgres)
                XCTAssertTrue(store.location.contains("127.0.0.1:\(server.port)"), store.location)
            case .failure(let reason):
                if PostgresTestServer.required {
                    XCTFail("PostgreSQL is required (VITALS_REQUIRE_VALIDATORS=1): \(reason)")
                }
                throw XCTSkip("no PostgreSQL server: \(reason)")
            }
        }
    }
#endif
