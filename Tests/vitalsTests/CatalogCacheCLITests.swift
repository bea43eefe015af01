import Foundation
import XCTest

/// Every command's output is the same, byte for byte, whether the catalog was compiled by this
/// run, read from its compiled copy, or loaded and checked with the cache off
/// (`VITALS_NO_CACHE=1`): for the checkout's catalog and for the one built into the binary.
final class CatalogCacheCLITests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-cache-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func compiledCatalogs(_ cache: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: cache + "/vitals")) ?? []).filter {
            $0.hasPrefix("catalog-")
        }
    }

    /// Runs each command cold (fresh cache), warm, and with the cache off; all three agree.
    private func assertSameOutputs(
        _ commands: [[String]], in directory: URL? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let cache = root.appendingPathComponent("cache-\(UUID().uuidString)").path
        for arguments in commands {
            try? FileManager.default.removeItem(atPath: cache + "/vitals")
            let cold = try VitalsProcess.run(arguments, environment: ["XDG_CACHE_HOME": cache], in: directory)
            let warm = try VitalsProcess.run(arguments, environment: ["XDG_CACHE_HOME": cache], in: directory)
            let off = try VitalsProcess.run(
                arguments, environment: ["XDG_CACHE_HOME": cache, "VITALS_NO_CACHE": "1"], in: directory)
            let shown = "vitals " + arguments.joined(separator: " ")
            XCTAssertEqual(cold.status, 0, "\(shown): \(cold.stderr)", file: file, line: line)
            XCTAssertFalse(cold.stdout.isEmpty, shown, file: file, line: line)
            // The built-in catalog is announced when it is compiled: by the cold run and with
            // the cache off, not by the warm run that reads the compiled copy.
            let unannounced = cold.stderr.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.contains("using the catalog built into vitals") }.joined(separator: "\n")
            for (name, run, stderr) in [("warm", warm, unannounced), ("cache off", off, cold.stderr)] {
                XCTAssertEqual(run.status, cold.status, "\(shown) (\(name)): exit code", file: file, line: line)
                XCTAssertEqual(run.stdout, cold.stdout, "\(shown) (\(name)): stdout differs", file: file, line: line)
                XCTAssertEqual(run.stderr, stderr, "\(shown) (\(name)): stderr differs", file: file, line: line)
            }
        }
        XCTAssertEqual(
            compiledCatalogs(cache).count, 1, "the warm runs did not find the compiled catalog", file: file, line: line)
    }

    func testTheCheckoutsCatalogRendersTheSameFromItsCompiledCopy() throws {
        let db = root.appendingPathComponent("demo.sqlite").path
        _ = try VitalsProcess.run(["demo", "--db", db, "--as-of", "2026-11-20"])
        let view = ["--db", db, "--as-of", "2026-11-20", "--width", "80", "--color", "never"]
        try assertSameOutputs([
            ["render", "--all", "--children"] + view,
            ["render", "--all", "--format", "json"] + view,
            ["render", "protein", "sleep", "--range", "1y"] + view,
            ["tree"],
            ["foods"],
            ["entries", "--db", db, "--day", "2026-11-20"],
        ])
    }

    func testTheBuiltInCatalogRendersTheSameFromItsCompiledCopy() throws {
        let db = root.appendingPathComponent("demo.sqlite").path
        _ = try VitalsProcess.run(["demo", "--db", db, "--as-of", "2026-11-20"])
        // No screens/ or metrics/ from here up: the catalog built into the binary (a notice on stderr).
        try assertSameOutputs(
            [
                ["render", "--all", "--db", db, "--as-of", "2026-11-20", "--width", "100", "--color", "never"],
                ["tree"],
            ], in: root)
    }

    func testACatalogWithErrorsIsReportedTheSameEveryTime() throws {
        let catalog = root.appendingPathComponent("catalog")
        try FileManager.default.createDirectory(
            at: catalog.appendingPathComponent("screens"), withIntermediateDirectories: true)
        try "screens:\n  - {screen_id: SCREEN_X, name: X, pillar: nowhere}\n"
            .write(to: catalog.appendingPathComponent("screens/x.yaml"), atomically: true, encoding: .utf8)
        let cache = root.appendingPathComponent("cache").path
        var runs: [VitalsProcess.Run] = []
        for environment in [
            ["XDG_CACHE_HOME": cache], ["XDG_CACHE_HOME": cache], ["XDG_CACHE_HOME": cache, "VITALS_NO_CACHE": "1"],
        ] {
            runs.append(try VitalsProcess.run(["tree", "--catalog", catalog.path], environment: environment))
        }
        XCTAssertEqual(runs[0].status, 1, runs[0].stderr)
        XCTAssertTrue(runs[0].stderr.contains("pillar"), runs[0].stderr)
        for run in runs.dropFirst() {
            XCTAssertEqual(run.status, runs[0].status)
            XCTAssertEqual(run.stderr, runs[0].stderr)
            XCTAssertEqual(run.stdout, runs[0].stdout)
        }
        XCTAssertEqual(compiledCatalogs(cache), [], "a catalog with errors was stored")
    }

    /// `validate` always loads and checks every file (CI wants the real check): it neither
    /// reads nor writes the cache.
    func testValidateAlwaysChecksTheFiles() throws {
        let cache = root.appendingPathComponent("cache").path
        let run = try VitalsProcess.run(["validate"], environment: ["XDG_CACHE_HOME": cache])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(compiledCatalogs(cache), [])
    }
}
