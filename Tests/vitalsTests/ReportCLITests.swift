import Foundation
import TestSupport
import XCTest

/// `vitals report` end to end on the embedded demo data: a valid self-contained page, the same
/// numbers as `render --format json`, a PDF whose text holds the screens' numbers, redaction,
/// and the exit codes of a missing engine and a wrong file name.
final class ReportCLITests: XCTestCase {
    let demo = ["XDG_DATA_HOME": "/nonexistent-vitals-report-test"]
    let period = ["--as-of", "2026-10-31", "--range", "12w"]

    func report(_ arguments: [String], to name: String, environment: [String: String] = [:]) throws -> (
        VitalsProcess.Run, URL
    ) {
        let file = try ReportTools.scratch(self).appendingPathComponent(name)
        let run = try VitalsProcess.run(
            ["report"] + arguments + ["-o", file.path], environment: demo.merging(environment) { $1 })
        return (run, file)
    }

    func testEveryScreenIsOneValidSelfContainedPage() throws {
        let (run, file) = try report(["--all"] + period, to: "all.html")
        XCTAssertEqual(run.status, 0, run.stderr)
        let html = try String(contentsOf: file, encoding: .utf8)
        XCTAssertFalse(html.contains("http:") || html.contains("https:"), "no reference outside the page")
        XCTAssertFalse(
            html.contains("<link") || html.contains("<script") || html.contains("src="), "nothing loaded from elsewhere"
        )
        XCTAssertTrue(html.contains("@page") && html.contains("counter(page)") && html.contains("break-inside: avoid"))
        try OptionalTool.require(.html5lib)
        let check = try ReportTools.check(["html", file.path])
        XCTAssertEqual(check.status, 0, "html5lib parse errors:\n\(check.stdout)")
        // Every chart of the shipped catalog's kinds is drawn as SVG, none as a terminal fallback.
        XCTAssertGreaterThan(html.components(separatedBy: "<svg").count - 1, 10)
        XCTAssertFalse(
            html.contains(
                "<figure class=\"block chart\" data-kind=\"bar_vertical\"><h3 class=\"chart-title\">Protein per day, weekly means <span class=\"unit\">(g)</span></h3><pre"
            ))
    }

