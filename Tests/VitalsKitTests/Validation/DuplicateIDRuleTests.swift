import TestSupport
import XCTest
@testable import VitalsKit

/// The duplicate-id rule against a second, naive computation: for each declaration, the first
/// earlier one of the same kind and id, found by scanning everything before it.
final class DuplicateIDRuleTests: XCTestCase {
    func testEachRepeatNamesTheFirstDeclarationOfItsKindAndID() {
        var random = SplitMix(seed: 0x4455_5049_44)
        let kinds: [Declaration.Kind] = [.pillar, .subject, .series, .screen, .metric]
        let ids = ["a", "b", "steps", "SCREEN_A", "A_1", "e\u{301}", "\u{e9}"]
        for round in 0..<200 {
            let declarations = (0..<Int.random(in: 0...40, using: &random)).map { index in
                Declaration(kind: kinds.randomElement(using: &random)!, id: ids.randomElement(using: &random)!,
                            location: SourceLocation(file: "f\(index % 3).yaml", line: index + 1, column: 3))
            }
            let loaded = LoadedCatalog(catalog: Catalog(), diagnostics: [], declarations: declarations)
            var expected: [Diagnostic] = []
            for (index, declaration) in declarations.enumerated() {
                guard let earlier = declarations[..<index].first(where: { $0.kind == declaration.kind && $0.id == declaration.id })
                else { continue }
                expected.append(Diagnostic(.error, rule: "duplicate-id",
                    "duplicate \(declaration.kind.rawValue) id '\(declaration.id)'; first declared at \(earlier.location)",
                    at: declaration.location, related: [earlier.location]))
            }
            XCTAssertEqual(DuplicateIDRule().check(loaded), expected, "round \(round)")
        }
    }
}
