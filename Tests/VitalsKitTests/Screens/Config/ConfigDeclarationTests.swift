import XCTest

@testable import VitalsKit

/// A declared config block decodes into typed values, and each kind of mistake is one
/// diagnostic at the value's line and column, worded as `vitals validate` prints it.
final class ConfigDeclarationTests: XCTestCase {
    /// The block under `config:` of a one-screen catalog; the block's first line is line 6.
    func decode(_ block: String) throws -> (values: ConfigValues<FixtureKeys>?, problems: [Diagnostic]) {
        let text = """
            screens:
              - screen_id: SCREEN_X
                name: X
                pillar: p
                config:
            \(block)
            """
        let loaded = CatalogLoader.load([SourceFile(path: "screens/x.yaml", text: text)])
        let screen = try XCTUnwrap(loaded.catalog.screen("SCREEN_X"))
        var problems = ConfigProblems(screen: screen)
        let values = ConfigValues<FixtureKeys>.decode(screen.config, named: "config", problems: &problems)
        return (values, problems.diagnostics)
    }

    func testAGoodBlockDecodesEveryKind() throws {
        let (values, problems) = try decode(
            """
                  count: 14
                  ratio: 1.5
                  label: "Morning"
                  mode: slow
                  enabled: false
                  start: 2026-03-01
                  at: "04:30"
                  glass: 0.3 L
                  tags: [a, b]
                  window: {low: 1, high: 2.5}
                  steps:
                    - {name: warm up, minutes: 10}
                    - {name: run}
            """)
        XCTAssertEqual(problems, [])
        let config = try XCTUnwrap(values)
        XCTAssertEqual(config.count, 14)
        XCTAssertEqual(config.ratio, 1.5)
        XCTAssertEqual(config.label, "Morning")
        XCTAssertEqual(config.mode, "slow")
        XCTAssertEqual(config.enabled, false)
        XCTAssertEqual(config.start, LocalDate(year: 2026, month: 3, day: 1))
        XCTAssertEqual(config.at?.minutesAfterMidnight, 4 * 60 + 30)
        XCTAssertEqual(config.glass, 300, accuracy: 1e-9)
        XCTAssertEqual(config.tags, ["a", "b"])
        XCTAssertEqual(config.window?.low, 1)
        XCTAssertEqual(config.window?.high, 2.5)
        XCTAssertEqual(config.steps.map(\.name), ["warm up", "run"])
        XCTAssertEqual(config.steps.map(\.minutes), [10, nil])
        XCTAssertEqual(config.node(\.ratio)?.location.line, 7)
    }

    func testAbsentKeysTakeTheirDefaults() throws {
        let config = try XCTUnwrap(try decode("      ratio: 1").values)
        XCTAssertEqual(config.count, 7)
        XCTAssertEqual(config.mode, "fast")
        XCTAssertEqual(config.enabled, true)
        XCTAssertEqual(config.glass, 250)
        XCTAssertNil(config.label)
        XCTAssertNil(config.tags)
        XCTAssertNil(config.window)
        XCTAssertEqual(config.steps.count, 0)
        XCTAssertFalse(config.has(\.count))
        XCTAssertTrue(config.has(\.ratio))
    }

    func testEachMistakeIsOneDiagnosticAtItsValue() throws {
        let cases: [(block: String, line: Int, column: Int, message: String)] = [
            (
                "      ratio: 1\n      countt: 3", 7, 7,
                "unknown key 'countt' in config; did you mean 'count'? (known: count, ratio,"
            ),
            ("      ratio: 1\n      count: many", 7, 14, "count must be a number, not a string"),
            ("      ratio: 1\n      count: 40", 7, 14, "count 40 is outside 1…30 days"),
            ("      ratio: 1\n      count: 2.5", 7, 14, "count must be a whole number of days, not 2.5"),
            ("      count: 3", 6, 7, "missing ratio"),
            ("      ratio: 0", 6, 14, "ratio must be more than 0, got 0"),
            ("      ratio: 3", 6, 14, "ratio 3 is outside 0.5…2"),
            ("      ratio: \"1\"", 6, 14, "ratio must be a number, not a string"),
            ("      ratio: 1\n      mode: fas", 7, 13, "mode must be fast or slow, not 'fas'; did you mean 'fast'?"),
            ("      ratio: 1\n      enabled: yes", 7, 16, "enabled must be true or false, not a string"),
            ("      ratio: 1\n      label: ''", 7, 14, "label must be text, not a string"),
            ("      ratio: 1\n      start: 2026-02-30", 7, 14, "start must be a date as YYYY-MM-DD, got '2026-02-30'"),
            ("      ratio: 1\n      at: \"13:00\"", 7, 11, "at 13:00 must be before 12:00"),
            ("      ratio: 1\n      at: \"25:00\"", 7, 11, "at must be a time as HH:MM (\"04:00\"), got '25:00'"),
            ("      ratio: 1\n      glass: 2 kg", 7, 14, "glass is in kg, which is not a unit of volume like ml"),
            ("      ratio: 1\n      glass: 2 L", 7, 14, "glass 2 L is outside 50…1000 ml"),
            (
                "      ratio: 1\n      glass: lots", 7, 14,
                "glass must be a number of ml or a quantity such as '2 ml', not 'lots'"
            ),
            ("      ratio: 1\n      tags: a", 7, 13, "tags must be a list, not a string"),
            ("      ratio: 1\n      tags: []", 7, 13, "tags needs at least one tag"),
            ("      ratio: 1\n      tags: [a, {b: 1}]", 7, 17, "a tag must be text, not a mapping"),
            ("      ratio: 1\n      window: 3", 7, 15, "window must be a mapping, not an integer"),
            ("      ratio: 1\n      window: {low: 1}", 7, 15, "missing high"),
            ("      ratio: 1\n      window: {low: 2, high: 1}", 7, 30, "window high must be above low"),
            (
                "      ratio: 1\n      steps:\n        - {name: a, minuts: 3}", 8, 21,
                "unknown key 'minuts' in a step; did you mean 'minutes'?"
            ),
            ("      ratio: 1\n      steps: [3]", 7, 15, "a step must be a mapping, not an integer"),
            ("      - 1", 6, 7, "config must be a mapping, not a list"),
        ]
        for (index, bad) in cases.enumerated() {
            let (values, problems) = try decode(bad.block)
            XCTAssertNil(values, "case \(index) decoded")
            XCTAssertEqual(problems.count, 1, "case \(index): \(problems.map(\.message))")
            guard let problem = problems.first else { continue }
            XCTAssertEqual(problem.severity, .error, "case \(index)")
            XCTAssertEqual(problem.rule, ConfigProblems.ruleID, "case \(index)")
            XCTAssertEqual(
                [problem.location.line, problem.location.column], [bad.line, bad.column],
                "case \(index): \(problem.message)")
            XCTAssertTrue(
                problem.message.hasPrefix("SCREEN_X config: " + bad.message),
                "case \(index): expected \(bad.message)\nfound \(problem.message)")
            XCTAssertEqual(problem.location.file, "screens/x.yaml")
        }
    }

