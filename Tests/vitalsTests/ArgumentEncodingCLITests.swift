import Foundation
import XCTest

/// An argument that is not UTF-8 (a Latin-1 file name) is refused, exit 2, with its bytes
/// shown, instead of becoming U+FFFD and naming some other file.
final class ArgumentEncodingCLITests: XCTestCase {
    /// Runs `vitals` with `arguments` as a shell's `printf` writes them (so they can hold any byte).
    private func run(printf arguments: [String], in directory: URL) throws -> VitalsProcess.Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let words = arguments.map { "\"$(printf '\($0)')\"" }.joined(separator: " ")
        process.arguments = ["-c", "exec \"$0\" " + words, VitalsProcess.binary.path]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = VitalsProcess.isolatedConfigHome
        environment["XDG_CACHE_HOME"] = VitalsProcess.isolatedCacheHome
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return VitalsProcess.Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    func testANonUTF8PathIsRefusedWithItsBytes() throws {
        let scratch = FaultProcess.scratch(self, "argument-bytes")
        try CatalogFixture.write(to: scratch)
        // A file whose name is U+FFFD: what the repaired argument would have named.
        try "pillars: []\n".write(
            to: scratch.appendingPathComponent("metrics/caf\u{FFFD}.yaml"), atomically: true, encoding: .utf8)
        let refused = try run(printf: ["validate", "metrics/caf\\351.yaml"], in: scratch)
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("argument 2 is not UTF-8 text: metrics/caf\\xE9.yaml"), refused.stderr)
        XCTAssertEqual(refused.stdout, "")
        let export = try run(printf: ["export", "csv", "-o", "out\\377.csv"], in: scratch)
        XCTAssertEqual(export.status, 2, export.stderr)
        XCTAssertTrue(export.stderr.contains("argument 4 is not UTF-8 text: out\\xFF.csv"), export.stderr)
        // UTF-8 that is not ASCII is fine.
        let accepted = try run(printf: ["validate", "metrics/caf\u{FFFD}.yaml"], in: scratch)
        XCTAssertEqual(accepted.status, 0, accepted.stderr)
    }
}
