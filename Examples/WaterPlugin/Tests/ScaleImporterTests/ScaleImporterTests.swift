import Foundation
import ScaleImporter
import VitalsKit
import XCTest

/// The example importer, from outside Vitals: recognised by its header only, every line's
/// weigh-in at its local time with the zone's offset (both sides of a DST change), what it
/// leaves out said by reason, a broken line refused by file and line.
final class ScaleImporterTests: XCTestCase {
    private var file: String!

    override func setUpWithError() throws {
        file =
            FileManager.default.temporaryDirectory.appendingPathComponent("vitals-scale-\(UUID().uuidString).csv").path
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: file) }

    private func source(_ text: String) throws -> ImportSource {
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return ImportSource(path: file, head: Array(text.utf8.prefix(ImportSource.headLength)))
    }

    func testItReadsEachWeighInAtItsOwnOffset() throws {
        let text =
            "Date,Time,Weight (kg),Body fat (%)\n2026-10-24,07:12,78.4,21.0\n2026-10-26,07:30,78.1,\n"
            + "2026-10-27,25:00,77.9,\n2026-10-28,07:05,,20.5\n"
        let source = try source(text)
        XCTAssertTrue(ScaleImporter.recognises(source))
        XCTAssertFalse(ScaleImporter.recognises(ImportSource(path: "x.csv", head: Array("date,value\n".utf8))))
        let zone = try XCTUnwrap(TimeZone(identifier: "Europe/Amsterdam"))
        let sink = CollectingSink()
        try ScaleImporter(context: ImportContext(catalog: Catalog(), timeZone: zone)).read(source, into: sink)
        // The naive model: the local wall clock minus the zone's offset on that day.
        func utc(_ date: String, _ time: String, offset: Int) -> Int64 {
            let formatter = ISO8601DateFormatter()
            return Int64(formatter.date(from: "\(date)T\(time):00Z")!.timeIntervalSince1970) - Int64(offset)
        }
        XCTAssertEqual(sink.samples.map(\.value), [78.4, 78.1])
        XCTAssertEqual(sink.samples.map(\.utcOffset), [7200, 3600], "summer time on the 24th, winter time on the 26th")
        XCTAssertEqual(
            sink.samples.map(\.start),
            [utc("2026-10-24", "07:12", offset: 7200), utc("2026-10-26", "07:30", offset: 3600)])
        XCTAssertEqual(Set(sink.samples.map(\.source)), ["acme-scale:scale"])
        XCTAssertEqual(
            sink.skipped,
            [
                "date or time does not read (YYYY-MM-DD, HH:MM)": 1, "no weight": 1,
                "body fat: the catalog has no body_fat_percentage series": 2,
            ])
    }

    func testABrokenLineIsRefusedByFileAndLine() throws {
        let source = try source(
            "Date,Time,Weight (kg),Body fat (%)\n2026-11-18,07:12,78.4,21.0\n2026-11-19,07:12;78.2\n")
        XCTAssertThrowsError(
            try ScaleImporter(context: ImportContext(catalog: Catalog())).read(source, into: CollectingSink())
        ) { error in
            XCTAssertEqual((error as? any VitalsError)?.message, "\(self.file!):3: expected 4 fields, found 2")
        }
    }
}
