import Foundation
import TestSupport
import VitalsDemo
import VitalsKit
import XCTest

/// `vitals report --redact --shift-dates` tried as an attacker would: subjects named with
/// quotes, ampersands, markup, numbers, words found elsewhere in the report, put through every
/// screen of the shipped catalog (names replaced wherever the catalog's YAML has them). The
/// shared copy must not hold a name in any form, must parse to the same element tree as with
/// harmless names, and must not hold an absolute date.
final class ReportSharedCopyCLITests: XCTestCase {
    let demo = ["XDG_DATA_HOME": "/nonexistent-vitals-report-test"]
    let period = ["--as-of", "2026-10-31", "--range", "12w"]

    static let hostile = [
        "aria-label=\"", "D'Arcy", "Bo & Max", "<svg onload=alert(1)>", "onload=", "80", "Health",
        "svg", "Eva", "O'Brien", "</title><script>alert(2)</script>", "Me", "day",
    ]
    static let harmless = ["Pat", "Kim", "Lou"]

    /// The shipped catalog's YAML with Me's, Ollie's and Sanne's names replaced by `names`
    /// (in `name:` and wherever else the YAML has them).
    func catalog(_ names: [String]) throws -> URL {
        let root = try ReportTools.scratch(self).appendingPathComponent("catalog")
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        for folder in ["screens", "metrics"] {
            let source = VitalsProcess.packageRoot.appendingPathComponent(folder)
            let target = root.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            for file in try FileManager.default.contentsOfDirectory(atPath: source.path) where file.hasSuffix(".yaml") {
                var text = try String(contentsOf: source.appendingPathComponent(file), encoding: .utf8)
                // The demo's own subjects, declared in the catalog as a person would declare
                // theirs (a declaration in the catalog wins over the demo's).
                if file == "subjects.yaml" {
                    text += DemoSubjects.file.text.components(separatedBy: "subjects:\n").dropFirst().joined()
                }
                for (old, new) in zip(["Me", "Ollie", "Sanne"], names) {
                    text = text.replacingOccurrences(of: "name: \(old)\n", with: "name: \(quoted(new))\n")
                    if old != "Me" { text = text.replacingOccurrences(of: old, with: new) }
                }
                try text.write(to: target.appendingPathComponent(file), atomically: true, encoding: .utf8)
            }
        }
        return root
    }

    func sharedReport(_ names: [String], screens: [String] = ["--all"], name: String = "shared.html") throws -> (
        String, URL
    ) {
        let file = try ReportTools.scratch(self).appendingPathComponent(name)
        let run = try VitalsProcess.run(
            ["report"] + screens + period + [
                "--redact", "--shift-dates", "--catalog", try catalog(names).path,
                "-o", file.path,
            ], environment: demo)
        XCTAssertEqual(run.status, 0, "\(names): \(run.stderr)")
        return (try String(contentsOf: file, encoding: .utf8), file)
    }

