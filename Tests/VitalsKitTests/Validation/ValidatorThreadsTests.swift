import XCTest

@testable import VitalsKit

/// `Validator` runs every rule on every core: the findings must be those of running every rule
/// in turn on the calling thread, and a plug-in's rule sees what it is given (the context) and
/// the caller's words, on whichever thread it runs.
final class ValidatorThreadsTests: XCTestCase {
    /// A plug-in's rule that reports what it sees.
    struct SettingRule: ValidationRule {
        static let description = RuleDescription(
            id: "plugin-setting", summary: "Reports the setting it sees.",
            severity: .warning, triggering: [], nonTriggering: [])
        func check(_ loaded: LoadedCatalog, in context: ValidationContext) -> [Diagnostic] {
            [
                diagnostic(
                    "subjects \(context.dataSetSubjects.sorted()) words \(Words.current.code)",
                    at: SourceLocation(file: "p.yaml", line: 1, column: 1))
            ]
        }
    }

    func testFindingsAreThoseOfOneThreadOnEveryRuleExample() {
        let validator = Validator(rules: BuiltInRules.all + [SettingRule()])
        var checked = 0
        for description in BuiltInRules.descriptions {
            for example in description.triggering + description.nonTriggering {
                let loaded = CatalogLoader.load([SourceFile(path: "example.yaml", text: example)])
                let inTurn = validator.rules.map { $0.check(loaded, in: validator.context) }
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

    func testAPluginRuleSeesItsContextAndTheCallersWords() {
        let validator = Validator(rules: BuiltInRules.all + [SettingRule()], dataSetSubjects: ["ollie"])
        let loaded = CatalogLoader.load([SourceFile(path: "a.yaml", text: "pillars: []\n")])
        let dutch = LanguageTables.table(for: "nl")
        XCTAssertEqual(dutch.code, "nl")
        let messages = Words.$current.withValue(dutch) {
            validator.validate(loaded).filter { $0.rule == "plugin-setting" }.map(\.message)
        }
        XCTAssertEqual(messages, ["subjects [\"ollie\"] words nl"])
    }
}
