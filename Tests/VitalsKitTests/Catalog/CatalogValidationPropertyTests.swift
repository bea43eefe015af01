import Foundation
import PropertyBased
import Testing

@testable import VitalsKit

/// `validate FILE…` computed a second way: validating any subset of a catalog's files gives
/// exactly the whole catalog's diagnostics that concern those files (located in one of them,
/// or naming one as the other place involved), with counts to match.
@Suite struct CatalogValidationPropertyTests {
    static let files = [
        "screens/pillars.yaml", "screens/subjects.yaml", "screens/core_care.yaml",
        "metrics/series.yaml", "metrics/steps.yaml",
    ]

    /// Mistakes that can be made in the fixture, each in one file; some reach into another.
    static let mistakes: [(file: String, edit: @Sendable (String) -> String)] = [
        (
            "metrics/steps.yaml",
            {
                $0.replacingOccurrences(
                    of: "series: steps\n    aggregate: sum\n    bucket: day\n    range: 14d",
                    with: "series: stepz\n    aggregate: sum\n    bucket: day\n    range: 14d")
            }
        ),
        ("screens/core_care.yaml", { $0.replacingOccurrences(of: "pillar: core_care", with: "pillar: core_cair") }),
        // A second SCREEN_STEPS in another file: a duplicate id naming both places.
        (
            "screens/subjects.yaml",
            { $0 + "screens:\n  - {screen_id: SCREEN_STEPS, name: Steps again, pillar: core_care}\n" }
        ),
        ("metrics/series.yaml", { $0.replacingOccurrences(of: "unit: kg", with: "unit: parsec") }),
    ]

    /// A fresh copy of MiniCatalog with the chosen mistakes made.
    private static func catalog(mistakes chosen: [Bool]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-scope-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: TestPaths.fixtures.appendingPathComponent("MiniCatalog"), to: root)
        for (mistake, made) in zip(mistakes, chosen) where made {
            let url = root.appendingPathComponent(mistake.file)
            let text = try String(contentsOf: url, encoding: .utf8)
            let edited = mistake.edit(text)
            #expect(edited != text, "the mistake in \(mistake.file) no longer applies to the fixture")
            try edited.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    /// `validate` keeps only the texts of files its findings name (others are let go once read,
    /// and read again when a cross-file rule reports on them): the kept texts are exactly those
    /// files', equal to what a load keeping every text holds, and the text report quotes the
    /// same lines as with every text kept.
    @Test func quotedLinesAreTheSameWhenOnlyFilesWithFindingsAreKept() async throws {
        await propertyCheck(count: 24, input: Gen.bool.array(of: Self.mistakes.count)) { chosen in
            do {
                let root = try Self.catalog(mistakes: chosen)
                defer { try? FileManager.default.removeItem(at: root) }
                let validation = try CatalogValidation.run(
                    paths: [], catalogRoot: nil, validator: Validator(screenModules: .genericOnly),
                    workingDirectory: root.path)
                let everyText = try CatalogLoader.load(paths: CatalogLocation.paths(root: root.path))
                let lean = try CatalogLoader.load(paths: CatalogLocation.paths(root: root.path), keepingTexts: false)
                #expect(everyText.sources.count == Self.files.count)
                #expect(Set(lean.sources.keys).union(lean.unkeptSources.keys) == Set(everyText.sources.keys))
                #expect(
                    Set(lean.sources.keys)
                        == Set(lean.diagnostics.map(\.location.file)).intersection(everyText.sources.keys))
                let named = Set(validation.diagnostics.flatMap { [$0.location.file] + $0.related.map(\.file) })
                #expect(Set(validation.sources.keys) == named.intersection(everyText.sources.keys))
                for (file, text) in validation.sources { #expect(everyText.sources[file] == text) }
                #expect(
                    TextDiagnosticFormat.report(
                        validation.diagnostics, summary: validation.summary, sources: validation.sources)
                        == TextDiagnosticFormat.report(
                            validation.diagnostics, summary: validation.summary, sources: everyText.sources))
                if chosen.contains(true) { #expect(!validation.sources.isEmpty) }
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test func aSubsetReportsExactlyTheWholeCatalogsDiagnosticsAboutIt() async throws {
        await propertyCheck(
            count: 40, input: Gen.bool.array(of: Self.mistakes.count), Gen.bool.array(of: Self.files.count)
        ) { chosen, picked in
            guard picked.contains(true) else { return }
            do {
                let root = try Self.catalog(mistakes: chosen)
                defer { try? FileManager.default.removeItem(at: root) }
                let validator = Validator(screenModules: .genericOnly)
                let whole = try CatalogValidation.run(
                    paths: [], catalogRoot: nil, validator: validator, workingDirectory: root.path)
                let names = zip(Self.files, picked).filter(\.1).map(\.0)
                let subset = names.map { root.appendingPathComponent($0).path }
                let scoped = try CatalogValidation.run(
                    paths: subset, catalogRoot: nil, validator: validator,
                    workingDirectory: FileManager.default.temporaryDirectory.path)
                // Files are named relative to their catalog root, however they were given.
                let expected = whole.diagnostics.filter { diagnostic in
                    names.contains(diagnostic.location.file) || diagnostic.related.contains { names.contains($0.file) }
                }
                #expect(scoped.diagnostics == expected)
                #expect(scoped.summary.errors == expected.filter { $0.severity == .error }.count)
                #expect(scoped.summary.warnings == expected.filter { $0.severity == .warning }.count)
                #expect(scoped.summary.files == subset.count)
                if chosen.contains(true) { #expect(!whole.diagnostics.isEmpty) }
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