    /// A block that is absent reads as one with no keys: defaults, and the required key missing
    /// where the screen would say `config:`.
    func testAnAbsentBlockReportsItsRequiredKeys() throws {
        let loaded = CatalogLoader.load([
            SourceFile(path: "screens/x.yaml", text: "screens:\n  - {screen_id: SCREEN_X, name: X, pillar: p}\n")
        ])
        let screen = try XCTUnwrap(loaded.catalog.screen("SCREEN_X"))
        var problems = ConfigProblems(screen: screen)
        XCTAssertNil(ConfigValues<FixtureKeys>.decode(nil, named: "config", problems: &problems))
        XCTAssertEqual(problems.diagnostics.map(\.message), ["SCREEN_X config: missing ratio"])
        var none = ConfigProblems(screen: screen)
        XCTAssertEqual(ConfigValues<WindowKeys>.decode(nil, named: "config", problems: &none) == nil, true)
        XCTAssertEqual(none.diagnostics.count, 2, "low and high are both missing")
    }

    /// The keys are listed in declaration order, with what a schema and `vitals modules` need.
    func testTheSpecsDescribeTheKeys() {
        let specs = FixtureKeys.keySpecs
        XCTAssertEqual(
            specs.map(\.name),
            ["count", "ratio", "label", "mode", "enabled", "start", "at", "glass", "tags", "window", "steps"])
        XCTAssertEqual(specs[0].typeDescription, "integer (days), 1…30")
        XCTAssertEqual(specs[0].defaultJSON, "7")
        XCTAssertEqual(specs[1].typeDescription, "number, 0.5…2 and > 0")
        XCTAssertTrue(specs[1].isRequired)
        XCTAssertEqual(specs[3].defaultJSON, "\"fast\"")
        XCTAssertEqual(specs[6].typeDescription, "time HH:MM, < 12:00")
        XCTAssertEqual(specs[8].typeDescription, "list of text, at least 1")
        XCTAssertEqual(specs[10].typeDescription, "list of mappings (step)")
        let lines = ConfigKeySpec.lines(specs)
        XCTAssertTrue(lines.contains("  ratio: number, 0.5…2 and > 0; required"), "\(lines)")
        XCTAssertTrue(lines.contains("      low: number; required"), "nested keys indented: \(lines)")
    }

    /// The block's schema is JSON with each key's type, bounds and default.
    func testTheSchemaIsJSONWithEachKey() throws {
        let schema = ConfigKeySpec.blockSchema(FixtureKeys.keySpecs, doc: "Fixture", indent: "")
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(schema.utf8)) as? [String: Any])
        XCTAssertEqual(json["required"] as? [String], ["ratio"])
        XCTAssertEqual(json["additionalProperties"] as? Bool, false)
        let properties = try XCTUnwrap(json["properties"] as? [String: [String: Any]])
        XCTAssertEqual(properties["count"]?["type"] as? String, "integer")
        XCTAssertEqual(properties["count"]?["maximum"] as? Int, 30)
        XCTAssertEqual(properties["count"]?["default"] as? Int, 7)
        XCTAssertEqual(properties["ratio"]?["exclusiveMinimum"] as? Int, 0)
        XCTAssertEqual(properties["mode"]?["enum"] as? [String], ["fast", "slow"])
        XCTAssertEqual((properties["window"]?["required"] as? [String]).map(Set.init), ["low", "high"])
        XCTAssertEqual(properties["tags"]?["minItems"] as? Int, 1)
        XCTAssertNotNil(
            try JSONSerialization.jsonObject(with: Data(ConfigKeySpec.listingJSON(FixtureKeys.keySpecs).utf8)))
    }
}
