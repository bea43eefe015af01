import Foundation
import XCTest

/// `vitals log food`, `log CATEGORY 80 g`, `--meal`, `foods`, `entries`, `undo`, `delete` and
/// `edit` on the built binary, with a fixture catalog (not the shipped one).
final class PortionsCLITests: XCTestCase {
    private var directory: URL!
    private var db: String { directory.appendingPathComponent("p.sqlite").path }

    static let catalogYAML = """
        series:
          - {series_id: vegetables, kind: quantity, unit: portion, min: 0, max: 10}
          - {series_id: dairy, kind: quantity, unit: portion, min: 0, max: 10}
          - {series_id: fats, kind: quantity, unit: portion, min: 0, max: 10}
          - {series_id: body_mass, kind: quantity, unit: kg, min: 20, max: 200}
        categories:
          - {category_id: vegetables, name: Vegetables, unit: portion, portion_grams: 80, target: {rule: at_least, value: 3}}
          - {category_id: dairy, name: Dairy, unit: portion, portion_ml: 200, target: {rule: exact, value: 3}}
          - {category_id: fats, name: Fats, unit: portion, target: {rule: range, min: 2, max: 3}}
        meal_slots:
          - {slot_id: breakfast, name: Breakfast, from: "04:00"}
          - {slot_id: lunch, name: Lunch, from: "12:00"}
          - {slot_id: dinner, name: Dinner, from: "17:30"}
          - {slot_id: late_night, name: Late Night, from: "21:00"}
        foods:
          - {food_id: carrot, name: Carrot, category: vegetables, grams: 80, favorite: true}
          - {food_id: milk, name: Milk, category: dairy, ml: 200}
          - {food_id: stew, name: Winter stew, portions: {vegetables: 2, fats: 1}, grams: 400}

        """

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-portions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("metrics"), withIntermediateDirectories: true)
        try Self.catalogYAML.write(to: directory.appendingPathComponent("metrics/portions.yaml"), atomically: true, encoding: .utf8)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    private func run(_ arguments: [String]) throws -> VitalsProcess.Run {
        let store = arguments.first == "foods" ? [] : ["--db", db]
        return try VitalsProcess.run(arguments + ["--catalog", directory.path] + store, environment: ["TZ": "Europe/Amsterdam"])
    }

    func testLogFoodsAndCategoriesInGramsAndPortions() throws {
        let apple = try run(["log", "food", "carrot", "--meal", "lunch", "--at", "2026-11-20T12:10"])
        XCTAssertEqual(apple.stdout, "logged Carrot: vegetables 1 portion for me at 2026-11-20T12:10:00+01:00 (Lunch)\n", apple.stderr)
        let grams = try run(["log", "food", "CARROT", "100", "g", "--meal", "dinner", "--at", "2026-11-20T18:30"])
        XCTAssertEqual(grams.stdout, "logged Carrot 100 g: vegetables 1.25 portions for me at 2026-11-20T18:30:00+01:00 (Dinner)\n", grams.stderr)
        let rounded = try run(["log", "vegetables", "100", "g", "--at", "2026-11-20T19:00"])
        XCTAssertEqual(rounded.stdout, "logged 100 g → vegetables 1.25 portions for me at 2026-11-20T19:00:00+01:00 (Dinner)\n", rounded.stderr)
        let odd = try run(["log", "vegetables", "90", "g", "--at", "2026-11-20T19:01"])
        XCTAssertTrue(odd.stdout.contains("vegetables 1.25 portions (rounded from 1.13)"), odd.stdout)
        let dish = try run(["log", "food", "winter stew", "600", "g", "--meal", "late night", "--at", "2026-11-21T01:30"])
        XCTAssertEqual(dish.stdout, "logged Winter stew 600 g: vegetables 3 portions, fats 1.5 portions for me at 2026-11-21T01:30:00+01:00 (Late Night)\n", dish.stderr)
        let milk = try run(["log", "food", "milk", "300", "ml", "--at", "2026-11-20T08:00"])
        XCTAssertTrue(milk.stdout.contains("dairy 1.5 portions"), milk.stdout)

        let plain = try run(["log", "vegetables", "0.5", "--at", "2026-11-20T13:00"])
        XCTAssertEqual(plain.stdout, "logged vegetables 0.5 portion for me at 2026-11-20T13:00:00+01:00 (lunch)\n",
                       "without --meal, the slot of the time of day: \(plain.stderr)")
        let weight = try run(["log", "body_mass", "80", "--at", "2026-11-20T13:00"])
        XCTAssertFalse(weight.stdout.contains("("), "no slot for a series that is no category: \(weight.stdout)")
        // 'late night', 'Late-Night' and 'late_night' are one slot: the entries list one name.
        _ = try run(["log", "fats", "0.5", "--meal", "Late-Night", "--at", "2026-11-20T22:00"])
        let entries = try run(["entries", "--day", "2026-11-20"])
        XCTAssertEqual(entries.status, 0, entries.stderr)
        let lines = entries.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 10, entries.stdout)
        XCTAssertEqual(lines.filter { $0.contains("Late Night") }.count, 3, "the 01:30 stew (two categories) and the 22:00 fat")
        XCTAssertTrue(lines.last?.contains("2026-11-21 01:30") ?? false, "01:30 belongs to the 20th: \(entries.stdout)")
    }

    func testRefusalsWriteNothing() throws {
        for (arguments, message) in [
            (["log", "food", "carot"], "unknown food 'carot'\n  did you mean 'carrot'?"),
            (["log", "vegetables", "1", "--meal", "lunhc"], "unknown meal slot 'lunhc'\n  did you mean lunch?"),
            (["log", "vegetables", "1", "--tag", "brunch"], "unknown meal slot 'brunch'"),
            (["log", "vegetables", "0.3"], "0.3 is not a whole, half or quarter portion"),
            (["log", "fats", "10", "g"], "Fats has no portion_grams to turn g into portions"),
            (["log", "food", "carrot", "2", "cm"], "'cm' is not a unit a food can be weighed in"),
        ] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 1, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, "")
        }
        let entries = try run(["entries", "--day", "today"])
        XCTAssertEqual(entries.stdout, "")
        XCTAssertTrue(entries.stderr.contains("no entries"), entries.stderr)
        for arguments in [["entries", "--subject", "nobody"], ["undo", "--subject", "nobody"]] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 1, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("unknown subject 'nobody'"), "\(arguments): \(result.stderr)")
        }
    }

    func testUsageErrorsExitTwo() throws {
        for arguments in [["delete"], ["delete", "abc"], ["edit", "1"], ["entries", "--day", "2026-13-01"],
                          ["log", "food", "carrot", "1", "g", "extra"], ["foods", "--favourites"]] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertFalse(result.stderr.isEmpty)
        }
    }

    func testFoodNamesFromYAMLReachTheTerminalSafely() throws {
        let yaml = Self.catalogYAML + "  - {food_id: tricky, name: \"Tri\u{202E}cky\", category: vegetables, grams: 80, notes: \"x\u{202E}y\"}\n"
        try yaml.write(to: directory.appendingPathComponent("metrics/portions.yaml"), atomically: true, encoding: .utf8)
        for arguments in [["log", "food", "tricky", "--at", "2026-11-20T12:00"], ["foods", "tri"], ["entries", "--day", "2026-11-20"]] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertFalse(result.stdout.unicodeScalars.contains { $0.value == 0x202E }, "\(arguments): \(result.stdout)")
            XCTAssertTrue(result.stdout.contains("Tricky"), "\(arguments): \(result.stdout)")
        }
    }

    func testFoodsListsSearchesAndFavourites() throws {
        let favourites = try run(["foods", "--favorites"])
        XCTAssertEqual(favourites.stdout, "★ Carrot  vegetables  portion 80 g\n", favourites.stderr)
        let search = try run(["foods", "VEG", "--ascii"])
        XCTAssertEqual(search.stdout, """
            * Carrot       vegetables             portion 80 g
              Winter stew  2 vegetables + 1 fats  serving 400 g

            """, search.stderr)
        let none = try run(["foods", "pizza"])
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stderr.contains("no foods match 'pizza'"), none.stderr)
    }

    func testUndoDeleteAndEdit() throws {
        _ = try run(["log", "food", "carrot", "--at", "2026-11-20T12:10"])
        _ = try run(["log", "food", "winter stew", "--at", "2026-11-20T18:10"])
        let undo = try run(["undo"])
        XCTAssertEqual(undo.status, 0, undo.stderr)
        XCTAssertEqual(undo.stdout.split(separator: "\n").count, 2, "both categories of the stew: \(undo.stdout)")
        var listed = try run(["entries", "--day", "2026-11-20"]).stdout
        XCTAssertEqual(listed.split(separator: "\n").count, 1, listed)
        let id = String(listed.split(separator: " ").first!)

        let edit = try run(["edit", id, "160", "g", "--meal", "dinner"])
        XCTAssertEqual(edit.status, 0, edit.stderr)
        XCTAssertTrue(edit.stdout.contains("now \(id)  2026-11-20 12:10  vegetables        2 portion       Dinner"), edit.stdout)
        let badEdit = try run(["edit", id, "0.1"])
        XCTAssertEqual(badEdit.status, 1)
        listed = try run(["entries", "--day", "2026-11-20", "--series", "vegetables"]).stdout
        XCTAssertTrue(listed.contains("2 portion"), listed)

        let delete = try run(["delete", id])
        XCTAssertEqual(delete.status, 0, delete.stderr)
        XCTAssertEqual(try run(["delete", id]).status, 1, "deleting it again: no such entry")
        XCTAssertEqual(try run(["undo"]).status, 1, "nothing left to undo")
    }

    func testImportedEntriesAreNotSilentlyDestroyedAndReimportsStayIdempotent() throws {
        let csv = directory.appendingPathComponent("veg.csv")
        try "date,value\n2026-11-20T12:00,1\n2026-11-20T18:00,2\n".write(to: csv, atomically: true, encoding: .utf8)
        XCTAssertEqual(try run(["import", "csv", csv.path, "--series", "vegetables"]).status, 0)
        let listed = try run(["entries", "--day", "2026-11-20"]).stdout
        XCTAssertTrue(listed.contains("imported: csv"), listed)
        let id = String(listed.split(separator: "\n")[0].split(separator: " ").first!)

        for arguments in [["delete", id], ["edit", id, "3"]] {
            let refused = try run(arguments)
            XCTAssertEqual(refused.status, 1, "\(arguments)")
            XCTAssertTrue(refused.stderr.contains("came from an import (csv)"), refused.stderr)
            XCTAssertTrue(refused.stderr.contains("importing that file again restores the original entry"), refused.stderr)
        }
        XCTAssertEqual(try run(["undo"]).status, 1, "undo never removes imported entries")
        let again = try run(["import", "csv", csv.path, "--series", "vegetables"])
        XCTAssertTrue(again.stdout.contains("0 new, 2 already stored"), again.stdout)

        XCTAssertEqual(try run(["delete", id, "--force"]).status, 0)
        let restored = try run(["import", "csv", csv.path, "--series", "vegetables"])
        XCTAssertTrue(restored.stdout.contains("1 new, 1 already stored"), "as the refusal said: \(restored.stdout)")
    }
}
