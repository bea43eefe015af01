import Foundation
import GRDB
import VitalsSQLite
import XCTest

@testable import VitalsKit

/// Schema v4: an imported sample's source version and device live in `sample_origin` and are
/// put back into the metadata object read from the store.
final class SampleOriginTests: XCTestCase {
    func testOriginMembersAreAppendedToTheStoredObject() {
        XCTAssertEqual(
            SampleStore.withOrigin(#"{"unit":"lb"}"#, sourceVersion: "13.1", device: "name:iPhone"),
            #"{"unit":"lb","sourceVersion":"13.1","device":"name:iPhone"}"#)
        XCTAssertEqual(SampleStore.withOrigin(nil, sourceVersion: "13.1", device: nil), #"{"sourceVersion":"13.1"}"#)
        XCTAssertEqual(
            SampleStore.withOrigin("{}", sourceVersion: nil, device: #"a "quoted" one"#),
            #"{"device":"a \"quoted\" one"}"#)
        XCTAssertEqual(SampleStore.withOrigin(#"{"a":1}"#, sourceVersion: nil, device: nil), #"{"a":1}"#)
        XCTAssertNil(SampleStore.withOrigin(nil, sourceVersion: nil, device: nil))
    }

    func testSamplesReadBackWithTheirOrigin() throws {
        let store = try SampleStore.inMemory()
        try store.write { db in
            let inserter = try SampleInserter(db: db)
            let origin = try inserter.origin(sourceVersion: "6.0", device: "name:Apple Watch")
            XCTAssertEqual(try inserter.origin(sourceVersion: "6.0", device: "name:Apple Watch"), origin)
            XCTAssertNotEqual(try inserter.origin(sourceVersion: nil, device: "name:Apple Watch"), origin)
            let key = SampleKey.value(
                series: "heart_rate", subject: "me", start: 100, end: 100, value: 60,
                category: "", tag: "", source: "apple-health:Watch")
            inserter.stage(
                series: "heart_rate", subject: "me", start: 100, end: 100, utcOffset: 0,
                value: 60, category: "", tag: "", source: "apple-health:Watch",
                note: nil, metadata: #"{"unit":"count/min"}"#, origin: origin, key: key)
            var isNew = false
            try inserter.flush { isNew = $1 == .new }
            XCTAssertTrue(isNew)
        }
        XCTAssertEqual(
            try store.samples(series: "heart_rate").map(\.metadata),
            [#"{"unit":"count/min","sourceVersion":"6.0","device":"name:Apple Watch"}"#])
    }
}

/// `SampleStaging.stage(metadata:)`, the string form every backend's inserter gets: no
/// metadata stays none, and any text (multi-byte, a string sliced out of a larger one) is stored
/// byte for byte.
final class StagedMetadataTests: XCTestCase {
    func testTheStringFormStoresNoneAndAnyTextAsGiven() throws {
        let long = #"{"note":"ßü 🍎 — 水","unit":"g"}"#
        let sliced = String(("xx" + long + "yy").dropFirst(2).dropLast(2))
        let texts: [String?] = [nil, #"{"unit":"kg"}"#, long, sliced]
        let store = try SampleStore.inMemory()
        try store.write { db in
            let inserter = try SampleInserter(db: db)
            for (index, text) in texts.enumerated() {
                let start = Int64(100 + index)
                let key = SampleKey.value(
                    series: "protein", subject: "me", start: start, end: start, value: 1,
                    category: "", tag: "", source: "test")
                inserter.stage(
                    series: "protein", subject: "me", start: start, end: start, utcOffset: 0, value: 1,
                    category: "", tag: "", source: "test", note: nil, metadata: text, key: key)
            }
            var outcomes: [SampleInsertOutcome] = []
            try inserter.flush { outcomes.append($1) }
            XCTAssertEqual(outcomes, Array(repeating: .new, count: texts.count))
        }
        XCTAssertEqual(try store.samples(series: "protein").map(\.metadata), texts)
    }
}

/// New database files get 16 KiB pages; a file made with another page size keeps it.
final class PageSizeTests: XCTestCase {
    func testNewFilesUseSixteenKiBPagesAndOldOnesKeepTheirs() throws {
        let directory = StoreFixtures.temporaryDirectory(self)
        let fresh = try SampleStore.open(path: directory.appendingPathComponent("new.sqlite").path)
        XCTAssertEqual(try fresh.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") }, 16384)
        let oldPath = directory.appendingPathComponent("old.sqlite").path
        // A vitals database made with SQLite's default page size (as every vitals before 16 KiB
        // pages did); a file of another program would be refused (StoreFaultTests).
        let queue = try DatabaseQueue(path: oldPath)
        try Schema.migrator.migrate(queue)
        try queue.close()
        let old = try SampleStore.open(path: oldPath)
        XCTAssertEqual(try old.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") }, 4096)
        XCTAssertEqual(
            try old.insert([
                Sample(
                    seriesID: "steps", start: Date(timeIntervalSince1970: 1_795_154_400),
                    utcOffsetSeconds: 0, value: 1)
            ]), 1)
    }
}
