import Foundation
import XCTest

/// `vitals diff` end to end on `CatalogFixture`: two directories, and a git repository with
/// two commits, drawn on the demo data as of one day.
final class DiffCLITests: XCTestCase {
    static let asOf = "2026-11-20"
    static let raisedTarget = CatalogFixture.edited("metrics/steps.yaml", "value: 8000", "value: 10000")

    private func directories(new changes: [String: String?]) throws -> (root: URL, old: URL, new: URL) {
        let root = FaultProcess.scratch(self, "diff")
        let old = root.appendingPathComponent("old")
        let new = root.appendingPathComponent("new")
        try CatalogFixture.write(to: old)
        try CatalogFixture.write(to: new, replacing: changes)
        return (root, old, new)
    }

    private func diff(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws
        -> VitalsProcess.Run
    {
        try VitalsProcess.run(["diff"] + arguments + ["--as-of", Self.asOf], environment: environment, in: directory)
    }

    private func json(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try XCTUnwrap(value as? [String: Any], "not a JSON object: \(text)", file: file, line: line)
    }

    /// Every number of a `vitals render --format json` document, found by walking it here (not
    /// by vitals' own paths), as `(structural path, value)`.
    private func renderedNumbers(catalog: URL, screen: String, in directory: URL) throws -> [String: Double] {
        let run = try VitalsProcess.run(
            [
                "render", screen, "--catalog", catalog.path, "--format", "json", "--width", "80",
                "--as-of", Self.asOf,
            ], in: directory)
        XCTAssertEqual(run.status, 0, run.stderr)
        var found: [String: Double] = [:]
        func walk(_ value: Any, _ path: String) {
            if let number = value as? NSNumber {
                // true and false are numbers to JSONSerialization ("c", a C char); vitals' JSON has them as booleans.
                if String(cString: number.objCType) != "c" { found[path] = number.doubleValue }
            } else if let object = value as? [String: Any] {
                for (key, child) in object { walk(child, path + "/" + key) }
            } else if let array = value as? [Any] {
                for (index, child) in array.enumerated() { walk(child, path + "/\(index)") }
            }
        }
        walk(try json(run.stdout), "")
        return found
    }

    func testARaisedTargetMovesTheNumbersByWhatRenderShows() throws {
        let (root, old, new) = try directories(new: ["metrics/steps.yaml": Self.raisedTarget])
        let run = try diff(["--against", old.path, "--catalog", new.path, "--format", "json"], in: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        let report = try json(run.stdout)
        let screens = try XCTUnwrap(report["screens"] as? [[String: Any]])
        XCTAssertEqual(screens.map { $0["screen_id"] as? String }, ["SCREEN_STEPS"], "only Steps reads the target")
        XCTAssertEqual(screens[0]["status"] as? String, "changed")
        let numbers = try XCTUnwrap(screens[0]["numbers"] as? [[String: Any]])

        // The same numbers, from two renders compared here: every number that differs, by value.
        let before = try renderedNumbers(catalog: old, screen: "steps", in: root)
        let after = try renderedNumbers(catalog: new, screen: "steps", in: root)
        XCTAssertEqual(Set(before.keys), Set(after.keys), "the target moves values, not the document's shape")
        let expected = before.keys.filter { before[$0] != after[$0] }.map { "\(before[$0]!) → \(after[$0]!)" }.sorted()
        let reported = numbers.map { "\(($0["old"] as? Double)!) → \(($0["new"] as? Double)!)" }.sorted()
        XCTAssertEqual(reported, expected)
        XCTAssertFalse(expected.isEmpty)
        for number in numbers {
            let old = try XCTUnwrap(number["old"] as? Double)
            let new = try XCTUnwrap(number["new"] as? Double)
            XCTAssertEqual(try XCTUnwrap(number["delta"] as? Double), new - old, accuracy: 1e-6, "\(number)")
        }
        XCTAssertTrue(
            numbers.contains {
                $0["path"] as? String == "chart STEPS_DAILY › target.value" && $0["delta"] as? Double == 2000
            },
            "\(numbers)")
        // The YAML change behind it, at its line in the new catalog.
        let causes = try XCTUnwrap(screens[0]["causes"] as? [[String: Any]])
        XCTAssertEqual(causes.count, 1)
        let key = try XCTUnwrap((causes[0]["keys"] as? [[String: Any]])?.first)
        XCTAssertEqual(key["key"] as? String, "target.value")
        XCTAssertEqual(key["old"] as? String, "8000")
        XCTAssertEqual(key["new"] as? String, "10000")
        XCTAssertEqual(key["line"] as? Double, Double(CatalogFixture.line(of: "value: 10000", in: Self.raisedTarget)))
        XCTAssertTrue((key["file"] as? String)?.hasSuffix("new/metrics/steps.yaml") == true, "\(key)")
        XCTAssertEqual((report["summary"] as? [String: Any])?["numbers_changed"] as? Bool, true)
        let again = try diff(["--against", old.path, "--catalog", new.path, "--format", "json"], in: root)
        XCTAssertEqual(again.stdout, run.stdout, "the same catalogs give the same report, byte for byte")

        // The text format says the same in words, with a unified diff of the drawn screen.
        let text = try diff(["--against", old.path, "--catalog", new.path], in: root)
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("~ SCREEN_STEPS (Steps): changed"), text.stdout)
        XCTAssertTrue(text.stdout.contains("STEPS_DAILY target.value: 8000 → 10000"), text.stdout)
        XCTAssertTrue(text.stdout.contains("-Steps per day") && text.stdout.contains("+Steps per day"), text.stdout)
        XCTAssertTrue(text.stdout.contains("target ≥ 10000"), text.stdout)
    }

    func testScreensAddedAndRemoved() throws {
        let screens = CatalogFixture.edited("screens/core_care.yaml", "SCREEN_WEIGHT", "SCREEN_BODY_WEIGHT")
        let weight = CatalogFixture.edited("metrics/weight.yaml", "SCREEN_WEIGHT", "SCREEN_BODY_WEIGHT")
        let (root, old, new) = try directories(new: ["screens/core_care.yaml": screens, "metrics/weight.yaml": weight])
        let run = try diff(["--against", old.path, "--catalog", new.path, "--format", "json"], in: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        let listed = try XCTUnwrap(try json(run.stdout)["screens"] as? [[String: Any]])
        XCTAssertEqual(
            listed.map { "\($0["screen_id"]!) \($0["status"]!)" },
            ["SCREEN_BODY_WEIGHT added", "SCREEN_WEIGHT removed"])
        let summary = try XCTUnwrap(try json(run.stdout)["summary"] as? [String: Any])
        XCTAssertEqual(summary["unchanged"] as? Double, 1)
    }

    func testAChangeThatDrawsNothingDifferentReportsNothing() throws {
        // A series' description and a child's About text the primary's screen does not show.
        let series = CatalogFixture.edited(
            "metrics/series.yaml", "Steps counted by a phone or watch.", "Steps, as counted.")
        let (root, old, new) = try directories(new: ["metrics/series.yaml": series])
        let run = try diff(["--against", old.path, "--catalog", new.path, "--fail-on-change"], in: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("no screen is drawn differently (2 alike)"), run.stdout)
        XCTAssertFalse(run.stdout.contains("SCREEN_"), run.stdout)
        let json = try json(
            try diff(["--against", old.path, "--catalog", new.path, "--format", "json"], in: root).stdout)
        XCTAssertEqual((json["screens"] as? [Any])?.count, 0)
        XCTAssertEqual((json["entry_changes"] as? [Any])?.count, 1, "the change itself is still listed")
    }

    func testFailOnNumbersAndOnChangeExitOne() throws {
        let (root, old, new) = try directories(new: ["metrics/steps.yaml": Self.raisedTarget])
        for flags in [["--fail-on-change"], ["--fail-on", "numbers"], ["--fail-on", "changes"]] {
            let run = try diff(["--against", old.path, "--catalog", new.path] + flags, in: root)
            XCTAssertEqual(run.status, 1, "\(flags): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("(--fail-on"), run.stderr)
        }
        // A text-only change (a title) fails --fail-on changes but not --fail-on numbers.
        let title = CatalogFixture.edited("metrics/weight.yaml", "display_name: Weight", "display_name: Body weight")
        let (root2, old2, new2) = try directories(new: ["metrics/weight.yaml": title])
        XCTAssertEqual(
            try diff(["--against", old2.path, "--catalog", new2.path, "--fail-on", "numbers"], in: root2).status, 0)
        XCTAssertEqual(
            try diff(["--against", old2.path, "--catalog", new2.path, "--fail-on", "changes"], in: root2).status, 1)
    }

    func testBrokenYAMLOnEitherSideExitsTwoNamingFileAndLine() throws {
        let broken = CatalogFixture.edited(
            "metrics/steps.yaml", "chart_type_id: bar_vertical", "chart_type_id: [bar_vertical")
        let (root, old, new) = try directories(new: ["metrics/steps.yaml": broken])
        let run = try diff(["--against", old.path, "--catalog", new.path], in: root)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(run.stderr.contains("new/metrics/steps.yaml:"), run.stderr)
        XCTAssertTrue(run.stderr.contains(": error: "), run.stderr)
        XCTAssertTrue(run.stderr.contains("vitals: error: the catalog"), run.stderr)
        // The old side broken: named by its directory.
        let reversed = try diff(["--against", new.path, "--catalog", old.path], in: root)
        XCTAssertEqual(reversed.status, 2)
        XCTAssertTrue(reversed.stderr.contains("new/metrics/steps.yaml:"), reversed.stderr)
    }

    // MARK: git

    private func git(_ arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["git", "-c", "user.name=Test", "-c", "user.email=test@example.org", "-c", "commit.gpgsign=false"]
            + arguments
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "git \(arguments)")
    }

    /// A repository whose catalog is in `catalog/`: the fixture, then a commit with `changes`.
    private func repository(_ changes: [String: String?]) throws -> (root: URL, catalog: URL) {
        let root = FaultProcess.scratch(self, "diff-git")
        let catalog = root.appendingPathComponent("catalog")
        try git(["init", "-q"], in: root)
        try CatalogFixture.write(to: catalog)
        try git(["add", "-A"], in: root)
        try git(["commit", "-q", "-m", "fixture"], in: root)
        try CatalogFixture.write(to: catalog, replacing: changes)
        for (name, text) in changes where text == nil {
            try FileManager.default.removeItem(at: catalog.appendingPathComponent(name))
        }
        try git(["add", "-A"], in: root)
        try git(["commit", "-q", "-m", "change"], in: root)
        return (root, catalog)
    }

    func testGitRevisionWithGitHubAnnotationsOnTheChangedLines() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/git") else {
            throw XCTSkip("git is not installed")
        }
        let (root, catalog) = try repository(["metrics/steps.yaml": Self.raisedTarget])
        let summary = root.appendingPathComponent("summary.md")
        let run = try diff(["HEAD~1", "--format", "github", "--summary", summary.path], in: catalog)
        XCTAssertEqual(run.status, 0, run.stderr)
        let line = CatalogFixture.line(of: "value: 10000", in: Self.raisedTarget)
        let annotations = run.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
        XCTAssertEqual(annotations.count, 1, run.stdout)
        guard annotations.count == 1 else { return }
        XCTAssertTrue(
            annotations[0].hasPrefix("::warning file=metrics/steps.yaml,line=\(line),title=vitals diff::"), run.stdout)
        XCTAssertTrue(annotations[0].contains("STEPS_DAILY target.value 8000 → 10000"), run.stdout)
        let markdown = try String(contentsOf: summary, encoding: .utf8)
        XCTAssertTrue(markdown.hasPrefix("## vitals diff: `HEAD~1` → `working tree`"), markdown)
        XCTAssertTrue(markdown.contains("<details><summary>Drawn before and after (diff)</summary>"), markdown)
        XCTAssertTrue(markdown.contains("| chart STEPS\\_DAILY › target.value | 8000 | 10000 | +2000 |"), markdown)
        XCTAssertEqual(FaultProcess.mode(summary.path), 0o600)
        // $GITHUB_STEP_SUMMARY is appended to, as GitHub's other steps do.
        let stepSummary = root.appendingPathComponent("step-summary.md")
        try "earlier step\n".write(to: stepSummary, atomically: false, encoding: .utf8)
        let appended = try diff(
            ["HEAD~1", "--format", "github"], in: catalog, environment: ["GITHUB_STEP_SUMMARY": stepSummary.path])
        XCTAssertEqual(appended.status, 0, appended.stderr)
        let both = try String(contentsOf: stepSummary, encoding: .utf8)
        XCTAssertTrue(both.hasPrefix("earlier step\n## vitals diff:"), both)
        XCTAssertFalse(appended.stdout.contains("## vitals diff"), "the summary goes to the file only")
    }

    func testGitRevisionErrorsExitTwo() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/git") else {
            throw XCTSkip("git is not installed")
        }
        let broken = CatalogFixture.edited("metrics/weight.yaml", "aggregate: first", "aggregate: [first")
        let (root, catalog) = try repository(["metrics/weight.yaml": broken])
        // HEAD~1 is fine but the working tree (HEAD) is broken; and a revision that is broken.
        let fixed = try diff(["HEAD~1"], in: catalog)
        XCTAssertEqual(fixed.status, 2)
        let line = CatalogFixture.line(of: "aggregate: [first", in: broken)
        XCTAssertTrue(
            fixed.stderr.contains("\nmetrics/weight.yaml:") || fixed.stderr.hasPrefix("metrics/weight.yaml:"),
            fixed.stderr)
        XCTAssertTrue(fixed.stderr.contains("flow sequence at line \(line),"), fixed.stderr)
        XCTAssertTrue(fixed.stderr.contains("the catalog working tree has 2 errors"), fixed.stderr)
        try CatalogFixture.write(to: catalog)  // the working tree repaired; HEAD still broken
        let oldBroken = try diff(["HEAD"], in: catalog)
        XCTAssertEqual(oldBroken.status, 2)
        XCTAssertTrue(oldBroken.stderr.contains("HEAD:catalog/metrics/weight.yaml:"), oldBroken.stderr)
        XCTAssertTrue(oldBroken.stderr.contains("flow sequence at line \(line),"), oldBroken.stderr)
        XCTAssertTrue(oldBroken.stderr.contains("the catalog HEAD has 2 errors"), oldBroken.stderr)

