import Foundation
import Testing
@testable import VitalsKit

/// A failed Apple Health import into an existing database leaves the file byte for byte as it
/// was (issue 31 item 10): it stays in WAL mode (no journal switch rewrites its header) and its
/// transaction is rolled back, whether the store is empty or holds samples.
@Suite struct FailedImportBytesTests {
    typealias F = HealthExportFixtures

    static let importer = AppleHealthImporter(mapping: HealthSampleMapping(series: [
        Series(id: "protein", kind: .quantity, unit: .g, categories: [], min: 0, max: 300, rangeByKind: [:],
               healthKit: ["HKQuantityTypeIdentifierDietaryProtein"], description: nil,
               location: SourceLocation(file: "series.yaml", line: 1, column: 1)),
    ]))

    static func record(_ day: Int, _ grams: Int) -> String {
        let time = "2026-11-\(10 + day) 12:00:00 +0100"
        return #"<Record type="HKQuantityTypeIdentifierDietaryProtein" sourceName="Health" unit="g" "#
            + #"startDate="\#(time)" endDate="\#(time)" value="\#(grams)"/>"#
    }

    /// Two good records, then one cut off inside its attributes: the parser refuses the file
    /// after rows were already inserted in the import's transaction.
    static let broken = F.export([record(1, 30), record(2, 40), #"<Record type="HKQuantityTypeIdentifierDietaryProtein" value="5"#]
        .joined(separator: "\n"))

    @Test(arguments: [false, true])
    func aFailedImportLeavesTheFileAsItWas(holdingSamples: Bool) throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("vitals.sqlite").path
        let good = directory.appendingPathComponent("good.xml").path, bad = directory.appendingPathComponent("bad.xml").path
        try F.export(record(5, 50)).write(toFile: good, atomically: true, encoding: .utf8)
        try Self.broken.write(toFile: bad, atomically: true, encoding: .utf8)
        do {
            let store = try SampleStore.open(path: path)
            if holdingSamples { _ = try Self.importer.importExport(at: good, into: store) }
            try store.close()
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let store = try SampleStore.open(path: path)
        #expect(throws: (any Error).self) { try Self.importer.importExport(at: bad, into: store) }
        #expect(try store.count() == (holdingSamples ? 1 : 0))
        store.truncateWAL()
        try store.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before,
                "the database file changed although the import was refused")
    }
}
