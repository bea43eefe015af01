import XCTest
@testable import VitalsKit

/// `Validator` runs the built-in rules on two threads: the findings must be those of running
/// every rule in turn on the calling thread, and a plug-in's rule must still see the task-local
/// values its caller set.
final class ValidatorThreadsTests: XCTestCase {
    @TaskLocal static var pluginSetting = "unset"

    /// A plug-in's rule that reports the task-local value it sees.
    struct SettingRule: ValidationRule {
        static let description = RuleDescription(id: "plugin-setting", summary: "Reports the setting it sees.",
                                                 severity: .warning, triggering: [], nonTriggering: [])
        func check(_ loaded: LoadedCatalog) -> [Diagnostic] {
            [diagnostic("setting \(ValidatorThreadsTests.pluginSetting)", at: SourceLocation(file: "p.yaml", line: 1, column: 1))]
        }
    }

    func testFindingsAreThoseOfOneThreadOnEveryRuleExample() {
        let validator = Validator(rules: BuiltInRules.all + [SettingRule()])
        var checked = 0
        for description in BuiltInRules.descriptions {
            for example in description.triggering + description.nonTriggering {
                let loaded = CatalogLoader.load([SourceFile(path: "example.yaml", text: example)])
                let inTurn = validator.rules.map { $0.check(loaded) }
                let found = validator.findings(loaded)
                XCTAssertEqual(found.count, inTurn.count)
                for (index, (a, b)) in zip(found, inTurn).enumerated() {
                    XCTAssertEqual(a, b, "\(description.id): rule \(validator.rules[index].id)")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 20)
    }

    func testAPluginRuleSeesItsTaskLocalValues() {
        let validator = Validator(rules: BuiltInRules.all + [SettingRule()])
        let loaded = CatalogLoader.load([SourceFile(path: "a.yaml", text: "pillars: []\n")])
        let messages = Self.$pluginSetting.withValue("set by the caller") {
            validator.validate(loaded).filter { $0.rule == "plugin-setting" }.map(\.message)
        }
        XCTAssertEqual(messages, ["setting set by the caller"])
    }
}
