import TestSupport
import XCTest

@testable import VitalsKit

/// The duplicate-id rule against a second, naive computation: each id declared more than once
/// (by kind), found by comparing every pair, reported at every one of its declarations, the
/// first naming the others and each other naming the first.
final class DuplicateIDRuleTests: XCTestCase {
    func testEachRepeatNamesTheFirstDeclarationOfItsKindAndID() {
        var random = SplitMix(seed: 0x4455_5049_44)
        let kinds: [Declaration.Kind] = [.pillar, .subject, .series, .screen, .metric]
        let ids = ["a", "b", "steps", "SCREEN_A", "A_1", "e\u{301}", "\u{e9}"]
        for round in 0..<200 {
            let declarations = (0..<Int.random(in: 0...40, using: &random)).map { index in
                Declaration(
                    kind: kinds.randomElement(using: &random)!, id: ids.randomElement(using: &random)!,
                    location: SourceLocation(file: "f\(index % 3).yaml", line: index + 1, column: 3))
            }
            let loaded = LoadedCatalog(catalog: Catalog(), diagnostics: [], declarations: declarations)
            var expected: [Diagnostic] = []
            for (index, declaration) in declarations.enumerated() {
                let same = declarations.indices.filter {
                    declarations[$0].kind == declaration.kind && declarations[$0].id == declaration.id
                }
                guard same.first == index, same.count > 1 else { continue }
                for member in same {
                    let others = same.filter { $0 != member }.map { declarations[$0].location }
                    let text =
                        member == index
                        ? "declared again at " + others.map(\.description).joined(separator: ", ")
                        : "first declared at \(declaration.location)"
                    expected.append(
                        Diagnostic(
                            .error, rule: "duplicate-id",
                            "duplicate \(declaration.kind.rawValue) id '\(declaration.id)'; " + text,
                            at: declarations[member].location, related: others))
                }
            }
            XCTAssertEqual(DuplicateIDRule().check(loaded, in: ValidationContext()), expected, "round \(round)")
        }
    }
}
