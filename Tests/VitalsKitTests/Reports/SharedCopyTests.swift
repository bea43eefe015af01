import Foundation
import PropertyBased
import Testing

@testable import VitalsKit
@testable import VitalsReports

/// The shared copy's parts: dates written where they are made, sources withheld where they
/// are written, names replaced as words in the catalog's own text, and the values behind a
/// document — checked against a second, naive computation where there is one.
@Suite struct SharedCopyTests {
    static let first = LocalDate(year: 2026, month: 8, day: 1)
    static let period = ReportPeriod(from: first, to: LocalDate(year: 2026, month: 10, day: 31))

    /// Any day, before or after the period, in any form a screen writes it, is "day N" with N
    /// its distance from day 1 plus one (counted naively, a day at a time).
    @Test func everyDateFormIsItsDayNumber() async {
        await propertyCheck(count: 300, input: Gen.int(in: -800...800)) { offset in
            let day = Self.first.adding(days: offset)
            var naive = 1
            var cursor = Self.first
            while cursor < day {
                cursor = cursor.adding(days: 1)
                naive += 1
            }
            while cursor > day {
                cursor = cursor.adding(days: -1)
                naive -= 1
            }
            Disclosure.$current.withValue(Disclosure(dayOne: Self.first)) {
                for text in [
                    DateWords.iso(day), DateWords.weekdayDayMonth(day), DateWords.weekdayDayMonthYear(day),
                    DateWords.dayMonth(day), PortionText.shortDay(day),
                ] {
                    #expect(text == "day \(naive)")
                }
                let month = DateWords.monthYear(day, long: true)
                #expect(month.hasPrefix("day ") && !month.contains(String(day.year)))
            }
            #expect(DateWords.iso(day) == day.description, "as it is outside a shared copy")
        }
    }

    @Test func monthsAndYearsBecomeTheirSpans() {
        Disclosure.$current.withValue(Disclosure(dayOne: Self.first)) {
            #expect(DateWords.monthYear(LocalDate(year: 2026, month: 8, day: 17)) == "day 1–31")
            #expect(DateWords.monthYear(LocalDate(year: 2026, month: 9, day: 2), long: true) == "day 32–61")
            #expect(DateWords.year(LocalDate(year: 2026, month: 12, day: 31)) == "day -211–153")
        }
        #expect(DateWords.monthYear(LocalDate(year: 2026, month: 11, day: 3), long: true) == "November 2026")
    }

    /// Whatever a sample's source says, a shared copy says only that it is withheld.
    @Test func sourcesAreWithheldWhereTheyAreWritten() async {
        let words = Gen.element(of: [
            "Health", "apple-health:Jonathan's Apple Watch", "manual", "csv", "demo", "<svg onload=x>", "", "80",
        ])
        await propertyCheck(count: 100, input: words) { source in
            let source = source ?? ""
            Disclosure.$current.withValue(Disclosure(withholdsPersonal: true)) {
                let text = SampleSourceWords.describe(source: source, fromAppleHealth: true)
                #expect(text == "source withheld")
            }
        }
    }