    /// Every way a report could spell `name`: as it is and as HTML escapes it.
    static func forms(_ name: String) -> Set<String> {
        let escaped = name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
        return [name, escaped]
    }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    /// Absolute dates a report could still hold: ISO dates, the years of the demo data (Sanne's
    /// birth year, 2024–2028; not a year the catalog's prose cites), month and weekday names.
    static func absoluteDates(in html: String) -> [String] {
        let patterns = [
            "(?<![0-9])20[0-9]{2}-[0-9]{2}-[0-9]{2}", "(?<![0-9A-Za-z#,.])(1994|202[4-8])(?![0-9A-Za-z])",
            "\\b(Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\\b",
            "\\b(January|February|March|April|June|July|August|September|October|November|December)\\b",
            "\\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (day|[0-9])",
            "[0-9] (jan|feb|mrt|apr|mei|jun|jul|aug|sep|okt|nov|dec)\\b",
            "\\b(ma|di|wo|do|vr|za|zo) (day|[0-9])",
        ]
        var found: [String] = []
        for pattern in patterns {
            let regex = try! NSRegularExpression(pattern: pattern)
            for match in regex.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                let range = NSRange(
                    location: max(0, match.range.location - 30),
                    length: min(match.range.length + 60, (html as NSString).length - max(0, match.range.location - 30)))
                found.append((html as NSString).substring(with: range))
            }
        }
        return found
    }

    func testHostileNamesLeaveNoTraceAndNoMarkup() throws {
        let (baseline, baselineFile) = try sharedReport(Self.harmless, name: "baseline.html")
        XCTAssertEqual(Self.absoluteDates(in: baseline), [], "no absolute date in the shifted report")
        try OptionalTool.require(.html5lib)
        let baselineTree = try ReportTools.check(["tree", baselineFile.path])
        XCTAssertEqual(baselineTree.status, 0, baselineTree.stderr)
        // The cases together, then random draws of three names from the hostile list.
        var random = SplitMix(seed: 26)
        var samples = [
            ["aria-label=\"", "D'Arcy", "<svg onload=alert(1)>"], ["Health", "80", "Bo & Max"],
            ["Eva", "svg", "onload="],
        ]
        for _ in 0..<2 {
            samples.append((0..<3).map { _ in Self.hostile[Int(random.next() % UInt64(Self.hostile.count))] })
        }
        for (index, names) in samples.enumerated() {
            let (html, file) = try sharedReport(names, name: "hostile-\(index).html")
            for name in names where name != "Me" {
                for form in Self.forms(name) {
                    XCTAssertLessThanOrEqual(
                        Self.count(form, in: html), Self.count(form, in: baseline),
                        "'\(form)' (\(names)) is in the shared copy more often than with harmless names")
                }
            }
            let occursElsewhere = names.contains { name in
                Self.forms(name).contains { Self.count($0, in: baseline) > 0 }
            }
            if !occursElsewhere {
                XCTAssertEqual(html, baseline, "\(names): the shared copy is the same as with harmless names")
            }
            let tree = try ReportTools.check(["tree", file.path])
            XCTAssertEqual(tree.stdout, baselineTree.stdout, "\(names): the same element tree as with harmless names")
            let parse = try ReportTools.check(["html", file.path])
            XCTAssertEqual(parse.status, 0, "\(names): html5lib errors\n\(parse.stdout)")
        }
    }

    /// A date after the as-of day without a year (Sunday of the as-of week) is counted forward,
    /// and no weekday is left beside a day number.
    func testADayAfterTheAsOfDayCountsForward() throws {
        let file = try ReportTools.scratch(self).appendingPathComponent("today.html")
        // Wednesday 2026-11-18 is day 84 of the 12 weeks; that week's Sunday is day 88.
        let run = try VitalsProcess.run(
            [
                "report", "today", "history", "vegetables", "--as-of", "2026-11-18", "--range", "12w",
                "--shift-dates", "-o", file.path,
            ], environment: demo)
        XCTAssertEqual(run.status, 0, run.stderr)
        let html = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(html.contains("day 88"), "the week's Sunday")
        // Counted a year back (2025-11-22), as text surgery did, it would be day 88 - 365.
        XCTAssertFalse(html.contains("day -277"), "the week's Sunday is not a year back")
        XCTAssertEqual(Self.absoluteDates(in: html), [])
    }

    /// The PDF of a shared copy: no name in its text or its title, and no printing date.
    func testSharedPDFHasNoNamesAndNoPrintDate() throws {
        try OptionalTool.require(.chromium)
        try OptionalTool.require(.pdfinfo)
        try OptionalTool.require(.pdftotext)
        let names = ["D'Arcy", "Bo & Max", "Quintessa"]
        let file = try ReportTools.scratch(self).appendingPathComponent("shared.pdf")
        let run = try VitalsProcess.run(
            ["report", "gezondheid", "pregnancy", "body"] + period + [
                "--redact", "--shift-dates",
                "--catalog", try catalog(names).path, "-o", file.path,
            ], environment: demo)
        XCTAssertEqual(run.status, 0, run.stderr)
        let text = try ReportTools.run(["pdftotext", file.path, "-"]).stdout
        let info = try ReportTools.run(["pdfinfo", file.path]).stdout
        for name in names + ["Withings", "2026", "Oct"] {
            XCTAssertFalse(text.contains(name) || info.contains(name), "\(name) in the PDF")
        }
        XCTAssertTrue(text.contains("Subject A"), "the subjects are named by their aliases")
        XCTAssertTrue(info.contains("1970"), "the creation date is not the printing date:\n\(info)")
    }
}