    /// Each chart's table of numbers holds the same values as the chart blocks of
    /// `render --format json` for the same screens and options, as written to their precision.
    func testNumbersEqualRenderJSON() throws {
        let screens = ["protein", "vegetables", "body", "steps", "sleep"]
        let (run, file) = try report(screens + period, to: "numbers.html")
        XCTAssertEqual(run.status, 0, run.stderr)
        let rendered = try VitalsProcess.run(
            ["render"] + screens + period + ["--width", "80", "--format", "json"], environment: demo)
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(rendered.stdout.utf8)) as? [String: Any])
        try OptionalTool.require(.html5lib)
        let tablesRun = try ReportTools.check(["tables", file.path])
        XCTAssertEqual(tablesRun.status, 0, tablesRun.stderr)
        let tables = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(tablesRun.stdout.utf8)) as? [[String: Any]])
        var compared = 0
        for screen in json["screens"] as? [[String: Any]] ?? [] {
            for block in screen["blocks"] as? [[String: Any]] ?? [] where block["kind"] as? String == "chart" {
                guard let data = block["data"] as? [String: Any], let title = data["title"] as? String,
                    let points = data["points"] as? [[String: Any]]
                else { continue }
                let table = try XCTUnwrap(tables.first { $0["caption"] as? String == title }, "a table for \(title)")
                let rows = table["rows"] as? [[String]] ?? []
                XCTAssertEqual(rows.count, points.count, title)
                for (row, point) in zip(rows, points) {
                    XCTAssertEqual(row[0], (point["date"] as? String) ?? (point["label"] as? String), title)
                    guard let value = point["value"] as? Double else {
                        XCTAssertEqual(row[1], "–", "\(title) \(row[0]) has no value")
                        continue
                    }
                    let shown = try XCTUnwrap(Self.number(row[1]), "\(title) \(row[0]): '\(row[1])'")
                    XCTAssertLessThanOrEqual(abs(shown.value - value), shown.halfStep + 1e-9, "\(title) \(row[0])")
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 20, "enough values compared")
    }

    /// A number as the report writes it ("1,234", "79.7", "12.5k") and half its last digit's step.
    static func number(_ text: String) -> (value: Double, halfStep: Double)? {
        var digits = text.replacingOccurrences(of: ",", with: "").replacingOccurrences(of: "\u{2009}", with: "")
        var scale = 1.0
        if digits.hasSuffix("k") {
            scale = 1000
            digits.removeLast()
        }
        guard let value = Double(digits) else { return nil }
        let decimals = digits.split(separator: ".").dropFirst().first?.count ?? 0
        return (value * scale, 0.5 * pow(10, -Double(decimals)) * scale)
    }

    func testPDFTextHoldsTheScreensNumbers() throws {
        try OptionalTool.require(.chromium)
        try OptionalTool.require(.pdftotext)
        let (run, file) = try report(["protein", "sleep"] + period, to: "report.pdf")
        XCTAssertEqual(run.status, 0, run.stderr)
        let text = try ReportTools.run(["pdftotext", "-layout", file.path, "-"])
        XCTAssertEqual(text.status, 0)
        let squeezed = Self.squeeze(text.stdout)
        let rendered = try VitalsProcess.run(
            ["render", "protein", "sleep", "--width", "80"] + period, environment: demo)
        // Every summary line of the text screens (those with a digit, not a chart's drawing) is in the PDF.
        let lines = rendered.stdout.split(separator: "\n").map { Self.squeeze(String($0)) }.filter { line in
            line.contains(where: \.isNumber) && !line.contains("│") && !line.contains("┤") && !line.contains("█")
                && !line.contains("┼") && !line.contains("▏") && !line.contains("─") && line.count < 150
                // not an axis: a line of times or numbers only
                && !line.split(separator: " ").allSatisfy { $0.allSatisfy { $0.isNumber || ":,.-".contains($0) } }
                // not a shell hint: paper says what is left out instead
                && !line.contains("vitals ")
        }
        XCTAssertGreaterThan(lines.count, 5)
        for line in lines.prefix(12) {
            XCTAssertTrue(squeezed.contains(Self.squeeze(line)), "the PDF holds '\(line)'")
        }
        XCTAssertFalse(squeezed.contains("vitals render"), "no command on paper")
        XCTAssertTrue(squeezed.contains("3 more metrics, not in this report"), "what is left out, in words")
        XCTAssertTrue(squeezed.contains("Page 1 of"), "page numbers in the footer")
        XCTAssertTrue(squeezed.contains("as of 2026-10-31"), "the as-of date in the footer")
    }

    static func squeeze(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    func testAMissingChromiumIsNamedWithItsPackageAndWritesNothing() throws {
        let (run, file) = try report(
            ["protein"] + period, to: "report.pdf", environment: ["VITALS_CHROMIUM": "/nonexistent/chromium"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("apt-get install chromium"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    }

    func testAFileThatIsNeitherHTMLNorPDFIsAUsageError() throws {
        let (run, file) = try report(["protein"], to: "report.docx")
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("report.docx") && run.stderr.contains(".html or .pdf"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    }

    func testRedactedReportHasNoNamesSourcesOrDates() throws {
        let plain = try VitalsProcess.run(
            ["render", "gezondheid", "pregnancy", "--width", "100"] + period, environment: demo)
        XCTAssertTrue(
            plain.stdout.contains("Ollie") && plain.stdout.contains("Withings"), "the screens name them unredacted")
        let (run, file) = try report(
            ["gezondheid", "pregnancy", "--redact", "--shift-dates"] + period, to: "shared.html")
        XCTAssertEqual(run.status, 0, run.stderr)
        let html = try String(contentsOf: file, encoding: .utf8)
        for word in ["Ollie", "Sanne", "Withings", "imported from", "typed in"] {
            XCTAssertFalse(html.contains(word), "\(word) is removed")
        }
        let isoDate = try NSRegularExpression(pattern: "20[0-9]{2}-[0-9]{2}-[0-9]{2}")
        let found = isoDate.matches(in: html, range: NSRange(html.startIndex..., in: html)).map {
            (html as NSString).substring(with: $0.range)
        }
        XCTAssertEqual(found, [], "no date left")
        XCTAssertTrue(html.contains("day 1"), "dates counted from day 1")
    }

    /// The adherence report's numbers agree with each other: whole days on target in the summary
    /// equal the calendar's on-target days, and each category's days split into on target,
    /// under and over.
    func testAdherenceReportAddsUp() throws {
        let (run, file) = try report(["adherence"] + period, to: "adherence.html")
        XCTAssertEqual(run.status, 0, run.stderr)
        let html = try String(contentsOf: file, encoding: .utf8)
        let summary = try NSRegularExpression(pattern: "Whole days on target: ([0-9]+) of ([0-9]+) days")
        let match = try XCTUnwrap(summary.firstMatch(in: html, range: NSRange(html.startIndex..., in: html)))
        let met = Int((html as NSString).substring(with: match.range(at: 1)))
        let counted = Int((html as NSString).substring(with: match.range(at: 2)))
        // The check runs outside XCTUnwrap: a missing html5lib is a skip, not a failure.
        try OptionalTool.require(.html5lib)
        let tablesRun = try ReportTools.check(["tables", file.path])
        let tables = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(tablesRun.stdout.utf8)) as? [[String: Any]])
        let calendar = try XCTUnwrap(
            tables.first { $0["caption"] as? String == "Whole days on target" }?["rows"] as? [[String]])
        XCTAssertEqual(calendar.filter { $0[1] == "on target" }.count, met)
        // Counted: every judged day but one in progress (the as-of day, not on target yet).
        XCTAssertEqual(calendar.filter { $0[1] != "no data" && $0[1] != "pending" }.count, counted)
        let categories = try XCTUnwrap(
            tables.first { $0["caption"] as? String == "Categories" }?["rows"] as? [[String]])
        XCTAssertFalse(categories.isEmpty)
        for row in categories {
            let parts = row[2].split(separator: "/").compactMap { Int($0) }
            XCTAssertEqual(parts.count, 2)
            XCTAssertEqual(
                parts[0] + (Int(row[4]) ?? -1) + (Int(row[5]) ?? -1), parts[1],
                "\(row[0]): on target + under + over = days")
            XCTAssertEqual(parts[1], counted)
        }
        XCTAssertTrue(html.contains("Weight"), "body-metric trends follow")
    }
}