    /// A name is replaced where it stands as a word, never inside another word, and a
    /// replacement is not searched again.
    @Test func namesAreReplacedAsWords() {
        let names = [
            (name: "Eva", alias: "Subject A"), (name: "Health", alias: "Subject B"), (name: "80", alias: "Subject C"),
            (name: "D'Arcy", alias: "Subject D"), (name: "aria-label=\"", alias: "Subject E"),
            (name: "Subject", alias: "Subject F"),
        ]
        .sorted { $0.name.count > $1.name.count }
        #expect(NameWords.replacing(names, in: "Evaluation of Eva's weight") == "Evaluation of Subject A's weight")
        #expect(
            NameWords.replacing(names, in: "Healthful Nutrition, Apple Health")
                == "Healthful Nutrition, Apple Subject B")
        #expect(NameWords.replacing(names, in: "1800 kcal, 80 g") == "1800 kcal, Subject C g")
        #expect(NameWords.replacing(names, in: "with D'Arcy.") == "with Subject D.")
        #expect(NameWords.replacing(names, in: "x aria-label=\" y") == "x Subject E y")
        #expect(NameWords.replacing([(name: "Eva", alias: "Eva Eva")], in: "Eva") == "Eva Eva")
        #expect(NameWords.replacing([(name: "", alias: "X")], in: "abc") == "abc")
    }

    /// The shared catalog: subjects renamed in order, their names replaced in descriptions.
    @Test func theCatalogNamesNoSubject() throws {
        var catalog = Catalog()
        catalog.add(
            Subject(
                id: "me", name: "Jonathan", kind: .human, location: SourceLocation(file: "s.yaml", line: 1, column: 1)))
        catalog.add(
            Subject(
                id: "ollie", name: "Ollie", kind: .dog, location: SourceLocation(file: "s.yaml", line: 2, column: 1)))
        let copy = SharedCopy(withholdsPersonal: true, shiftsDates: false, period: Self.period)
        let shared = copy.catalog(catalog)
        #expect(shared.subject("me")?.name == "Me")
        #expect(shared.subject("ollie")?.name == "Subject A")
        #expect(copy.subjectAliases(catalog) == ["me": "me", "ollie": "subject_a"])
        #expect(
            SharedCopy(withholdsPersonal: false, shiftsDates: true, period: Self.period).catalog(catalog).subject(
                "ollie")?.name == "Ollie")
    }

    /// The values behind a document lose sources, devices, notes and subjects, and their dates.
    @Test func theValuesBehindADocumentAreShared() {
        let copy = SharedCopy(withholdsPersonal: true, shiftsDates: true, period: Self.period)
        let data = JSONValue.object([
            ("date", .string("2026-08-03")), ("source", .string("Withings")), ("device_source", .string("Watch")),
            ("note", .string("at the vet")), ("subject", .string("ollie")),
            ("text", .string("weighed 2026-08-10, twice")),
            ("list", .array([.object([("source", .string("apple-health:Jo's iPhone"))])])), ("value", .number(2026)),
            ("sources", .array([.string("SleepTrack"), .string("apple-health:lark")])),
        ])
        let points = [
            ChartPoint(label: "Aug", date: LocalDate(year: 2026, month: 8, day: 1), value: 1),
            ChartPoint(label: "2026-08-05 only", date: nil, value: 2),
        ]
        let document = ScreenDocument(
            screenID: "S", name: "S", pillarID: "p", subjectID: "ollie", module: "generic",
            asOf: Self.period.asOf,
            blocks: [
                ScreenBlock(kind: .summary, rows: [.line("since 2026-08-31")], data: data),
                ScreenBlock(
                    kind: .chart,
                    content: .chart(
                        ChartFigure(
                            BarVerticalChart.self,
                            input: ChartInput(title: "from 2026-08-02", points: points))), data: .null),
            ])
        let shared = Disclosure.$current.withValue(copy.disclosure(dayOne: nil)) {
            copy.apply(document, subjectAliases: ["ollie": "subject_a"])
        }
        #expect(shared.subjectID == "subject_a")
        #expect(
            shared.blocks[0].data
                == .object([
                    ("date", .string("day 3")), ("source", .string("withheld")), ("device_source", .string("withheld")),
                    ("note", .string("withheld")), ("subject", .string("subject_a")),
                    ("text", .string("weighed day 10, twice")),
                    ("list", .array([.object([("source", .string("withheld"))])])), ("value", .number(2026)),
                    ("sources", .array([.string("withheld"), .string("withheld")])),
                ]))
        guard case .text(let rows) = shared.blocks[0].content, case .chart(let figure) = shared.blocks[1].content else {
            Issue.record("blocks changed kind")
            return
        }
        #expect(rows == [.line("since day 31")])
        #expect(figure.input.title == "from day 2")
        #expect(figure.input.points.map(\.label) == ["day 1", "day 5 only"])
        // The terminal and JSON backends draw the same shared document: no date, no source.
        let (terminal, json) = Disclosure.$current.withValue(copy.disclosure(dayOne: nil)) {
            (shared.lines(width: 80).joined(separator: "\n"), shared.json.text())
        }
        for text in [terminal, json] {
            #expect(!text.contains("2026-") && !text.contains("Withings") && !text.contains("ollie"), "\(text)")
        }
    }

    @Test func dayOneIsTheEarliestDateShownWithoutAPeriodStart() {
        let copy = SharedCopy(
            withholdsPersonal: false, shiftsDates: true,
            period: ReportPeriod(asOf: LocalDate(year: 2026, month: 10, day: 31), range: nil))
        let document = ScreenDocument(
            screenID: "S", name: "S", pillarID: "p", subjectID: "me", module: "generic",
            asOf: copy.period.asOf,
            blocks: [
                ScreenBlock(kind: .summary, rows: [], data: .object([("born", .string("2025-12-20"))]))
            ])
        #expect(copy.dayOne(in: [document]) == LocalDate(year: 2025, month: 12, day: 20))
    }
}

