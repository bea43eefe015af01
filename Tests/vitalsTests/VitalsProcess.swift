import Foundation
import TestSupport

/// Runs the built `vitals` binary the way a person would, capturing exit code, stdout and stderr.
///
/// The environment is the test's own without `GITHUB_ACTIONS` and `VITALS_DB`, with `NO_COLOR=1`;
/// `environment` adds to or overrides that.
enum VitalsProcess {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    static var binary: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("vitals")
            }
        #endif
        return Bundle.main.bundleURL.appendingPathComponent("vitals")
    }

    /// An empty directory no test writes to, as `$XDG_CONFIG_HOME`: no settings file.
    static let isolatedConfigHome: String = {
        ProcessScratch.directory("vitals-no-config").path
    }()

    /// A directory of this test run as `$XDG_CACHE_HOME`: the compiled catalog and the demo
    /// database are cached there, never in the person's own `~/.cache`.
    static let isolatedCacheHome: String = {
        ProcessScratch.directory("vitals-test-cache").path
    }()

    /// Whether a locale value names a region with its own unit system (en_US, en_GB).
    static func choosesUnits(_ locale: String) -> Bool {
        ["_US", "_GB", "-US", "-GB", "_LR", "_MM"].contains { locale.contains($0) }
    }

    /// Runs `vitals arguments` in `directory` (default: the package root), with `input` on its
    /// standard input when given.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil,
        executable: URL? = nil, input: String? = nil
    ) throws -> Run {
        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        var env = ProcessInfo.processInfo.environment
        env["GITHUB_ACTIONS"] = nil
        env["VITALS_DB"] = nil
        env["NO_COLOR"] = "1"
        // Never the person's own settings file, $VITALS_UNITS or a US/UK locale: a test that
        // wants one passes it in `environment`.
        env["XDG_CONFIG_HOME"] = isolatedConfigHome
        env["XDG_CACHE_HOME"] = isolatedCacheHome
        env["VITALS_NO_CACHE"] = nil
        env["VITALS_UNITS"] = nil
        env["LC_MEASUREMENT"] = nil
        for name in ["LC_ALL", "LANG"] where env[name].map(Self.choosesUnits) == true { env[name] = "C.UTF-8" }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = input.map { _ in Pipe() }
        if let stdin { process.standardInput = stdin }
        try process.run()
        if let stdin, let input {
            // Written on a thread of its own: the process may answer before it has read it all.
            let handle = stdin.fileHandleForWriting
            let bytes = Data(input.utf8)
            Thread {
                try? handle.write(contentsOf: bytes)
                try? handle.close()
            }.start()
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}

extension VitalsProcess {
    /// Writes a minimal Apple Health export (`export.xml` in `directory`) holding `body` (the
    /// elements after `ExportDate`, one per line) and imports it into `db` quietly.
    static func importExport(_ body: String, in directory: URL, db: String) throws -> Run {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_GB">
             <ExportDate value="2026-06-14 21:00:00 +0200"/>
            \(body)</HealthData>

            """
        let file = directory.appendingPathComponent("export.xml")
        try xml.write(to: file, atomically: true, encoding: .utf8)
        return try run(["import", "apple-health", file.path, "--db", db, "--quiet"])
    }
}