        let unknown = try diff(["no-such-branch"], in: catalog)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("unknown git revision 'no-such-branch'"), unknown.stderr)
        let option = try diff(["--", "--output=/tmp/x"], in: catalog)
        XCTAssertEqual(option.status, 2, option.stderr)

        let noGit = try diff(["HEAD~1"], in: catalog, environment: ["PATH": "/nonexistent"])
        XCTAssertEqual(noGit.status, 2)
        XCTAssertTrue(noGit.stderr.contains("needs git, which was not found"), noGit.stderr)

        let outside = FaultProcess.scratch(self, "diff-no-git")
        try CatalogFixture.write(to: outside)
        let notGit = try diff(
            ["HEAD"], in: outside, environment: ["GIT_CEILING_DIRECTORIES": outside.deletingLastPathComponent().path])
        XCTAssertEqual(notGit.status, 2)
        XCTAssertTrue(notGit.stderr.contains("is not in a git repository"), notGit.stderr)
    }

    func testHTMLShowsEachChangedScreenBeforeAndAfter() throws {
        let (root, old, new) = try directories(new: ["metrics/steps.yaml": Self.raisedTarget])
        let run = try diff(["--against", old.path, "--catalog", new.path, "--format", "html"], in: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("<!DOCTYPE html>"))
        let pair = try XCTUnwrap(run.stdout.range(of: "<div class=\"diff-pair\">"))
        let sides = run.stdout[pair.upperBound...]
        XCTAssertEqual(sides.components(separatedBy: "<svg").count - 1 >= 2, true, "an SVG chart on each side")
        XCTAssertTrue(sides.contains("before: ") && sides.contains("after: "))
        XCTAssertFalse(run.stdout.contains("http:"), "nothing outside the page")
    }
}