/// The printer's own checks, without a browser.
@Suite struct PDFPrinterUnitTests {
    static let good = Data("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\nstartxref\n9\n%%EOF\n".utf8)

    @Test func onlyAWholePDFPasses() throws {
        try PDFBytes.check(Self.good)
        for bad in ["not a pdf\n", "%PDF-1.4\n1 0 obj", "%PDF-1.4\nstartxref\n999999\n%%EOF\n", ""] {
            #expect(throws: PDFError.self) { try PDFBytes.check(Data(bad.utf8)) }
        }
    }

    @Test func thePrintDateIsHiddenByteForByte() {
        let pdf = Data(
            "%PDF-1.4\n<</Title (T)\n/CreationDate (D:20261126131715+01'00')\n/ModDate (D:20261126131715-05'00')>>\n"
                .utf8)
        let hidden = PDFBytes.withoutPrintDate(pdf)
        #expect(hidden.count == pdf.count)
        let text = String(decoding: hidden, as: UTF8.self)
        #expect(
            text.contains("/CreationDate (D:19700101000000+00'00')")
                && text.contains("/ModDate (D:19700101000000+00'00')"))
        #expect(!text.contains("2026"))
    }

    @Test func thePolicyIsInEveryPrintedPage() {
        let page = ReportPage(title: "T", period: "p", asOf: "a").html(sections: [])
        #expect(PrintPolicy.guarded(page) == page, "a report page carries it already")
        let head = page.range(of: "<head>")!.upperBound
        #expect(page[head...].hasPrefix("\n<meta charset=\"utf-8\">\n" + PrintPolicy.meta))
        let foreign = "<!DOCTYPE html><html><head><title>x</title></head><body><script>1</script></body></html>"
        #expect(PrintPolicy.guarded(foreign).hasPrefix("<!DOCTYPE html><html><head>" + PrintPolicy.meta))
        #expect(PrintPolicy.guarded("<p>x</p>") == PrintPolicy.meta + "<p>x</p>")
    }

    @Test func aHangingBrowserIsOutOfTimeNotForever() throws {
        let directory = try PrivateDirectory(prefix: "vitals-printer-test")
        defer { directory.remove() }
        let started = Date()
        let outcome = try ChromiumProcess(
            executable: "/bin/sleep", arguments: ["30"], environment: [:],
            log: directory.url.appendingPathComponent("log").path, timeout: 0.5
        ).run()
        #expect(outcome == .timedOut)
        #expect(Date().timeIntervalSince(started) < 10)
    }
}

/// Writing a report file: 0600 when new, the mode kept when replaced, the real reason when it
/// fails, and nothing left behind.
@Suite struct ReportFileTests {
    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    @Test func modesAreKeptOrPrivate() throws {
        let directory = try PrivateDirectory(prefix: "vitals-reportfile-test")
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("r.html")
        let mask = umask(0o022)
        defer { umask(mask) }
        try ReportFile.write(Data("one".utf8), to: file)
        #expect(Self.mode(file.path) == 0o600)
        for kept: mode_t in [0o644, 0o640, 0o600] {
            chmod(file.path, kept)
            try ReportFile.write(Data("two".utf8), to: file)
            #expect(Self.mode(file.path) == kept)
            #expect(try String(contentsOf: file, encoding: .utf8) == "two")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["r.html"])
    }

    @Test func aFailureSaysWhyAndLeavesNothing() throws {
        let directory = try PrivateDirectory(prefix: "vitals-reportfile-test")
        defer { directory.remove() }
        let missing = directory.url.appendingPathComponent("no/such/r.html")
        let error = try #require(throws: ReportFileError.self) { try ReportFile.write(Data("x".utf8), to: missing) }
        #expect(error.message.contains("No such file or directory"))
        // A directory in the way of the rename: the temporary file is removed.
        let blocked = directory.url.appendingPathComponent("taken")
        try FileManager.default.createDirectory(
            at: blocked.appendingPathComponent("inside"), withIntermediateDirectories: true)
        let refused = try #require(throws: ReportFileError.self) { try ReportFile.write(Data("x".utf8), to: blocked) }
        #expect(refused.message.contains("directory"), "\(refused.message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["taken"])
    }
}
