import XCTest

@testable import VitalsKit

/// `TableBlock` in each backend: an escaped HTML table with row headings and named swatches in
/// a report, the terminal's own drawing (or rows) in the terminal.
final class HTMLTableTests: XCTestCase {
    struct Fixed: BlockDrawing {
        func draw(profile: RenderProfile) -> TextCanvas {
            var canvas = TextCanvas(width: profile.width)
            canvas.addLine("terminal layout")
            return canvas
        }
    }

    let table = TableBlock(
        caption: "Days <b>", columns: ["week of", "Mon"],
        rows: [
            [TableBlock.Cell("7 Sep"), TableBlock.Cell("Mon 7 Sep: on target", swatch: "#2E9E5B")],
            [TableBlock.Cell("14 Sep & co", color: "#A83232", bold: true), TableBlock.Cell("1/7")],
        ],
        legend: [TableBlock.Swatch(name: "today", color: "#6B6B6B", hollow: true)],
        notes: [.line("Most often off")], terminalDrawing: Fixed())

    func testAReportDrawsARealTableWithNamedSwatches() {
        let html = HTMLOutput().block(ScreenBlock(kind: .chart, content: .table(table), data: .null))
        XCTAssertTrue(html.contains("<caption>Days &lt;b&gt;</caption>"), html)
        XCTAssertTrue(
            html.contains("<thead><tr><th scope=\"col\">week of</th><th scope=\"col\">Mon</th></tr></thead>"), html)
        XCTAssertTrue(html.contains("<th scope=\"row\">7 Sep</th>"), html)
        XCTAssertTrue(
            html.contains(
                "<title>Mon 7 Sep: on target</title><rect x=\"1\" y=\"1\" width=\"10\" height=\"10\" rx=\"2\" fill=\"#2E9E5B\"/>"
            ), html)
        XCTAssertTrue(html.contains("style=\"color:#A83232;font-weight:bold;\">14 Sep &amp; co</th>"), html)
        XCTAssertTrue(html.contains("fill=\"#FFFFFF\" stroke=\"#6B6B6B\""), "a hollow legend swatch")
        XCTAssertTrue(
            html.contains(
                "<svg class=\"swatch\" width=\"12\" height=\"12\" viewBox=\"0 0 12 12\" aria-hidden=\"true\">"),
            "a legend swatch is decoration: its name is written beside it")
        XCTAssertTrue(html.contains("Most often off"))
        XCTAssertFalse(html.contains("terminal layout"), "the terminal's drawing stays in the terminal")
    }

    func testTheTerminalDrawsItsOwnLayoutOrTheRows() {
        let output = TerminalOutput(profile: RenderProfile(width: 40))
        let drawn = output.draw(ScreenBlock(kind: .chart, content: .table(table), data: .null)).lines(colorLevel: .none)
        XCTAssertEqual(drawn.map { $0.trimmingCharacters(in: .whitespaces) }, ["terminal layout"])
        var plain = table
        plain.terminalDrawing = nil
        plain.terminalRows = [.line("row one")]
        let rows = output.draw(ScreenBlock(kind: .chart, content: .table(plain), data: .null)).lines(colorLevel: .none)
        XCTAssertEqual(rows.map { $0.trimmingCharacters(in: .whitespaces) }, ["row one", "Most often off"])
    }

    func testMealSlotsAreNamedNotWrittenAsIds() {
        XCTAssertEqual(MealSlotNames.displayName("afternoon_snack", in: nil), "afternoon snack")
        XCTAssertEqual(MealSlotNames.displayName("Late-Night", in: nil), "late night")
    }
}
