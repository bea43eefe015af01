import Foundation
import TestSupport
import XCTest

@testable import VitalsImport
@testable import VitalsKit
@testable import VitalsSQLite

/// Health Auto Export's CSV told apart by its header from the other CSVs Vitals reads, another
/// locale's decimal comma refused by file, line and value with nothing stored, and times written
/// without an offset read in the import's time zone.
final class HealthAutoExportCSVTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try HealthExportFixtures.temporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Each CSV is recognised by its own importer only, and `vitals import FILE` picks that one.
    func testEachCSVIsRecognisedByItsOwnImporterOnly() throws {
        let files: [(id: String, text: String)] = [
            (
                "health-auto-export",
                "Date,Step Count (count),Weight & Body Mass (kg)\n2025-12-08 00:12:43 +0100,412,72.4\n"
            ),
            ("health-auto-export", "Date/Time,Heart Rate [Avg] (count/min)\n2025-12-08 00:00:00 +0100,61\n"),
            ("health-auto-export", "\u{FEFF}Date;Weight & Body Mass (kg)\n2025-12-08 07:00:00 +0100;72,5\n"),
            ("csv", "date,value,unit\n2025-12-08,72.4,kg\n"),
            ("csv", "start,series,value,unit\n2025-12-08T07:00:00+01:00,body_mass,72.4,kg\n"),
            (
                "cronometer",
                "Date,Energy (kcal),Protein (g),Fiber (g),Completed\n2025-12-08,2100.0,120.00,30.00,true\n"
            ),
            ("cronometer", "Day,Time,Group,Food Name,Amount,Energy (kcal)\n2025-12-08,08:00,Breakfast,Oats,1,300\n"),
        ]
        let importers = Importers(BuiltInImporters.all)
        for (index, file) in files.enumerated() {
            let source = try ImportSource.peek(try write("file\(index).csv", file.text))
            XCTAssertEqual(importers.recognising(source)?.id, file.id, file.text)
            let claiming = BuiltInImporters.all.filter { $0.recognises(source) }.map { $0.id }
            XCTAssertEqual(claiming, [file.id], "only its own importer claims:\n\(file.text)")
        }
        // Headers close to Health Auto Export's that are not it.
        for header in [
            "Date,Step Count", "Date,Step Count (count),Notes", "When,Step Count (count)", "Date",
            "Date,Weight ()",
        ] {
            XCTAssertFalse(HealthAutoExportImporter.isCSVHeader(header), header)
        }
    }

    private func refuses(_ text: String, line: Int, value: String, file: StaticString = #filePath, at: UInt = #line)
        throws
    {
        let path = try write("hae-\(line)-\(UUID().uuidString).csv", text)
        let source = try ImportSource.peek(path)
        XCTAssertTrue(HealthAutoExportImporter.recognises(source), file: file, line: at)
        let store = try SampleStore.inMemory()
        let mapping = HealthSampleMapping(series: [
            HealthConnectImportTests.series("body_mass", .quantity, .kg, ["HKQuantityTypeIdentifierBodyMass"]),
            HealthConnectImportTests.series("steps", .quantity, .count, ["HKQuantityTypeIdentifierStepCount"]),
        ])
        XCTAssertThrowsError(
            try ImportRunner.run(
                HealthAutoExportImporter(mapping: mapping), source: source, into: store, subjectID: "me",
                dryRun: false), file: file, line: at
        ) { error in
            XCTAssertEqual(
                (error as? ImporterError)?.message,
                "\(path) line \(line): '\(value)' has a decimal comma; expected a decimal point (fields separated by commas)",
                file: file, line: at)
        }
        XCTAssertEqual(try store.count(), 0, "nothing stored, not even the good rows before", file: file, line: at)
    }

    func testDecimalCommaIsRefusedByFileLineAndValueAndNothingIsStored() throws {
        // A spreadsheet of a decimal-comma locale: fields separated by `;`.
        try refuses(
            """
            Date;Step Count (count);Weight & Body Mass (kg)
            2025-12-08 07:00:00 +0100;412;72
            2025-12-09 07:00:00 +0100;380;72,5

            """, line: 3, value: "72,5")
        // Commas between the fields and the value quoted: the good row before is not kept either.
        try refuses(
            """
            Date,Step Count (count),Weight & Body Mass (kg)
            2025-12-08 07:00:00 +0100,412,72.1
            2025-12-09 07:00:00 +0100,380,"72,5"

            """, line: 3, value: "72,5")
    }

    /// Health Auto Export writes `Date/Time` as `2026-07-11 00:00:00` (no offset) in some
    /// exports: each is the wall time of the import's time zone, so a day's total stays on its
    /// day west of Greenwich too, and the receipt says which zone was used; a time with an
    /// offset or `Z` keeps its own.
    func testTimesWithoutAnOffsetAreReadInTheImportsTimeZone() throws {
        let path = try write(
            "daily.csv",
            """
            Date/Time,Active Energy (kcal),Step Count (count)
            2026-07-11 00:00:00,779.45,10448
            2026-07-12 00:00:00,625.32,7499
            2026-07-13T15:30:00Z,,12
            2026-07-14 08:00:00 +0200,,40

            """)
        let source = try ImportSource.peek(path)
        XCTAssertTrue(HealthAutoExportImporter.recognises(source))
        let mapping = HealthSampleMapping(series: [
            HealthConnectImportTests.series("steps", .quantity, .count, ["HKQuantityTypeIdentifierStepCount"])
        ])
        for zoneID in ["America/New_York", "Europe/Amsterdam", "Pacific/Kiritimati"] {
            let zone = try XCTUnwrap(TimeZone(identifier: zoneID))
            let store = try SampleStore.inMemory()
            let receipt = try ImportRunner.run(
                HealthAutoExportImporter(mapping: mapping, timeZone: zone), source: source, into: store,
                subjectID: "me", dryRun: false)
            XCTAssertEqual(
                receipt.notes.filter { $0.contains("without an offset") },
                ["Health Auto Export CSV times without an offset: read in \(zoneID)"])
            let samples = try store.samples(series: "steps").sorted { $0.start < $1.start }
            XCTAssertEqual(samples.map(\.value), [10448, 7499, 12, 40], zoneID)
            // The instants, computed a second way: the wall time in the zone through Calendar.
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let midnights = try [11, 12].map { day in
                try XCTUnwrap(calendar.date(from: DateComponents(year: 2026, month: 7, day: day)))
            }
            XCTAssertEqual(samples.prefix(2).map(\.start), midnights, zoneID)
            XCTAssertEqual(
                samples.prefix(2).map(\.utcOffsetSeconds), midnights.map { zone.secondsFromGMT(for: $0) }, zoneID)
            // Stated offsets win over the zone.
            XCTAssertEqual(samples[2].start, Date(timeIntervalSince1970: 1_783_956_600), zoneID)
            XCTAssertEqual(samples[2].utcOffsetSeconds, 0, zoneID)
            XCTAssertEqual(samples[3].utcOffsetSeconds, 7200, zoneID)
        }
        XCTAssertFalse(HealthAutoExportImporter.statesOffset("2026-07-11 00:00:00"))
        XCTAssertFalse(HealthAutoExportImporter.statesOffset("2026-07-11"))
        XCTAssertTrue(HealthAutoExportImporter.statesOffset("2026-07-11 00:00:00 -0500"))
        XCTAssertTrue(HealthAutoExportImporter.statesOffset("2026-07-11T00:00:00Z"))
    }
}
