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
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-portions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("metrics"), withIntermediateDirectories: true)
        try Self.catalogYAML.write(
            to: directory.appendingPathComponent("metrics/portions.yaml"), atomically: true, encoding: .utf8)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    private func run(_ arguments: [String]) throws -> VitalsProcess.Run {
        let store = arguments.first == "foods" ? [] : ["--db", db]
        return try VitalsProcess.run(
            arguments + ["--catalog", directory.path] + store, environment: ["TZ": "Europe/Amsterdam"])
    }

    /// `run(arguments)` with its exit code and whole output asserted (the directory written `$TMP`).
    @discardableResult
    private func assertRun(
        _ arguments: [String], stdout: String? = "", stderr: String? = "", exitCode: Int32 = 0,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> VitalsProcess.Run {
        let store = arguments.first == "foods" ? [] : ["--db", db]
        return try assertCommand(
            arguments + ["--catalog", directory.path] + store, environment: ["TZ": "Europe/Amsterdam"],
            replacing: ["$TMP": directory.path], stdout: stdout, stderr: stderr, exitCode: exitCode,
            file: file, line: line)
    }

    func testLogFoodsAndCategoriesInGramsAndPortions() throws {
        try assertRun(
            ["log", "food", "carrot", "--meal", "lunch", "--at", "2026-11-20T12:10"],
            stdout: "logged Carrot: vegetables 1 portion for me at 2026-11-20T12:10:00+01:00 (Lunch)\n")
        try assertRun(
            ["log", "food", "CARROT", "100", "g", "--meal", "dinner", "--at", "2026-11-20T18:30"],
            stdout: "logged Carrot 100 g: vegetables 1.25 portions for me at 2026-11-20T18:30:00+01:00 (Dinner)\n")
        try assertRun(
            ["log", "vegetables", "100", "g", "--at", "2026-11-20T19:00"],
            stdout: "logged 100 g → vegetables 1.25 portions for me at 2026-11-20T19:00:00+01:00 (Dinner)\n")
        try assertRun(
            ["log", "vegetables", "90", "g", "--at", "2026-11-20T19:01"],
            stdout: """
                logged 90 g → vegetables 1.25 portions (rounded from 1.13) for me at 2026-11-20T19:01:00+01:00 (Dinner)

                """)
        try assertRun(
            ["log", "food", "winter stew", "600", "g", "--meal", "late night", "--at", "2026-11-21T01:30"],
            stdout:
                "logged Winter stew 600 g: vegetables 3 portions, fats 1.5 portions for me at 2026-11-21T01:30:00+01:00 (Late Night)\n"
        )
        try assertRun(
            ["log", "food", "milk", "300", "ml", "--at", "2026-11-20T08:00"],
            stdout: "logged Milk 300 ml: dairy 1.5 portions for me at 2026-11-20T08:00:00+01:00 (Breakfast)\n")

        // Without --meal, the slot of the time of day.
        try assertRun(
            ["log", "vegetables", "0.5", "--at", "2026-11-20T13:00"],
            stdout: "logged vegetables 0.5 portions for me at 2026-11-20T13:00:00+01:00 (Lunch)\n")
        // No slot for a series that is no category.
        try assertRun(
            ["log", "body_mass", "80", "--at", "2026-11-20T13:00"],
            stdout: "logged body_mass 80 kg for me at 2026-11-20T13:00:00+01:00\n")
        // 'late night', 'Late-Night' and 'late_night' are one slot: the entries list one name for
        // the 01:30 stew (two categories, on the 20th) and the 22:00 fat.
        _ = try run(["log", "fats", "0.5", "--meal", "Late-Night", "--at", "2026-11-20T22:00"])
        try assertRun(
            ["entries", "--day", "2026-11-20"],
            stdout: """
                     7  2026-11-20 08:00  dairy             1.5 portions    Breakfast        Milk
                     1  2026-11-20 12:10  vegetables        1 portion       Lunch            Carrot
                     8  2026-11-20 13:00  vegetables        0.5 portions    Lunch
                     9  2026-11-20 13:00  body_mass         80 kg
                     2  2026-11-20 18:30  vegetables        1.25 portions   Dinner           Carrot
                     3  2026-11-20 19:00  vegetables        1.25 portions   Dinner
                     4  2026-11-20 19:01  vegetables        1.25 portions   Dinner
                    10  2026-11-20 22:00  fats              0.5 portions    Late Night
                     5  2026-11-21 01:30  vegetables        3 portions      Late Night       Winter stew
                     6  2026-11-21 01:30  fats              1.5 portions    Late Night       Winter stew

                """)
    }

    func testRefusalsWriteNothing() throws {
        try assertRun(
            ["log", "food", "carot"],
            stderr: """
                vitals: error: unknown food 'carot'
                  did you mean 'carrot'?
                  vitals foods lists the library (vitals foods WORD searches it)

                """, exitCode: 1)
        try assertRun(
            ["log", "vegetables", "1", "--meal", "lunhc"],
            stderr: """
                vitals: error: unknown meal slot 'lunhc'
                  did you mean lunch?
                  meal slots: breakfast, lunch, dinner, late_night

                """, exitCode: 1)
        try assertRun(
            ["log", "vegetables", "1", "--tag", "brunch"],
            stderr: """
                vitals: error: unknown meal slot 'brunch'
                  did you mean lunch?
                  meal slots: breakfast, lunch, dinner, late_night

                """, exitCode: 1)
        try assertRun(
            ["log", "vegetables", "0.3"],
            stderr: """
                vitals: error: 0.3 is not a whole, half or quarter portion
                  portions are entered in steps of 0.25: 1, 0.5, 0.25 (for example 0.25)

                """, exitCode: 1)
        try assertRun(
            ["log", "fats", "10", "g"],
            stderr: """
                vitals: error: Fats has no portion_grams to turn g into portions
                  log portions: vitals log fats 1
                  or add portion_grams to the category fats in metrics/portions.yaml

                """, exitCode: 1)
        try assertRun(
            ["log", "food", "carrot", "2", "cm"],
            stderr: """
                vitals: error: 'cm' is not a unit a food can be weighed in
                  use g, kg, oz, ml or L, or leave the unit out to count portions: vitals log food carrot 2

                """, exitCode: 1)
        try assertRun(["entries", "--day", "today"], stderr: "vitals: no entries: no database at $TMP/p.sqlite\n")
        try assertRun(
            ["entries", "--subject", "nobody"],
            stderr: """
                vitals: error: unknown subject 'nobody'
                  known subjects: me

                """, exitCode: 1)
        try assertRun(
            ["undo", "--subject", "nobody"],
            stderr: """
                vitals: error: unknown subject 'nobody'
                  known subjects: me

                """, exitCode: 1)
    }

    func testUsageErrorsExitTwo() throws {
        try assertRun(
            ["delete"],
            stderr: """
                Error: Missing expected argument '<ID>'
                Help:  <ID>  The entry id.
                Usage: vitals delete <ID> [--force] [--db <PATH>] [--catalog <DIR>]
                  See 'vitals delete --help' for more information.

                """, exitCode: 2)
        try assertRun(
            ["delete", "abc"],
            stderr: """
                Error: The value 'abc' is invalid for '<ID>'
                Help:  <ID>  The entry id.
                Usage: vitals delete <ID> [--force] [--db <PATH>] [--catalog <DIR>]
                  See 'vitals delete --help' for more information.

                """, exitCode: 2)
        try assertRun(
            ["edit", "1"],
            stderr: """
                Error: Missing expected argument '<VALUE>'
                Help:  <VALUE>  The corrected value.
                Usage: vitals edit <ID> <VALUE> [<UNIT>] [--at <TIME>] [--meal <SLOT>] [--force] [--units <SYSTEM>] [--db <PATH>] [--catalog <DIR>]
                  See 'vitals edit --help' for more information.

                """, exitCode: 2)
        try assertRun(
            ["entries", "--day", "2026-13-01"],
            stderr: "vitals: error: --day expects a date as YYYY-MM-DD, got '2026-13-01'\n", exitCode: 2)
        try assertRun(
            ["log", "food", "carrot", "1", "g", "extra"],
            stderr: """
                Error: Unexpected argument 'extra'
                Usage: vitals log [<options>] <SERIES> [<VALUE>] [<UNIT>] [<FOOD-UNIT>] [<LB-UNIT>]
                  See 'vitals log --help' for more information.

                """, exitCode: 2)
        try assertRun(
            ["foods", "--favourites"],
            stderr: """
                Error: Unknown option '--favourites'. Did you mean '--favorites'?
                Usage: vitals foods [<SEARCH>] [--favorites] [--ascii] [--catalog <DIR>]
                  See 'vitals foods --help' for more information.

                """, exitCode: 2)
    }

    func testFoodNamesFromYAMLReachTheTerminalSafely() throws {
        let yaml =
            Self.catalogYAML
            + "  - {food_id: tricky, name: \"Tri\u{202E}cky\", category: vegetables, grams: 80, notes: \"x\u{202E}y\"}\n"
        try yaml.write(to: directory.appendingPathComponent("metrics/portions.yaml"), atomically: true, encoding: .utf8)
        // The right-to-left override is gone from the name: "Tricky".
        try assertRun(
            ["log", "food", "tricky", "--at", "2026-11-20T12:00"],
            stdout: "logged Tricky: vegetables 1 portion for me at 2026-11-20T12:00:00+01:00 (Lunch)\n")
        try assertRun(["foods", "tri"], stdout: "  Tricky  vegetables  portion 80 g  xy\n")
        try assertRun(
            ["entries", "--day", "2026-11-20"],
            stdout: "     1  2026-11-20 12:00  vegetables        1 portion       Lunch            Tricky\n")
    }

    func testFoodsListsSearchesAndFavourites() throws {
        try assertRun(["foods", "--favorites"], stdout: "★ Carrot  vegetables  portion 80 g\n")
        try assertRun(
            ["foods", "VEG", "--ascii"],
            stdout: """
                * Carrot       vegetables             portion 80 g
                  Winter stew  2 vegetables + 1 fats  serving 400 g

                """)
        try assertRun(
            ["foods", "pizza"],
            stderr: """
                vitals: error: no foods match 'pizza'
                  vitals foods lists the whole library

                """, exitCode: 1)
    }

    func testUndoDeleteAndEdit() throws {
        _ = try run(["log", "food", "carrot", "--at", "2026-11-20T12:10"])
        _ = try run(["log", "food", "winter stew", "--at", "2026-11-20T18:10"])
        // Both categories of the stew.
        try assertRun(
            ["undo"],
            stdout: """
                removed 2  2026-11-20 18:10  vegetables        2 portions      Dinner           Winter stew
                removed 3  2026-11-20 18:10  fats              1 portion       Dinner           Winter stew

                """)
        let listed = try assertRun(
            ["entries", "--day", "2026-11-20"],
            stdout: "     1  2026-11-20 12:10  vegetables        1 portion       Lunch            Carrot\n"
        ).stdout
        let id = String(listed.split(separator: " ").first!)

        try assertRun(
            ["edit", id, "160", "g", "--meal", "dinner"],
            stdout: """
                was 1  2026-11-20 12:10  vegetables        1 portion       Lunch            Carrot
                now 1  2026-11-20 12:10  vegetables        2 portions      Dinner           Carrot

                """)
        try assertRun(
            ["edit", id, "0.1"],
            stderr: """
                vitals: error: 0.1 is not a whole, half or quarter portion
                  portions are entered in steps of 0.25: 1, 0.5, 0.25 (for example 0.25)

                """, exitCode: 1)
        try assertRun(
            ["entries", "--day", "2026-11-20", "--series", "vegetables"],
            stdout: "     1  2026-11-20 12:10  vegetables        2 portions      Dinner           Carrot\n")

        try assertRun(
            ["delete", id],
            stdout: "deleted 1  2026-11-20 12:10  vegetables        2 portions      Dinner           Carrot\n")
        // Deleting it again: no such entry; then nothing is left to undo.
        try assertRun(
            ["delete", id],
            stderr: """
                vitals: error: no entry 1
                  vitals entries --day DATE lists entries with their ids

                """, exitCode: 1)
        try assertRun(["undo"], stderr: "vitals: error: nothing to undo: me has no logged entries\n", exitCode: 1)
    }

    /// Two `log` commands writing the same second (here the same `--at`): `undo` removes the
    /// second only. `edit --at HH:MM` keeps the entry on its day, the day `entries --day` lists
    /// it under: 20 Nov stays 20 Nov (not today), and with the 04:00 cutoff a night entry of
    /// 21 Nov 01:30 (listed under 20 Nov) moves to 20 Nov 23:30 or back to 21 Nov 02:00.
    func testUndoTakesOneLogOfTheSameSecondAndEditAtKeepsTheDay() throws {
        try assertRun(
            ["log", "vegetables", "1", "--at", "2026-11-20T12:10"],
            stdout: "logged vegetables 1 portion for me at 2026-11-20T12:10:00+01:00 (Lunch)\n")
        try assertRun(
            ["log", "fats", "1", "--at", "2026-11-20T12:10"],
            stdout: "logged fats 1 portion for me at 2026-11-20T12:10:00+01:00 (Lunch)\n")
        try assertRun(["undo"], stdout: "removed 2  2026-11-20 12:10  fats              1 portion       Lunch\n")
        try assertRun(
            ["entries", "--day", "2026-11-20"],
            stdout: "     1  2026-11-20 12:10  vegetables        1 portion       Lunch\n")

        try assertRun(
            ["edit", "1", "1", "--at", "13:00"],
            stdout: """
                was 1  2026-11-20 12:10  vegetables        1 portion       Lunch
                now 1  2026-11-20 13:00  vegetables        1 portion       Lunch

                """)
        // The undone entry's id (2) is not handed out again.
        _ = try run(["log", "dairy", "1", "--at", "2026-11-21T01:30"])
        try assertRun(
            ["edit", "3", "1", "--at", "23:30"],
            stdout: """
                was 3  2026-11-21 01:30  dairy             1 portion       Late Night
                now 3  2026-11-20 23:30  dairy             1 portion       Late Night

                """)
        try assertRun(
            ["edit", "3", "1", "--at", "02:00"],
            stdout: """
                was 3  2026-11-20 23:30  dairy             1 portion       Late Night
                now 3  2026-11-21 02:00  dairy             1 portion       Late Night

                """)
        try assertRun(
            ["entries", "--day", "2026-11-20"],
            stdout: """
                     1  2026-11-20 13:00  vegetables        1 portion       Lunch
                     3  2026-11-21 02:00  dairy             1 portion       Late Night

                """)
    }

    func testImportedEntriesAreNotSilentlyDestroyedAndReimportsStayIdempotent() throws {
        let csv = directory.appendingPathComponent("veg.csv")
        try "date,value\n2026-11-20T12:00,1\n2026-11-20T18:00,2\n".write(to: csv, atomically: true, encoding: .utf8)
        XCTAssertEqual(try run(["import", "csv", csv.path, "--series", "vegetables"]).status, 0)
        let listed = try assertRun(
            ["entries", "--day", "2026-11-20"],
            stdout: """
                     1  2026-11-20 12:00  vegetables        1 portion                        imported: csv
                     2  2026-11-20 18:00  vegetables        2 portions                       imported: csv

                """
        ).stdout
        let id = String(listed.split(separator: "\n")[0].split(separator: " ").first!)

        try assertRun(
            ["delete", id],
            stderr: """
                vitals: error: entry 1 came from an import (csv); deleting it here does not change the file it came from
                  importing that file again restores the original entry (imports add what is missing, by each sample's natural key)
                  pass --force to delete it anyway, knowing a re-import brings the original back

                """, exitCode: 1)
        try assertRun(
            ["edit", id, "3"],
            stderr: """
                vitals: error: entry 1 came from an import (csv); editing it here does not change the file it came from
                  importing that file again restores the original entry (imports add what is missing, by each sample's natural key)
                  pass --force to edit it anyway, knowing a re-import brings the original back

                """, exitCode: 1)
        // Undo never removes imported entries.
        try assertRun(["undo"], stderr: "vitals: error: nothing to undo: me has no logged entries\n", exitCode: 1)
        try assertRun(
            ["import", "csv", csv.path, "--series", "vegetables"],
            stdout: "imported $TMP/veg.csv: 2 rows: 0 new, 2 already stored, 0 skipped\n")

        XCTAssertEqual(try run(["delete", id, "--force"]).status, 0)
        // As the refusal said, importing the file again restores the entry.
        try assertRun(
            ["import", "csv", csv.path, "--series", "vegetables"],
            stdout: "imported $TMP/veg.csv: 2 rows: 1 new, 1 already stored, 0 skipped\n")
    }
}
