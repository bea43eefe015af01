import Foundation
import XCTest

/// The pull request that adds `metrics/environ.yaml -> /proc/self/environ` (and a `dotenv`
/// link to a file beside the catalog): `validate`, `render` and `diff` — on the work tree, on
/// a git revision and with `--against` — name the link and print nothing of what it points to.
final class CatalogLinkCLITests: XCTestCase {
    private let secret = "AWS_SECRET_ACCESS_KEY=link-\(UUID().uuidString)"
    private let asOf = "2026-11-20"

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

    /// The fixture catalog in `root/catalog`, with the two links, and the secret in `root/.env`.
    private func linkedCatalog(in root: URL) throws -> URL {
        let catalog = root.appendingPathComponent("catalog")
        try CatalogFixture.write(to: catalog)
        try "pillars: [{pillar_id: leaked, name: \"\(secret)\", colour: x}]\n"
            .write(to: root.appendingPathComponent(".env"), atomically: true, encoding: .utf8)
        let fm = FileManager.default
        try fm.createSymbolicLink(
            atPath: catalog.appendingPathComponent("metrics/environ.yaml").path,
            withDestinationPath: "/proc/self/environ")
        try fm.createSymbolicLink(
            atPath: catalog.appendingPathComponent("metrics/dotenv.yaml").path, withDestinationPath: "../../.env")
        return catalog
    }

    private func assertNothingLeaks(
        _ run: VitalsProcess.Run, _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let output = run.stdout + run.stderr
        XCTAssertFalse(output.contains(secret), "\(what) printed the linked file:\n\(output)", file: file, line: line)
        XCTAssertFalse(
            output.contains("VITALS_LINK_TEST="), "\(what) printed the environment:\n\(output)", file: file, line: line)
        XCTAssertTrue(
            output.contains("environ.yaml") && output.contains("links outside the catalog"), "\(what):\n\(output)",
            file: file, line: line)
        XCTAssertTrue(output.contains("dotenv.yaml"), "\(what):\n\(output)", file: file, line: line)
    }

    private var environment: [String: String] { ["VITALS_LINK_TEST": secret] }

    func testTheWorkTreeRefusesTheLinksInEveryFormat() throws {
        guard FileManager.default.fileExists(atPath: "/proc/self/environ") else { throw XCTSkip("no /proc") }
        let catalog = try linkedCatalog(in: FaultProcess.scratch(self, "links"))
        // A language table linked out of the catalog, too (validate reads languages/).
        try FileManager.default.createDirectory(
            at: catalog.appendingPathComponent("languages"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: catalog.appendingPathComponent("languages/nl.yaml").path, withDestinationPath: "../../.env")
        let text = try VitalsProcess.run(["validate"], environment: environment, in: catalog)
        XCTAssertTrue(
            text.stdout.contains("languages/nl.yaml:1:1: error: the file links outside the catalog"), text.stdout)
        for format in ["text", "github", "json", "sarif"] {
            let run = try VitalsProcess.run(["validate", "--format", format], environment: environment, in: catalog)
            XCTAssertEqual(run.status, 1, run.stderr)
            if format == "json" || format == "sarif" {
                // Named in the data, not said in words: the file is there, the text is not.
                XCTAssertFalse((run.stdout + run.stderr).contains(secret), run.stdout)
                XCTAssertTrue(run.stdout.contains("environ.yaml") && run.stdout.contains("dotenv.yaml"), run.stdout)
            } else {
                assertNothingLeaks(run, "validate --format \(format)")
            }
        }
        let render = try VitalsProcess.run(["render", "--all", "--as-of", asOf], environment: environment, in: catalog)
        assertNothingLeaks(render, "render")
    }

    func testDiffRefusesTheLinksInTheWorkTreeARevisionAndAnotherDirectory() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/git") else {
            throw XCTSkip("git is not installed")
        }
        guard FileManager.default.fileExists(atPath: "/proc/self/environ") else { throw XCTSkip("no /proc") }
        let root = FaultProcess.scratch(self, "links-git")
        try git(["init", "-q"], in: root)
        try CatalogFixture.write(to: root.appendingPathComponent("catalog"))
        try git(["add", "-A"], in: root)
        try git(["commit", "-q", "-m", "fixture"], in: root)
        // The pull request: the links committed (git keeps them as links).
        let catalog = try linkedCatalog(in: root)
        try git(["add", "catalog"], in: root)
        try git(["commit", "-q", "-m", "links"], in: root)

        let workTree = try VitalsProcess.run(
            ["diff", "HEAD~1", "--format", "github", "--as-of", asOf], environment: environment, in: catalog)
        XCTAssertEqual(workTree.status, 2, workTree.stderr)
        assertNothingLeaks(workTree, "diff HEAD~1 (the work tree)")

        // The revision with the links against a work tree without them.
        for name in ["environ.yaml", "dotenv.yaml"] {
            try FileManager.default.removeItem(at: catalog.appendingPathComponent("metrics/" + name))
        }
        let revision = try VitalsProcess.run(
            ["diff", "HEAD", "--format", "github", "--as-of", asOf], environment: environment, in: catalog)
        XCTAssertEqual(revision.status, 2, revision.stderr)
        assertNothingLeaks(revision, "diff HEAD (the revision)")
        XCTAssertTrue(revision.stdout.contains("file=HEAD%3Acatalog/metrics/environ.yaml"), revision.stdout)

        let other = try linkedCatalog(in: FaultProcess.scratch(self, "links-other"))
        let against = try VitalsProcess.run(
            ["diff", "--against", other.path, "--format", "github", "--as-of", asOf],
            environment: environment, in: catalog)
        XCTAssertEqual(against.status, 2, against.stderr)
        assertNothingLeaks(against, "diff --against")
    }
}
