import Foundation
import TestSupport
import XCTest

/// History and Today print as tables: the calendar of whole days (a coloured square per day,
/// named by its state), the categories, the periods, Today's categories and meals — real
/// `<table>`s agreeing with `render --format json`, no terminal glyph or `<pre>` on the page.
final class ReportTablesCLITests: XCTestCase {
    let demo = ["XDG_DATA_HOME": "/nonexistent-vitals-report-test"]
    let options = ["--as-of", "2026-11-24", "--range", "12w"]

    func blocks(_ json: [String: Any], screen: String) throws -> [[String: Any]] {
        let screens = try XCTUnwrap(json["screens"] as? [[String: Any]])
        let found = try XCTUnwrap(screens.first { $0["screen_id"] as? String == screen })
        return try XCTUnwrap(found["blocks"] as? [[String: Any]])
    }

    /// The data of the first block holding `key` (as a list when it is one somewhere).
    func data(_ blocks: [[String: Any]], key: String) throws -> [String: Any] {
        let all = blocks.compactMap { $0["data"] as? [String: Any] }
        return try XCTUnwrap(all.first { $0[key] is [Any] } ?? all.first { $0[key] != nil }, key)
    }

    func testHistoryAndTodayPrintAsTablesThatAgreeWithTheirData() throws {
        let file = try ReportTools.scratch(self).appendingPathComponent("tables.html")
        let run = try VitalsProcess.run(
            ["report", "history", "today"] + options + ["-o", file.path], environment: demo)
        XCTAssertEqual(run.status, 0, run.stderr)
        let html = try String(contentsOf: file, encoding: .utf8)
        XCTAssertFalse(html.contains("<pre"), "no block is a text dump")
        for glyph in ["■", "□", "◌", "⣀", "▸", "█"] {
            XCTAssertFalse(html.contains(glyph), "no terminal glyph \(glyph)")
        }
        let rendered = try VitalsProcess.run(
            ["render", "history", "today", "--format", "json"] + options, environment: demo)
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(rendered.stdout.utf8)) as? [String: Any])
        let history = try blocks(json, screen: "SCREEN_HISTORY")
        let today = try blocks(json, screen: "SCREEN_TODAY")

        try OptionalTool.require(.html5lib)
        let tablesRun = try ReportTools.check(["tables", file.path])
        let tables = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(tablesRun.stdout.utf8)) as? [[String: Any]])
        func table(_ caption: String) throws -> (head: [String], rows: [[String]]) {
            let found = try XCTUnwrap(tables.first { ($0["caption"] as? String)?.hasPrefix(caption) == true }, caption)
            return (found["head"] as? [String] ?? [], try XCTUnwrap(found["rows"] as? [[String]]))
        }

        // The calendar: a row per week, a square per day named "Mon 7 Sep: on target"; the days
        // on target are those of the JSON from the calendar's first Monday on.
        let calendar = try table("Whole days on target")
        XCTAssertEqual(calendar.head, ["week of", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "days"])
        XCTAssertFalse(calendar.rows.isEmpty)
        for row in calendar.rows { XCTAssertEqual(row.count, 9, "\(row)") }
        let first = try XCTUnwrap(try data(history, key: "first")["first"] as? String)
        let days = try XCTUnwrap(try data(history, key: "streak")["days"] as? [[String: Any]])
        let onTarget = days.filter { ($0["date"] as? String ?? "") >= first && $0["on_target"] as? Bool == true }.count
        let cells = calendar.rows.flatMap { $0[1...7] }
        XCTAssertEqual(cells.filter { $0.hasSuffix(": on target") }.count, onTarget)
        XCTAssertGreaterThan(cells.filter { $0.hasSuffix(": missed") }.count, 0)

        // The categories over 30 days: one row each, "met" as in the JSON.
        let categories = try table("Categories, last")
        XCTAssertEqual(categories.head, ["category", "met", "under", "over", "a day", "wins on missed days"])
        let detail = try XCTUnwrap(try data(history, key: "categories")["categories"] as? [[String: Any]])
        XCTAssertEqual(categories.rows.count, detail.count)
        XCTAssertEqual(categories.rows.map { Int($0[1]) }, detail.map { ($0["met"] as? Double).map { Int($0) } })

        let periods = try table("Whole days on target by period")
        XCTAssertEqual(periods.rows.map { $0[0] }, ["Weekly (week of)", "Monthly", "Yearly"])

        // Today: a row per category, a row per meal slot, slots by their names (no raw ids).
        let todayCategories = try XCTUnwrap(
            tables.first { ($0["head"] as? [String]) == ["Category", "today", "rule", "status"] })
        let judged = try XCTUnwrap(try data(today, key: "categories")["categories"] as? [[String: Any]])
        XCTAssertEqual((todayCategories["rows"] as? [[String]])?.count, judged.count)
        let meals = try table("Meals")
        XCTAssertEqual(meals.head, ["meal", "logged", "foods", "suggested"])
        let slots = try XCTUnwrap(try data(today, key: "meals")["meals"] as? [[String: Any]])
        XCTAssertEqual(meals.rows.count, slots.count)
        for row in meals.rows { XCTAssertFalse(row.joined().contains("_"), "a raw id in \(row)") }
    }
}
