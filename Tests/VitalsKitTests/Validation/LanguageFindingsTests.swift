import XCTest

@testable import VitalsKit

/// The language findings of a validation: a catalog's own tables against English, and every
/// screen whose `language:` names a table that neither the catalog nor the binary has. Without
/// a `languages/` directory there is nothing of the catalog's to check (the shipped tables are
/// held complete by `LanguageTableTests`).
final class LanguageFindingsTests: XCTestCase {
    private func catalog(language: String) -> Catalog {
        let yaml = RuleExamples.metrics(RuleExamples.primary)
            .replacingOccurrences(of: "pillar: core_care}", with: "pillar: core_care, language: \(language)}")
        let loaded = CatalogLoader.load([SourceFile(path: "example.yaml", text: yaml)])
        XCTAssertEqual(loaded.catalog.screens.first?.language, language)
        return loaded.catalog
    }

    func testWithoutTablesOfItsOwnAScreenInAShippedLanguageFindsNothing() {
        XCTAssertEqual(CatalogValidation.languageFindings(tables: nil, catalogs: [catalog(language: "nl")]), [])
    }

    func testAScreenInALanguageNobodyHasIsAnErrorAtItsKey() {
        let found = CatalogValidation.languageFindings(tables: nil, catalogs: [catalog(language: "xx")])
        XCTAssertEqual(found.map(\.rule), [RuleID.unknownLanguage])
        XCTAssertEqual(found.first?.location.file, "example.yaml")
        XCTAssertTrue(found.first?.message.contains("no language table 'xx'") ?? false, "\(found)")
    }

    func testTheCatalogsOwnTableIsCheckedAndNamesItsLanguage() {
        let table = SourceFile(path: "languages/xx.yaml", text: "language: xx\nname: Example\n")
        let found = CatalogValidation.languageFindings(tables: [table], catalogs: [catalog(language: "xx")])
        XCTAssertFalse(found.isEmpty, "a table of two keys lacks most of English's")
        XCTAssertTrue(found.allSatisfy { $0.rule == RuleID.languageTable }, "\(found.map(\.rule))")
        XCTAssertTrue(found.allSatisfy { $0.location.file == "languages/xx.yaml" })
        XCTAssertFalse(found.contains { $0.rule == RuleID.unknownLanguage }, "xx is the catalog's own language")
    }
}
