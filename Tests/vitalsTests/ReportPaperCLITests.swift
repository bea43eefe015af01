import Foundation
import TestSupport
import XCTest

/// Reports decide their own paper: a cover with the period and the screens inside, screens
/// flowing onto pages (no forced break) with no block taller than a page (so `break-inside:
/// avoid` keeps every chart whole), `--children` including child metrics, no command printed.
final class ReportPaperCLITests: XCTestCase {
    let demo = ["XDG_DATA_HOME": "/nonexistent-vitals-report-test"]
    let period = ["--as-of", "2026-11-24", "--range", "12w"]
    /// A4 less the report's @page margins (16 + 18 mm, 14 + 14 mm) in CSS pixels (96/in).
    static let pageHeight = (297.0 - 34) / 25.4 * 96, pageWidth = (210.0 - 28) / 25.4 * 96

    func html(_ arguments: [String]) throws -> String {
        let run = try VitalsProcess.run(["report"] + arguments, environment: demo)
        XCTAssertEqual(run.status, 0, run.stderr)
        return run.stdout
    }

    func testTheCoverListsEveryScreenAndScreensFlowWithoutForcedBreaks() throws {
        let run = try VitalsProcess.run(["report", "--all"] + period, environment: demo)
        XCTAssertEqual(run.status, 0, run.stderr)
        let page = run.stdout
        let sections = page.components(separatedBy: "<section class=\"screen\"").count - 1
        // The demo's 29 screens, but for the one without data in these 12 weeks, named once.
        XCTAssertEqual(sections, 28)
        XCTAssertTrue(
            run.stderr.contains("vitals: left out 1 screen without data in the period: Screenings\n"), run.stderr)
        let cover = try XCTUnwrap(page.range(of: "<nav class=\"contents\">"))
        let contents = String(page[cover.lowerBound...].prefix { _ in true }).components(separatedBy: "</nav>")[0]
        XCTAssertEqual(contents.components(separatedBy: "<li>").count - 1, sections, "every screen on the cover")
        XCTAssertTrue(contents.contains("(28 screens)"))
        XCTAssertTrue(page.contains("last 12 weeks (2026-09-02 – 2026-11-24)"), "the period on the cover")
        XCTAssertFalse(page.contains("break-before: page"), "no screen forced onto a new page")
        XCTAssertEqual(
            page.components(separatedBy: "<div class=\"screen-lead\">").count - 1, sections,
            "a header never ends a page")
        XCTAssertFalse(page.contains("vitals render"), "no command on paper")
    }

    /// Every block, chart and screen lead laid out at A4's text width is shorter than the page,
    /// so with `break-inside: avoid` none is cut.
    func testNoBlockIsTallerThanAPage() throws {
        let page = try html(["--all"] + period)
        XCTAssertTrue(page.contains(".block { margin: 0 0 14px; break-inside: avoid;"))
        try OptionalTool.require(.chromium)
        let boxes = try ReportTools.layout(
            html: page.replacingOccurrences(of: "@media print", with: "@media all"),
            width: Int(Self.pageWidth), selectors: [".block", "figure.chart", ".screen-lead"],
            in: try ReportTools.scratch(self), name: "paper")
        XCTAssertGreaterThan(boxes.count, 60)
        for box in boxes {
            XCTAssertLessThan(box.height, Self.pageHeight, "\(box.selector) '\(box.text)' is taller than a page")
        }
    }

    func testTheTwelveWeekReportOfEveryScreenTakesFewerPages() throws {
        try OptionalTool.require(.chromium)
        try OptionalTool.require(.pdfinfo)
        let pdf = try ReportTools.scratch(self).appendingPathComponent("all.pdf")
        let run = try VitalsProcess.run(["report", "--all"] + period + ["-o", pdf.path], environment: demo)
        XCTAssertEqual(run.status, 0, run.stderr)
        let info = try ReportTools.run(["pdfinfo", pdf.path])
        let pages = info.stdout.split(separator: "\n").first { $0.hasPrefix("Pages:") }
            .flatMap { Int($0.split(separator: " ").last ?? "") }
        // 31 A4 pages when each screen started a page.
        XCTAssertLessThanOrEqual(try XCTUnwrap(pages), 25)
    }

    func testChildrenPutsChildMetricsInTheReport() throws {
        let without = try html(["protein"] + period)
        XCTAssertTrue(without.contains("3 more metrics, not in this report"))
        let with = try html(["protein", "--children"] + period)
        XCTAssertFalse(with.contains("more metrics, not in this report"))
        XCTAssertGreaterThan(
            with.components(separatedBy: "<figure class=\"block chart\"").count,
            without.components(separatedBy: "<figure class=\"block chart\"").count + 2, "three more charts")
    }

    /// Every text colour a report writes (`color:#RRGGBB` in a style, `fill` of SVG text is
    /// checked by PaperColorTests) reads on white at 4.5:1 — yellow "Oils / fats / nuts" too.
    func testEveryTextColourOnThePageReadsOnWhite() throws {
        func contrast(_ hex: String) -> Double {
            let digits = Array(hex.dropFirst())
            let channels = stride(from: 0, to: 6, by: 2).map { index -> Double in
                let value = Double(Int(String(digits[index..<index + 2]), radix: 16) ?? 0) / 255
                return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
            }
            return 1.05 / (0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2] + 0.05)
        }
        let pattern = try NSRegularExpression(pattern: #"[^-]color:(#[0-9A-Fa-f]{6})"#)
        for arguments in [["--all"] + period, ["adherence"] + period] {
            let page = try html(arguments)
            let colours = Set(
                pattern.matches(in: page, range: NSRange(page.startIndex..., in: page))
                    .map { (page as NSString).substring(with: $0.range(at: 1)) })
            XCTAssertGreaterThan(colours.count, 8)
            for colour in colours { XCTAssertGreaterThanOrEqual(contrast(colour), 4.5, "\(colour) in \(arguments[0])") }
        }
    }
}
