import Foundation
import TestSupport
import XCTest

/// `vitals lsp` driven by real clients over stdio: the pytest-lsp suite (Tests/lsp, each case a
/// message and the exact answer) and Neovim's built-in client opening a broken catalog file.
/// Each skips when its client is not installed (.ci/run installs both).
final class LanguageServerClientTests: XCTestCase {
    private var scratch: URL?

    override func tearDown() {
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
        super.tearDown()
    }

    /// A directory of the test's own, removed afterwards.
    private func makeScratch(_ name: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        scratch = directory
        return directory
    }

    /// Runs `executable` to its end (at most `timeout`), its output kept in a file of `scratch`.
    private func run(
        _ executable: String, _ arguments: [String], environment: [String: String], in directory: URL,
        scratch: URL, timeout: TimeInterval = 240
    ) throws -> (status: Int32, output: String) {
        let log = scratch.appendingPathComponent("output.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    func testThePytestLSPSuitePasses() throws {
        let python = try OptionalTool.require(.pytestLSP)
        let directory = try makeScratch("pytest-lsp")
        let result = try run(
            python, ["-m", "pytest", "Tests/lsp", "-p", "no:cacheprovider"],
            environment: [
                "VITALS_BIN": VitalsProcess.binary.path, "PYTHONDONTWRITEBYTECODE": "1",
                "TMPDIR": directory.path,
            ],
            in: VitalsProcess.packageRoot, scratch: directory)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains(" passed"), result.output)
        XCTAssertFalse(result.output.contains("skipped"), result.output)
    }

    func testNeovimShowsTheDiagnosticOfABrokenCatalogFile() throws {
        let nvim = try OptionalTool.require(.neovim)
        let directory = try makeScratch("nvim")
        let catalog = directory.appendingPathComponent("catalog")
        try FileManager.default.copyItem(
            at: VitalsProcess.packageRoot.appendingPathComponent("Tests/Fixtures/LSP/catalog"), to: catalog)
        let file = catalog.appendingPathComponent("metrics/fiber.yaml")
        let broken = try String(contentsOf: file, encoding: .utf8)
            .replacingOccurrences(of: "chart_type_id: bar_vertical", with: "chart_type_id: bar_vertcal")
        try broken.write(to: file, atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("diagnostics.txt")
        let script = VitalsProcess.packageRoot.appendingPathComponent("Tests/lsp/neovim_diagnostics.lua").path
        let result = try run(
            nvim, ["--headless", "--clean", "-c", "luafile \(script)"],
            environment: [
                "VITALS_BIN": VitalsProcess.binary.path, "CATALOG": catalog.path, "FILE": file.path, "OUT": out.path,
                "XDG_DATA_HOME": directory.path, "XDG_STATE_HOME": directory.path, "XDG_CACHE_HOME": directory.path,
                "XDG_CONFIG_HOME": directory.path, "NO_COLOR": "1",
            ], in: directory, scratch: directory, timeout: 90)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(
            try String(contentsOf: out, encoding: .utf8),
            "5:20 1 unknown-chart-type unknown chart_type_id 'bar_vertcal'; did you mean 'bar_vertical'?\n")
    }
}
