import XCTest

@testable import VitalsKit

/// Runs every rule's must-trigger and must-not-trigger YAML examples.
final class RuleExampleTests: XCTestCase {
    /// What `validate` finds in the example: a language table when it starts with
    /// `# languages/<code>.yaml`, else a catalog file (checked with the shipped tables).
    private func diagnostics(for snippet: String) -> [Diagnostic] {
        if snippet.hasPrefix("# languages/"), let name = snippet.split(separator: "\n").first?.dropFirst(2) {
            return CatalogValidation.languageFindings(
                tables: [SourceFile(path: String(name), text: snippet)], catalogs: [])
        }
        let loaded = CatalogLoader.load([SourceFile(path: "example.yaml", text: snippet)])
        return Validator(screenModules: .genericOnly).validate(loaded)
            + CatalogValidation.languageFindings(tables: nil, catalogs: [loaded.catalog])
    }

    func testEveryTriggeringExampleFires() {
        for rule in BuiltInRules.descriptions {
            XCTAssertFalse(rule.triggering.isEmpty, "\(rule.id) has no triggering example")
            for snippet in rule.triggering {
                let found = diagnostics(for: snippet).filter { $0.rule == rule.id }
                XCTAssertFalse(found.isEmpty, "\(rule.id) did not fire on:\n\(snippet)")
                XCTAssertTrue(
                    found.allSatisfy { $0.severity == rule.severity || rule.id.hasPrefix("yaml") },
                    "\(rule.id) reported at the wrong severity")
            }
        }
    }

    func testNoNonTriggeringExampleFires() {
        for rule in BuiltInRules.descriptions {
            XCTAssertFalse(rule.nonTriggering.isEmpty, "\(rule.id) has no passing example")
            for snippet in rule.nonTriggering {
                let found = diagnostics(for: snippet).filter { $0.rule == rule.id }
                XCTAssertTrue(found.isEmpty, "\(rule.id) fired on its passing example:\n\(snippet)\n\(found)")
            }
        }
    }

    func testRuleIDsAreUniqueAndEveryLoaderIDIsListed() {
        let ids = BuiltInRules.descriptions.map(\.id)
        XCTAssertEqual(ids.count, Set(ids).count, "a rule id is listed twice")
        for loaderID in [
            RuleID.yamlSyntax, RuleID.fileFormat, RuleID.duplicateKey, RuleID.unknownKey,
            RuleID.wrongType, RuleID.missingKey, RuleID.invalidValue, RuleID.badID,
            RuleID.languageTable, RuleID.unknownLanguage,
        ] {
            XCTAssertTrue(ids.contains(loaderID), "loader check \(loaderID) has no rule description")
        }
    }

    /// Reported at each declaration, naming the others: the file a change adds gets a
    /// finding whichever sorts first.
    func testDuplicateIDAcrossFilesIsReportedAtEachPlace() {
        let loaded = CatalogLoader.load([
            SourceFile(path: "a.yaml", text: "pillars:\n  - {pillar_id: core, name: A}\n"),
            SourceFile(path: "b.yaml", text: "\npillars:\n  - {pillar_id: core, name: B}\n"),
            SourceFile(
                path: "c.yaml", text: "pillars:\n  - {pillar_id: core, name: C}\n  - {pillar_id: solo, name: D}\n"),
        ])
        let found = Validator().validate(loaded).filter { $0.rule == "duplicate-id" }
        let a = SourceLocation(file: "a.yaml", line: 2, column: 17)
        let b = SourceLocation(file: "b.yaml", line: 3, column: 17)
        let c = SourceLocation(file: "c.yaml", line: 2, column: 17)
        XCTAssertEqual(found.map(\.location), [a, b, c])
        XCTAssertEqual(found.map(\.related), [[b, c], [a, c], [a, b]])
        XCTAssertEqual(
            found.map(\.message),
            [
                "duplicate pillar id 'core'; declared again at b.yaml:3:17, c.yaml:2:17",
                "duplicate pillar id 'core'; first declared at a.yaml:2:17",
                "duplicate pillar id 'core'; first declared at a.yaml:2:17",
            ])
    }

    func testLoadingKeepsGoingAfterABrokenFile() {
        let loaded = CatalogLoader.load([
            SourceFile(path: "broken.yaml", text: "pillars: [\n"),
            SourceFile(path: "good.yaml", text: "pillars:\n  - {pillar_id: core, name: Core}\n"),
        ])
        XCTAssertEqual(loaded.diagnostics.map(\.rule), [RuleID.yamlSyntax])
        XCTAssertNotNil(loaded.catalog.pillar("core"))
    }

    func testUnknownKeySuggestsTheClosestKey() {
        let found = diagnostics(for: RuleExamples.metrics(RuleExamples.primary + ", agregate: sum"))
            .filter { $0.rule == RuleID.unknownKey }
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].message.contains("did you mean 'aggregate'?"), found[0].message)
    }

    func testParentCycleIsReportedOnce() {
        let snippet = RuleExamples.metrics(
            RuleExamples.primary,
            "display_metric_id: BODY_A, display_screen_id: SCREEN_BODY, display_name: A, chart_type_id: line, series: body_mass, parent_metric_id: BODY_C",
            "display_metric_id: BODY_B, display_screen_id: SCREEN_BODY, display_name: B, chart_type_id: line, series: body_mass, parent_metric_id: BODY_A",
            "display_metric_id: BODY_C, display_screen_id: SCREEN_BODY, display_name: C, chart_type_id: line, series: body_mass, parent_metric_id: BODY_B"
        )
        let found = diagnostics(for: snippet).filter { $0.rule == "parent-cycle" }
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].message.contains("BODY_A → BODY_B → BODY_C → BODY_A"), found[0].message)
    }

    func testTargetOutsidePlausibleRangeConvertsUnits() {
        // 300 lb = 136 kg is plausible for body_mass (20–200 kg); 500 lb = 227 kg is not.
        let ok = RuleExamples.metrics(RuleExamples.primary + ", unit: lb, target: {rule: at_most, value: 300}")
        let bad = RuleExamples.metrics(RuleExamples.primary + ", unit: lb, target: {rule: at_most, value: 500}")
        XCTAssertTrue(diagnostics(for: ok).filter { $0.rule == "target-sanity" }.isEmpty)
        XCTAssertEqual(diagnostics(for: bad).filter { $0.rule == "target-sanity" }.count, 1)
    }
}
