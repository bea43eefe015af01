import Foundation
import TestSupport
import VitalsKit
import XCTest

/// A Dutch screen (Gezondheid, `language: nl`) in every backend holds no English word of the
/// chrome — none of the English table's words that Dutch does not share — and no braille or
/// block glyph outside the terminal: the terminal, the JSON's prose, the HTML (with tooltips)
/// and the PDF's text.
final class ReportLanguageCLITests: XCTestCase {
    let demo = ["XDG_DATA_HOME": "/nonexistent-vitals-report-test"]
    let asOf = ["--as-of", "2026-11-24"]

    /// Lower-case words of letters only, two or more letters long.
    static func words(_ text: String) -> Set<String> {
        Set(text.lowercased().split { !$0.isLetter }.map(String.init).filter { $0.count >= 2 })
    }

    /// Every word of a table's values (text and lists).
    static func words(of table: LanguageTable) -> Set<String> {
        var all: Set<String> = []
        for (key, entry) in table.entries where !LanguageTable.identityKeys.contains(key) {
            switch entry.value {
            case .text(let text):
                all.formUnion(
                    words(text.replacingOccurrences(of: #"\{[a-z_]+\}"#, with: " ", options: .regularExpression)))
            case .list(let items): for item in items { all.formUnion(words(item)) }
            }
        }
        return all
    }

    /// English chrome words: in the English table, not in the Dutch one, and not in the text
    /// the data brings — the pillar "Core Care", the breed in the reference's label, and the
    /// Dutch prose of the screen's metrics (their names and About texts: "laat snel zien of").
    func englishWords() throws -> Set<String> {
        let english = Self.words(of: LanguageTables.english)
        let dutch = Self.words(of: LanguageTables.table(for: "nl"))
        var dataNames = Self.words("Core Care Golden Retriever vitals")
        let metrics = try String(
            contentsOf: VitalsProcess.packageRoot.appendingPathComponent("metrics/gezondheid.yaml"), encoding: .utf8)
        let prose = ["display_name", "about_what", "about_why"]
        for line in metrics.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            let key = parts.first.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " -")) } ?? ""
            if parts.count == 2, key.allSatisfy({ $0.isLowercase || $0 == "_" }) {
                if prose.contains(key) { dataNames.formUnion(Self.words(String(parts[1]))) }
            } else {
                dataNames.formUnion(Self.words(String(line)))
            }
        }
        return english.subtracting(dutch).subtracting(dataNames)
    }

    func assertDutch(_ text: String, _ backend: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let english = try? englishWords() else {
            return XCTFail("metrics/gezondheid.yaml is readable", file: file, line: line)
        }
        XCTAssertGreaterThan(english.count, 40, "the list of English words is built", file: file, line: line)
        let found = Self.words(text).intersection(english)
        XCTAssertEqual(found.sorted(), [], "English words on the Dutch screen (\(backend))", file: file, line: line)
    }

    func testTheGezondheidPDFHoldsNoEnglishWordAndNoBraille() throws {
        try OptionalTool.require(.chromium)
        try OptionalTool.require(.pdftotext)
        let pdf = try ReportTools.scratch(self).appendingPathComponent("ollie.pdf")
        let run = try VitalsProcess.run(["report", "gezondheid"] + asOf + ["-o", pdf.path], environment: demo)
        XCTAssertEqual(run.status, 0, run.stderr)
        let text = try ReportTools.run(["pdftotext", pdf.path, "-"])
        XCTAssertEqual(text.status, 0)
        XCTAssertTrue(text.stdout.contains("leeftijd in weken") && text.stdout.contains("Pagina 1 van"), text.stdout)
        assertDutch(text.stdout, "PDF")
        let braille = text.stdout.unicodeScalars.filter {
            (0x2800...0x28FF).contains($0.value) || (0x2580...0x259F).contains($0.value)
        }
        XCTAssertEqual(String(String.UnicodeScalarView(braille)), "", "no terminal glyph on paper")
        XCTAssertTrue(text.stdout.contains("24,3"), "a decimal comma")
    }

    /// The HTML, its SVG tooltips (`<title>`) and attributes included, all tags removed.
    func testTheGezondheidHTMLAndItsTooltipsAreDutch() throws {
        let run = try VitalsProcess.run(["report", "gezondheid"] + asOf, environment: demo)
        XCTAssertEqual(run.status, 0, run.stderr)
        let html = run.stdout
        XCTAssertTrue(html.contains("<html lang=\"nl\">"))
        // The CSS holds English property names; the page's text and attribute values are checked.
        let body = try XCTUnwrap(html.range(of: "<body>")).upperBound
        var text = String(html[body...])
        text = text.replacingOccurrences(
            of: #"<[a-zA-Z/][^>]*?(aria-label="([^"]*)")?[^>]*>"#, with: " $2 ", options: .regularExpression)
        assertDutch(text, "HTML")
        // Every weighing's tooltip: "week 8 (14 feb 2026): 4,5 kg", its day the birth (Ollie,
        // 2025-12-20) plus its weeks.
        let tooltip = try NSRegularExpression(
            pattern: #"<title>week ([0-9]+(?:,[0-9]+)?) \(([0-9]+) ([a-z]+) ([0-9]{4})\): [0-9]+(?:,[0-9])? kg</title>"#
        )
        let matches = tooltip.matches(in: html, range: NSRange(html.startIndex..., in: html))
        XCTAssertGreaterThan(matches.count, 5, "growth tooltips with a Dutch date and a decimal comma")
        let months = try XCTUnwrap(LanguageTables.table(for: "nl").list("date.months"))
        let birth = LocalDate(year: 2025, month: 12, day: 20)
        for match in matches {
            let part = { (index: Int) in (html as NSString).substring(with: match.range(at: index)) }
            let week = try XCTUnwrap(Double(part(1).replacingOccurrences(of: ",", with: ".")))
            let month = try XCTUnwrap(months.firstIndex(of: part(3))) + 1
            let day = LocalDate(year: try XCTUnwrap(Int(part(4))), month: month, day: try XCTUnwrap(Int(part(2))))
            XCTAssertEqual(birth.days(to: day), Int((week * 7).rounded()), "week \(week) is \(day)")
        }
    }

    func testTheGezondheidTerminalAndJSONProseAreDutch() throws {
        let terminal = try VitalsProcess.run(["render", "gezondheid", "--width", "80"] + asOf, environment: demo)
        XCTAssertEqual(terminal.status, 0, terminal.stderr)
        assertDutch(terminal.stdout, "terminal")
        let json = try VitalsProcess.run(["render", "gezondheid", "--format", "json"] + asOf, environment: demo)
        XCTAssertEqual(json.status, 0, json.stderr)
        // The prose of the JSON: its "text", "message" and "delta_text" values (the rest are ids and numbers).
        let prose = try NSRegularExpression(pattern: #""(text|message|delta_text)": "([^"]*)""#)
        let values = prose.matches(in: json.stdout, range: NSRange(json.stdout.startIndex..., in: json.stdout))
            .map { (json.stdout as NSString).substring(with: $0.range(at: 2)) }
        XCTAssertFalse(values.isEmpty)
        assertDutch(values.joined(separator: " "), "JSON")
        XCTAssertTrue(json.stdout.contains("\"language\": \"nl\""))
    }
}

/// A generic screen declared Dutch (`language: nl` on the mini fixture catalog's Steps screen)
/// draws its chrome in Dutch in the terminal and the report: the chart summary, the "more
/// metrics" line, the About labels, the page — none of the English table's words but the
/// fixture's own (English) names and About texts.
final class GenericDutchScreenCLITests: XCTestCase {
    func testAGenericScreenSpeaksTheLanguageItDeclares() throws {
        let base = try ReportTools.scratch(self)
        let catalog = base.appendingPathComponent("catalog")
        try FileManager.default.copyItem(
            at: VitalsProcess.packageRoot.appendingPathComponent("Tests/VitalsKitTests/Fixtures/MiniCatalog"),
            to: catalog)
        let screens = catalog.appendingPathComponent("screens/core_care.yaml")
        let yaml = try String(contentsOf: screens, encoding: .utf8)
        try yaml.replacingOccurrences(of: "    is_active: true", with: "    language: nl\n    is_active: true")
            .write(to: screens, atomically: true, encoding: .utf8)
        let db = base.appendingPathComponent("demo.sqlite").path
        let environment = ["XDG_DATA_HOME": base.appendingPathComponent("data").path]
        XCTAssertEqual(try VitalsProcess.run(["demo", "--db", db], environment: environment).status, 0)
        let common = ["--catalog", catalog.path, "--db", db, "--as-of", "2026-11-24"]
        let terminal = try VitalsProcess.run(["render", "steps", "--width", "80"] + common, environment: environment)
        XCTAssertEqual(terminal.status, 0, terminal.stderr)
        let report = try VitalsProcess.run(["report", "steps"] + common, environment: environment)
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertTrue(terminal.stdout.contains("laatste ") && terminal.stdout.contains("nog 1 meting"), terminal.stdout)

        // English chrome words: the English table's, less Dutch's and the fixture's own text.
        let english = ReportLanguageCLITests.words(of: LanguageTables.english)
            .subtracting(ReportLanguageCLITests.words(of: LanguageTables.table(for: "nl")))
        var fixture: Set<String> = ReportLanguageCLITests.words("vitals render steps children Core Care")
        for file in ["screens/core_care.yaml", "metrics/steps.yaml", "screens/pillars.yaml"] {
            // The values only: "about_what:" is a key, not text the screen shows.
            let text = try String(contentsOf: catalog.appendingPathComponent(file), encoding: .utf8)
                .replacingOccurrences(of: #"(?m)^\s*-?\s*[a-z_]+:"#, with: " ", options: .regularExpression)
            fixture.formUnion(ReportLanguageCLITests.words(text))
        }
        let chrome = english.subtracting(fixture)
        XCTAssertTrue(
            chrome.isSuperset(of: ["latest", "mean", "about", "what", "why"]),
            "the check can see them: \(chrome.sorted())")
        XCTAssertEqual(ReportLanguageCLITests.words(terminal.stdout).intersection(chrome).sorted(), [], "terminal")
        let body = try XCTUnwrap(report.stdout.range(of: "<body>")).upperBound
        let text = String(report.stdout[body...]).replacingOccurrences(
            of: "<[^>]*>", with: " ", options: .regularExpression)
        XCTAssertEqual(ReportLanguageCLITests.words(text).intersection(chrome).sorted(), [], "HTML")
    }
}
