import XCTest

@testable import VitalsImport
@testable import VitalsKit

final class CSVImportTests: StoreBackendTestCase {
    typealias F = StoreFixtures
    let now = Date(timeIntervalSince1970: TimeInterval(LocalDate(iso: "2026-11-20")!.dayNumber * 86_400 + 12 * 3600))
    var importer: CSVImporter {
        CSVImporter(
            validator: SampleValidator(
                catalog: F.catalog, time: TimeParser(timeZone: TimeZone(identifier: "Europe/Amsterdam")!, now: now)),
            seriesID: "body_mass")
    }

    let good = """
        date,value,unit,note
        2026-11-01,81.2,kg,
        2026-11-02T07:15,179,lb,"after a run, before breakfast"
        2026-11-03T07:15:00+01:00,"80,9",,

        """

    func testImportingTheSameFileTwiceAddsNothing() throws {
        try StoreBackend.each {
            let store = try F.emptyStore()
            let first = try importer.importCSV(good, into: store, skipInvalid: false)
            XCTAssertEqual(first.summary, "3 rows: 3 new, 0 already stored, 0 skipped")
            let second = try importer.importCSV(good, into: store, skipInvalid: false)
            XCTAssertEqual(second.summary, "3 rows: 0 new, 3 already stored, 0 skipped")
            XCTAssertEqual(try store.count(), 3)
            let stored = try store.samples(series: "body_mass")
            XCTAssertEqual(stored.map(\.value)[1], 179 * 0.45359237, accuracy: 1e-3)
            XCTAssertEqual(stored[1].note, "after a run, before breakfast")
            XCTAssertEqual(stored[2].value, 80.9)
            XCTAssertEqual(stored[0].source, "csv")
        }
    }

    func testBadRowsAreNamedByLineAndNothingIsWritten() throws {
        try StoreBackend.each {
            let text = """
                date,value,note
                2026-11-01,81,"two
                lines"
                xx,80,
                2026-11-05,900,
                2026-11-06,abc,
                2026-11-07,80

                """
            let store = try F.emptyStore()
            XCTAssertThrowsError(try importer.importCSV(text, into: store, skipInvalid: false)) { error in
                let userError = error as? ImportError
                XCTAssertEqual(userError?.message, "4 of 5 rows are invalid; nothing was imported")
                XCTAssertEqual(
                    Array(userError?.hints.prefix(4) ?? []),
                    [
                        "line 4: cannot read the time 'xx'",
                        "line 5: 900 kg is outside the plausible range for body_mass of a human: 20–200 kg",
                        "line 6: 'abc' is not a number",
                        "line 7: expected 3 fields, found 2",
                    ])
            }
            XCTAssertEqual(try store.count(), 0)
            let report = try importer.importCSV(text, into: store, skipInvalid: true)
            XCTAssertEqual(report.inserted, 1)
            XCTAssertEqual(report.skipped.map(\.line), [4, 5, 6, 7])
            XCTAssertEqual(try store.count(), 1)
        }
    }

    func testHeaderProblems() {
        XCTAssertThrowsError(try importer.read("when,value\n2026-11-01,80\n")) { error in
            XCTAssertTrue("\(error)".contains("unknown CSV column 'when'"), "\(error)")
        }
        XCTAssertThrowsError(try importer.read("value\n80\n"))
        XCTAssertThrowsError(try importer.read(""))
    }

    func testExportReadsBackUnchanged() throws {
        try StoreBackend.each {
            let store = try F.store([
                F.sample("vegetables", "2026-11-20T12:30:00+01:00", 0.75, tag: "lunch"),
                F.sample("sleep_analysis", "2026-11-20T01:00:00+01:00", 60, category: "deep", minutes: 60),
                F.sample("body_mass", "2026-07-01T07:00:00+02:00", 80.4),
            ])
            let csv = SampleExporter.render(
                try SampleExporter.samples(in: store, filter: .init()), as: .csv, catalog: F.catalog)
            XCTAssertTrue(
                csv.contains(
                    "vegetables,me,2026-11-20T12:30:00+01:00,2026-11-20T12:30:00+01:00,0.75,portion,,lunch,test,\n"),
                csv)
            let copy = try F.emptyStore()
            let reimport = CSVImporter(validator: importer.validator, seriesID: nil)
            XCTAssertEqual(try reimport.importCSV(csv, into: copy, skipInvalid: false).inserted, 3)
            XCTAssertEqual(try copy.samples(), try store.samples())
            let json = SampleExporter.render(
                try SampleExporter.samples(in: store, filter: .init(series: "body_mass")), as: .json)
            let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
            XCTAssertEqual((object?["samples"] as? [Any])?.count, 1)
            let withMilestones = SampleExporter.render(
                [], as: .json,
                milestones: [
                    MilestoneRecord(
                        subjectID: "ollie", milestoneID: "vaccinatie_8", doneOn: F.date("2026-02-14"),
                        note: "\"Dr. Bos\"")
                ])
            XCTAssertEqual(
                withMilestones,
                """
                {"samples": [], "milestones": [
                  {"subject": "ollie", "milestone": "vaccinatie_8", "done_on": "2026-02-14", "note": "\\"Dr. Bos\\""}
                ]}

                """)
            let filtered = try SampleExporter.samples(
                in: store, filter: .init(from: LocalDate(iso: "2026-11-20"), to: LocalDate(iso: "2026-11-20")))
            XCTAssertEqual(filtered.map(\.seriesID), ["sleep_analysis", "vegetables"])
        }
    }
}
