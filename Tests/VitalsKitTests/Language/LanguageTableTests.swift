import Foundation
import XCTest

@testable import VitalsKit
@testable import VitalsReports

/// The language tables: reading, the check against English (`vitals validate`), lookups with
/// placeholders, and the shipped tables complete for every key the code looks up.
final class LanguageTableTests: XCTestCase {
    let english = """
        language: en
        chart.centre: centre
        chart.week_value: "week {week}: {value}"
        date.weekdays: [Mon, Tue, Wed, Thu, Fri, Sat, Sun]

        """

    func table(_ text: String, file: String) throws -> LanguageTable {
        let (table, problems) = LanguageTable.read(text, file: file)
        XCTAssertEqual(problems.map(\.message), [])
        return try XCTUnwrap(table)
    }

    func testAMissingKeyIsNamedWithTheTablesFileLineAndTheKey() throws {
        let reference = try table(english, file: "languages/en.yaml")
        let dutch = try table(
            "# Nederlands\nlanguage: xx\nchart.week_value: \"week {week}: {value}\"\n"
                + "date.weekdays: [ma, di, wo, do, vr, za, zo]\n", file: "languages/xx.yaml")
        let found = dutch.problems(against: reference)
        XCTAssertEqual(found.count, 1, "\(found)")
        let problem = try XCTUnwrap(found.first)
        XCTAssertEqual(problem.location.file, "languages/xx.yaml")
        XCTAssertEqual(problem.location.line, 2, "the table's first key")
        XCTAssertTrue(problem.message.contains("'chart.centre'"), problem.message)
        XCTAssertEqual(problem.related.first?.line, 2, "where English has it")
        XCTAssertEqual(problem.rule, RuleID.languageTable)
    }

    func testALeftOutPlaceholderAndAShortListAreReportedAtTheirLine() throws {
        let reference = try table(english, file: "languages/en.yaml")
        let broken = try table(
            "language: xx\nchart.centre: midden\nchart.week_value: \"week {week}\"\n"
                + "date.weekdays: [ma, di]\n", file: "languages/xx.yaml")
        let found = broken.problems(against: reference)
        XCTAssertEqual(found.map(\.location.line), [3, 4], "\(found.map(\.message))")
        XCTAssertTrue(found[0].message.contains("{value}"), found[0].message)
        XCTAssertTrue(found[1].message.contains("2 words"), found[1].message)
    }

    func testATableThatIsNotAMappingOrNamesNoLanguageIsAnError() {
        XCTAssertNil(LanguageTable.read("- a\n- b\n", file: "x.yaml").table)
        let (table, problems) = LanguageTable.read("chart.centre: midden\n", file: "x.yaml")
        XCTAssertNil(table)
        XCTAssertTrue(problems.contains { $0.message.contains("language:") })
        XCTAssertFalse(LanguageTable.read("language: xx\nchart.centre: {a: 1}\n", file: "x.yaml").problems.isEmpty)
    }

    func testShippedTablesAreCompleteAgainstEnglish() {
        XCTAssertTrue(
            LanguageTables.codes.contains("en") && LanguageTables.codes.contains("nl"), "\(LanguageTables.codes)")
        XCTAssertEqual(LanguageTables.diagnostics().map { "\($0.location) \($0.message)" }, [])
    }

    /// Every key the sources look up ("chart.centre", "report.more_other" …) is in English, so no
    /// screen shows a bare key. A key is a string literal of a known group and a dotted name.
    func testEveryKeyTheCodeLooksUpIsInTheEnglishTable() throws {
        let sources = TestPaths.packageRoot.appendingPathComponent("Sources")
        let pattern = try NSRegularExpression(
            pattern:
                #""((?:period|report|chart|milestone|table|state|date|number|history|today|adherence|about|more|noun|weight|growth|count|goal|relation)\.[a-z_]+)""#
        )
        var keys: Set<String> = []
        let files =
            FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let key = (text as NSString).substring(with: match.range(at: 1))
                // A file name ("report.pdf") is not a key.
                if !["html", "pdf", "json", "yaml", "png", "csv"].contains(key.split(separator: ".").last ?? "") {
                    keys.insert(key)
                }
            }
        }
        XCTAssertGreaterThan(keys.count, 40, "the scan finds the keys")
        let missing = keys.filter { LanguageTables.english.entries[$0] == nil }
        XCTAssertEqual(missing.sorted(), [])
    }

    func testLookupsFillPlaceholdersAndFallBackToEnglish() throws {
        let dutch = LanguageTables.table(for: "nl")
        XCTAssertEqual(dutch.code, "nl")
        Words.$current.withValue(dutch) {
            XCTAssertEqual(Words.text("chart.week_value", ["week": "8", "value": "4,4 kg"]), "week 8: 4,4 kg")
            XCTAssertEqual(
                Words.count(3, one: "report.more_one", other: "report.more_other"),
                "nog 3 metingen, niet in dit rapport")
            XCTAssertEqual(Words.text("no.such_key"), "no.such_key")
        }
        let partial = try table("language: xx\n", file: "languages/xx.yaml")
        Words.$current.withValue(partial) {
            XCTAssertEqual(Words.text("chart.centre"), "centre", "English where a table lacks the key")
        }
        XCTAssertEqual(LanguageTables.table(for: "zz").code, "en")
    }

    /// Dates and numbers in Dutch: month and weekday names, "dag N" for a shifted date, a
    /// decimal comma — and English left as it was.
    func testDatesAndNumbersFollowTheLanguage() {
        let day = LocalDate(year: 2026, month: 11, day: 21)
        Words.speaking("nl") {
            XCTAssertEqual(DateWords.weekdayDayMonthYear(day), "za 21 nov 2026")
            XCTAssertEqual(DateWords.monthYear(day, long: true), "november 2026")
            XCTAssertEqual(
                ReportPeriod(asOf: day, range: .weeks(12)).text, "laatste 12 weken (2026-08-30 – 2026-11-21)")
            Disclosure.$current.withValue(Disclosure(dayOne: day.adding(days: -2))) {
                XCTAssertEqual(DateWords.dayMonth(day), "dag 3")
            }
        }
        XCTAssertEqual(DateWords.weekdayDayMonthYear(day), "Sat 21 Nov 2026")
        XCTAssertEqual(ReportPeriod(asOf: day, range: nil).text, "each screen's own range")
        XCTAssertEqual(LanguageTables.table(for: "nl").numbers.format(4.4, fractionDigits: 1), "4,4")
        XCTAssertEqual(LanguageTables.english.numbers.format(4.4, fractionDigits: 1), "4.4")
    }

    /// The tables built into the binary are the files under languages/ (rebuilt at every build).
    func testTheEmbeddedTablesAreTheFilesOnDisk() throws {
        let directory = TestPaths.packageRoot.appendingPathComponent("languages")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yaml") }
            .sorted()
        XCTAssertEqual(files.count, LanguageTables.codes.count)
        for file in files {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            let table = try self.table(text, file: "languages/" + file)
            let embedded = LanguageTables.table(for: table.code)
            XCTAssertEqual(embedded.code, table.code, file)
            XCTAssertEqual(Set(embedded.entries.keys), Set(table.entries.keys), file)
            for key in table.entries.keys {
                XCTAssertEqual(embedded.text(key), table.text(key), "\(file): \(key)")
                XCTAssertEqual(embedded.list(key), table.list(key), "\(file): \(key)")
            }
        }
    }
}
