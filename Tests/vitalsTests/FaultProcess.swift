import Foundation
import XCTest

/// Runs `vitals` for the fault tests: standard output sent where the test says (`/dev/full`, a
/// closed pipe, a file), a deadline after which the process is killed (a hang is a failure,
/// not a stuck suite), and the same isolated environment as `VitalsProcess`.
enum FaultProcess {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Whether the deadline passed and the process was killed.
        var timedOut: Bool
        var reason: Process.TerminationReason
    }

    enum Output {
        case pipe
        case file(String)
        /// A pipe whose reading end is closed before the process starts.
        case closedPipe
    }

    static func environment(_ extra: [String: String]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["GITHUB_ACTIONS"] = nil
        env["VITALS_DB"] = nil
        env["NO_COLOR"] = "1"
        env["XDG_CONFIG_HOME"] = VitalsProcess.isolatedConfigHome
        env["XDG_CACHE_HOME"] = VitalsProcess.isolatedCacheHome
        env["VITALS_NO_CACHE"] = nil
        env["VITALS_UNITS"] = nil
        env["LC_MEASUREMENT"] = nil
        for name in ["LC_ALL", "LANG"] where env[name].map(VitalsProcess.choosesUnits) == true { env[name] = "C.UTF-8" }
        for (key, value) in extra { env[key] = value }
        return env
    }

    /// Runs `executable` (default: the built `vitals`) with `arguments`.
    static func run(
        _ arguments: [String], environment extra: [String: String] = [:], stdout output: Output = .pipe,
        stdin: FileHandle? = nil, in directory: URL? = nil, executable: URL? = nil,
        timeout: TimeInterval = 60
    ) throws -> Run {
        let process = Process()
        process.executableURL = executable ?? VitalsProcess.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? VitalsProcess.packageRoot
        process.environment = environment(extra)
        let out = Pipe()
        let err = Pipe()
        switch output {
        case .pipe: process.standardOutput = out
        case .file(let path): process.standardOutput = FileHandle(forWritingAtPath: path)
        case .closedPipe:
            try out.fileHandleForReading.close()
            process.standardOutput = out
        }
        process.standardError = err
        if let stdin { process.standardInput = stdin }
        try process.run()
        if case .closedPipe = output { try? out.fileHandleForWriting.close() }
        let deadline = Date().addingTimeInterval(timeout)
        nonisolated(unsafe) var stdoutData = Data()
        nonisolated(unsafe) var stderrData = Data()
        let group = DispatchGroup()
        if case .pipe = output {
            group.enter()
            DispatchQueue.global().async {
                stdoutData = out.fileHandleForReading.readDataToEndOfFile()
                group.leave()
            }
        }
        group.enter()
        DispatchQueue.global().async {
            stderrData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        var timedOut = false
        while process.isRunning {
            if Date() > deadline {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        process.waitUntilExit()
        _ = group.wait(timeout: .now() + 10)
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
            stderr: String(decoding: stderrData, as: UTF8.self), timedOut: timedOut, reason: process.terminationReason)
    }

    /// A fresh directory for one test, removed afterwards.
    static func scratch(_ test: XCTestCase, _ name: String = "faults") -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-\(name)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    static func mode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
    }
}
