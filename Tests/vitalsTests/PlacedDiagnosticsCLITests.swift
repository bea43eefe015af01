import Foundation
import XCTest

/// Findings a CI can place: every path relative to the catalog root (or, run from another
/// directory, to the git work tree holding it) in text, JSON, GitHub and SARIF alike, language
/// tables included; a duplicate id at each of its declarations, so the file a change adds is
/// annotated whichever sorts first; a language table over the size limit refused unread.
final class PlacedDiagnosticsCLITests: XCTestCase {
    private var project: URL!

    override func setUpWithError() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-placed-\(UUID().uuidString)")
        project = base.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: VitalsProcess.packageRoot.appendingPathComponent("Tests/VitalsKitTests/Fixtures/MiniCatalog"),
            to: project)
        addTeardownBlock { try? FileManager.default.removeItem(at: base) }
    }

    private func validate(_ format: String) throws -> VitalsProcess.Run {
        try VitalsProcess.run(
            ["validate", "--format", format],
            environment: ["XDG_DATA_HOME": project.appendingPathComponent("no-data").path],
            in: project)
    }

    private func write(_ text: String, to path: String) throws {
        let url = project.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func testLanguageTableFindingsAreNamedRelativeInEveryFormat() throws {
        try write("language: en\nchart.centre: centre\nchart.today: today\n", to: "languages/en.yaml")
        try write("# Deutsch\nlanguage: de\nchart.today: heute\n", to: "languages/de.yaml")
        let github = try validate("github")
        XCTAssertEqual(github.status, 1, github.stderr)
        XCTAssertTrue(github.stdout.contains("::error file=languages/de.yaml,line=2"), github.stdout)
        let sarif = try validate("sarif")
        XCTAssertEqual(sarif.status, 1, sarif.stderr)
        XCTAssertTrue(sarif.stdout.contains("\"languages/de.yaml\""), sarif.stdout)
        XCTAssertTrue(sarif.stdout.contains("\"language-table\""), "the rule is described in the run's rules")
        let text = try validate("text")
        XCTAssertTrue(text.stdout.contains("languages/de.yaml:2:1"), text.stdout)
        for run in [github, sarif, text] {
            XCTAssertFalse(run.stdout.contains(project.path), "an absolute path: \(run.stdout)")
            XCTAssertFalse(run.stdout.contains("file:///"), run.stdout)
        }
    }

    /// A new file declaring an id the untouched one has, sorting before it: both are annotated,
    /// each naming the other.
    func testADuplicateIDIsAnnotatedAtEachDeclaration() throws {
        try write(
            """
            metrics:
              - display_metric_id: STEPS_DAILY
                display_screen_id: SCREEN_STEPS
                display_name: Steps again
                chart_type_id: line
                series: steps
                aggregate: sum
                bucket: day

            """, to: "metrics/added.yaml")
        let run = try validate("github")
        XCTAssertEqual(run.status, 1, run.stderr)
        let duplicates = run.stdout.split(separator: "\n").filter { $0.contains("duplicate metric id 'STEPS_DAILY'") }
        XCTAssertEqual(duplicates.count, 2, run.stdout)
        XCTAssertTrue(
            duplicates.contains {
                $0.hasPrefix("::error file=metrics/added.yaml,line=2")
                    && $0.contains("declared again at metrics/steps.yaml:2")
            },
            run.stdout)
        XCTAssertTrue(
            duplicates.contains {
                $0.hasPrefix("::error file=metrics/steps.yaml,line=2")
                    && $0.contains("first declared at metrics/added.yaml:2")
            },
            run.stdout)
    }

    /// A table over 4 MB (100 MB, sparse) is refused by its size, quickly, never parsed.
    func testAHundredMegabyteLanguageTableIsRefusedUnread() throws {
        let path = project.appendingPathComponent("languages/nl.yaml").path
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("language: nl\nname: \"".utf8)))
        XCTAssertEqual(truncate(path, 100 << 20), 0)
        let started = Date()
        let run = try validate("text")
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("languages/nl.yaml"), run.stdout)
        XCTAssertTrue(run.stdout.contains("100.0 MB") && run.stdout.contains("limited to 4 MB"), run.stdout)
    }

    /// `--catalog /abs/project` from another directory (a CI step's): every format names the
    /// files as a run in the root does, never by an absolute path or a `file://` URI.
    func testEveryFormatNamesFilesRelativeToTheCatalogRootFromAnotherDirectory() throws {
        try write("language: en\nchart.centre: centre\nchart.today: today\n", to: "languages/en.yaml")
        try write("# Deutsch\nlanguage: de\nchart.today: heute\n", to: "languages/de.yaml")
        try write(
            "metrics:\n  - display_metric_id: STEPS_DAILY\n    display_screen_id: SCREEN_STEPS\n",
            to: "metrics/added.yaml")
        let elsewhere = project.deletingLastPathComponent().appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        for format in ["text", "json", "github", "sarif"] {
            let inRoot = try validate(format)
            let run = try VitalsProcess.run(
                ["validate", "--catalog", project.path, "--format", format],
                environment: ["XDG_DATA_HOME": project.appendingPathComponent("no-data").path], in: elsewhere)
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertEqual(run.stdout, inRoot.stdout, "\(format): named as in the catalog root")
            XCTAssertTrue(
                run.stdout.contains("languages/de.yaml") && run.stdout.contains("metrics/added.yaml"), run.stdout)
            XCTAssertFalse(run.stdout.contains(project.path), "\(format), an absolute path: \(run.stdout)")
            XCTAssertFalse(run.stdout.contains("file://"), run.stdout)
        }
    }

    /// Run from `screens/` of the catalog: a finding in `screens/` and one in `metrics/` are named
    /// the one way, from the catalog root, in every format (not `broken.yaml` beside
    /// `metrics/added.yaml`), exactly as a run in the root names them.
    func testARunFromACatalogSubdirectoryNamesEveryFileFromTheRoot() throws {
        try write("screens:\n  - display_screen_id: [\n", to: "screens/broken.yaml")
        try write(
            "metrics:\n  - display_metric_id: STEPS_DAILY\n    display_screen_id: SCREEN_STEPS\n",
            to: "metrics/added.yaml")
        for format in ["text", "json", "github", "sarif"] {
            let inRoot = try validate(format)
            let run = try VitalsProcess.run(
                ["validate", "--format", format],
                environment: ["XDG_DATA_HOME": project.appendingPathComponent("no-data").path],
                in: project.appendingPathComponent("screens"))
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertTrue(
                run.stdout.contains("screens/broken.yaml") && run.stdout.contains("metrics/added.yaml"), run.stdout)
            XCTAssertEqual(run.stdout, inRoot.stdout, "\(format): named as in the catalog root")
            XCTAssertFalse(run.stdout.contains(project.path), "\(format), an absolute path: \(run.stdout)")
        }
    }
}
