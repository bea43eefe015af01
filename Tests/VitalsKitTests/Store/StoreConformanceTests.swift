import Foundation
import VitalsKit
import VitalsStoreConformance
import XCTest

/// Every backend this build has passes the one conformance suite (`VitalsStoreConformance`):
/// SQLite in memory and as a file, and PostgreSQL on the test server with the trait on.
final class StoreConformanceTests: XCTestCase {
    func testSQLiteInMemory() {
        StoreConformance { try SampleStore.inMemory() }.run()
    }

    func testSQLiteFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-conformance-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var count = 0
        StoreConformance {
            count += 1
            return try SampleStore.open(path: directory.appendingPathComponent("store-\(count).sqlite").path)
        }.run()
        XCTAssertEqual(count, StoreConformance.checks.count, "one fresh store per check")
    }

    /// The suite itself fails a backend that breaks it: a store whose unique index keeps one
    /// sample per series and subject (a stand-in for a wrong conflict target) fails "natural key".
    func testTheSuiteCatchesABrokenBackend() {
        let failures = StoreConformance {
            let store = try SampleStore.inMemory()
            try store.inTransaction { db in
                try db.execute(sql: "CREATE UNIQUE INDEX broken_one_per_series ON sample(series, subject)")
            }
            return store
        }.failures()
        XCTAssertTrue(failures.contains { $0.hasPrefix("[natural key] ") }, "\(failures)")
        XCTAssertTrue(failures.contains { $0.hasPrefix("[read back] ") }, "\(failures)")
    }

    #if PostgreSQL
        func testPostgreSQL() throws {
            guard StoreBackend.available.contains(.postgres) else { throw XCTSkip("no PostgreSQL server here") }
            StoreConformance { try PostgresStores.fresh() }.run()
        }
    #endif
}
