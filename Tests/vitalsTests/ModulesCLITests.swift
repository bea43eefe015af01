import Foundation
import TestSupport
import VitalsKit
import VitalsScreens
import XCTest

/// `vitals modules` lists every registered module with its declared config keys, and the JSON
/// Schema's per-screen `config:` judges random configs as the modules' declared bounds do.
final class ModulesCLITests: XCTestCase {
    func testTextListsEveryModuleAndItsKeys() throws {
        let run = try VitalsProcess.run(["modules"])
        XCTAssertEqual(run.status, 0, run.stderr)
        for id in BuiltInScreenModules.screenIDs {
            XCTAssertTrue(run.stdout.contains(id), "\(id) missing:\n\(run.stdout)")
        }
        XCTAssertTrue(run.stdout.contains("  per_kg: number (g/kg), 0.5…3.5 and > 0; optional\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("  nights: integer, 1…90; default 14\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("SCREEN_TODAY: no config keys"), run.stdout)
    }

    func testJSONHasEachKeyWithItsBoundsAndDefault() throws {
        let run = try VitalsProcess.run(["modules", "--format", "json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let modules = try XCTUnwrap(root["modules"] as? [[String: Any]])
        XCTAssertEqual(modules.compactMap { $0["screen_id"] as? String }, BuiltInScreenModules.screenIDs)
        let sleep = try XCTUnwrap(
            modules.first { $0["screen_id"] as? String == "SCREEN_SLEEP" }?["config"] as? [[String: Any]])
        let nights = try XCTUnwrap(sleep.first { $0["name"] as? String == "nights" })
        XCTAssertEqual(nights["type"] as? String, "integer")
        XCTAssertEqual(nights["minimum"] as? Int, 1)
        XCTAssertEqual(nights["maximum"] as? Int, 90)
        XCTAssertEqual(nights["default"] as? Int, 14)
        XCTAssertEqual(nights["required"] as? Bool, false)
        let goal = try XCTUnwrap(sleep.first { $0["name"] as? String == "goal_hours" }?["keys"] as? [[String: Any]])
        XCTAssertEqual(goal.compactMap { $0["name"] as? String }, ["min", "max"])
        XCTAssertEqual(goal.compactMap { $0["unit"] as? String }, ["h", "h"])
        XCTAssertTrue(modules.contains { $0["screen_id"] as? String == "SCREEN_TODAY" && $0["config"] is NSNull })
    }

    /// Random Sleep and Protein configs, in and out of their bounds: the committed schema
    /// (checked by Python jsonschema) accepts exactly those the declared bounds allow, and
    /// `vitals validate` accepts the same ones (goal_hours min below max being validate's own).
    func testTheSchemaChecksEachScreensConfigAsItsModuleDeclares() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-module-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var random = SplitMix(seed: 0xC0F1_6501)
        var cases: [(file: URL, expected: Bool)] = []
        for index in 0..<60 {
            let nights = Int.random(in: -2...95, using: &random)
            let low = Double(Int.random(in: -2...26, using: &random))
            let high = low + Double(Int.random(in: 1...4, using: &random))
            let perKg = Double(Int.random(in: -5...40, using: &random)) / 10
            let key = Int.random(in: 0..<10, using: &random) == 0 ? "per_kilo" : "per_kg"
            let text = """
                series:
                  - {series_id: body_mass, kind: quantity, unit: kg}
                screens:
                  - screen_id: SCREEN_SLEEP
                    name: Sleep
                    pillar: core_care
                    config: {goal_hours: {min: \(low), max: \(high)}, nights: \(nights)}
                  - screen_id: SCREEN_PROTEIN
                    name: Protein
                    pillar: core_care
                    config: {\(key): \(perKg)}

                """
            let file = directory.appendingPathComponent("case\(index).yaml")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let naive =
                (1...90).contains(nights) && low >= 0 && high <= 24
                && key == "per_kg" && perKg > 0 && perKg >= 0.5 && perKg <= 3.5
            cases.append((file, naive))
        }
        XCTAssertTrue(cases.contains { $0.expected } && cases.contains { !$0.expected })
        let schema = VitalsProcess.packageRoot.appendingPathComponent("schemas/vitals.schema.json")
        try JSONSchemaChecker.requireValidator(yaml: true)
        let verdicts = try JSONSchemaChecker.check(schema: schema, files: cases.map(\.file), yaml: true)
        for (file, expected) in cases {
            let verdict = try XCTUnwrap(verdicts[file.path], file.lastPathComponent)
            XCTAssertEqual(
                verdict.valid, expected,
                "\(file.lastPathComponent): \(verdict.reason)\n\((try? String(contentsOf: file, encoding: .utf8)) ?? "")"
            )
        }
        // validate on the same configs (in a catalog with the pillar and metrics they need):
        // config errors exactly where the schema found a mistake.
        for (file, expected) in cases.prefix(20) {
            let loaded = CatalogLoader.load([
                SourceFile(path: "screens/x.yaml", text: try String(contentsOf: file, encoding: .utf8))
            ])
            let errors = BuiltInScreenModules.registry.configDiagnostics(loaded.catalog).filter {
                $0.severity == .error
            }
            XCTAssertEqual(errors.isEmpty, expected, "\(file.lastPathComponent): \(errors.map(\.message))")
        }
    }
}
