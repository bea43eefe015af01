import Foundation
import TestSupport
import XCTest

/// No two labels of a chart overlap on the rendered page: every SVG text box (axis labels,
/// milestone names and dates, "vandaag", legends) laid out by headless Chromium, compared
/// pairwise within its chart.
final class ReportLabelLayoutCLITests: XCTestCase {
    let demo = ["XDG_DATA_HOME": "/nonexistent-vitals-report-test"]

    func overlaps(_ arguments: [String], name: String) throws -> [String] {
        let run = try VitalsProcess.run(["report"] + arguments, environment: demo)
        XCTAssertEqual(run.status, 0, run.stderr)
        let boxes = try ReportTools.layout(
            html: run.stdout, width: 720, selectors: ["svg text"],
            in: try ReportTools.scratch(self), name: name)
        XCTAssertGreaterThan(boxes.count, 20, "the labels are laid out")
        var found: [String] = []
        let byChart = Dictionary(grouping: boxes.filter { $0.group >= 0 && $0.width > 0 }, by: \.group)
        for (_, labels) in byChart {
            for (index, label) in labels.enumerated() {
                // A pixel of anti-aliasing is not an overlap.
                let shrunk = ReportTools.Box(
                    selector: label.selector, text: label.text, group: label.group, x: label.x + 1,
                    y: label.y + 1, width: label.width - 2, height: label.height - 2)
                for other in labels[(index + 1)...] where shrunk.intersects(other) {
                    found.append("'\(label.text)' overlaps '\(other.text)'")
                }
            }
        }
        return found
    }

    func testGezondheidLabelsDoNotOverlap() throws {
        try OptionalTool.require(.chromium)
        XCTAssertEqual(try overlaps(["gezondheid", "--as-of", "2026-11-24"], name: "gezondheid"), [])
    }

    func testNoChartOfTheTwelveWeekReportHasOverlappingLabels() throws {
        try OptionalTool.require(.chromium)
        XCTAssertEqual(try overlaps(["--all", "--as-of", "2026-11-24", "--range", "12w"], name: "all"), [])
    }
}
