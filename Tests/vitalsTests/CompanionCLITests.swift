import Foundation
@testable import VitalsCLI
import XCTest

/// What `vitals` hands to a companion executable (`CompanionExecutable`): its commands, help on
/// them, the whole command tree; nothing else.
final class CompanionServesTests: XCTestCase {
    func testTheCompanionServesItsCommandsAndTheWholeTreeOnly() {
        let companion = CompanionExecutable.postgres
        for arguments in [["push", "--to", "postgres://x"], ["catalog", "push"], ["help", "grant"], [], ["help"], ["--help"],
                          ["-h"], ["--help", "-h"], ["--experimental-dump-help"], ["--generate-completion-script", "bash"]] {
            XCTAssertTrue(companion.serves(arguments), "\(arguments)")
        }
        for arguments in [["render", "protein"], ["render", "push"], ["help", "render"], ["--version"], ["log", "grant", "1"],
                          ["render", "--help"], ["--help", "render"]] {
            XCTAssertFalse(companion.serves(arguments), "\(arguments)")
        }
    }

    func testALocationOfItsSchemesIsSeenBeforeAnythingRuns() {
        let companion = CompanionExecutable.postgres
        let url = "postgres://ann@db.example/health"
        func serves(_ arguments: [String], _ environment: [String: String] = [:], configured: String? = nil) -> Bool {
            companion.servesLocation(in: arguments, environment: environment, configured: { configured })
        }
        XCTAssertTrue(serves(["render", "protein", "--db", url]))
        XCTAssertTrue(serves(["render", "protein", "--db=" + url]))
        XCTAssertTrue(serves(["validate", "--catalog", "POSTGRESQL://db.example/c"]))
        XCTAssertTrue(serves(["render", "protein"], ["VITALS_DB": url]))
        XCTAssertTrue(serves(["render", "protein"], configured: url))
        XCTAssertFalse(serves(["render", "protein"]))
        XCTAssertFalse(serves(["render", "protein", "--db", "/tmp/h.sqlite"], configured: url), "--db wins over the file")
        XCTAssertFalse(serves(["render", "protein"], ["VITALS_DB": "/tmp/h.sqlite"], configured: url), "$VITALS_DB wins over the file")
        XCTAssertFalse(serves(["render", "--db", "mysql://db.example/x"]))
        XCTAssertFalse(serves(["log", "note", "--note", "postgres:/not-a-url"]))
    }

    func testTheStandInBackendMasksAPassword() {
        XCTAssertEqual(CompanionStoreBackend.display("postgres://ann:secret@db.example/health"), "postgres://ann:****@db.example/health")
        XCTAssertEqual(CompanionStoreBackend.display("postgres://ann@db.example/health"), "postgres://ann@db.example/health")
        XCTAssertEqual(CompanionStoreBackend.display("postgres://db.example/h?a=b:c@d"), "postgres://db.example/h?a=b:****@d")
        // A password holding '@', and one in the query: nothing of either shown.
        XCTAssertEqual(CompanionStoreBackend.display("postgres://ann:p@ss@db.example/h"), "postgres://ann:****@db.example/h")
        XCTAssertEqual(CompanionStoreBackend.display("postgres://ann@db.example/h?password=secret"),
                       "postgres://ann@db.example/h?password=****")
    }
}

#if PostgreSQL
/// The `vitals` built with the PostgreSQL trait carries none of the PostgreSQL client and hands
/// its commands and locations to `vitals-postgres` beside it; alone, it is the `vitals` built
/// without the trait.
final class CompanionCLITests: XCTestCase {
    private var companion: URL { VitalsProcess.binary.deletingLastPathComponent().appendingPathComponent("vitals-postgres") }

    func testVitalsItselfLinksNoPostgreSQLClient() throws {
        XCTAssertFalse(try Self.file(VitalsProcess.binary, contains: "PostgresNIO"), "vitals links PostgresNIO")
        XCTAssertFalse(try Self.file(VitalsProcess.binary, contains: "CNIOBoringSSL"), "vitals links BoringSSL")
        XCTAssertTrue(try Self.file(companion, contains: "PostgresNIO"), "vitals-postgres has the client")
    }

    /// Whether the bytes of `file` (a binary of some hundred megabytes in a debug build) hold
    /// `text`: memchr and memcmp over the mapped file, which take a fraction of a second where
    /// decoding it as a string took seconds.
    static func file(_ file: URL, contains text: String) throws -> Bool {
        let data = try Data(contentsOf: file, options: .alwaysMapped)
        let needle = Array(text.utf8)
        return data.withUnsafeBytes { bytes -> Bool in
            guard let base = bytes.baseAddress, let first = needle.first else { return false }
            var offset = 0
            while offset + needle.count <= bytes.count {
                guard let hit = memchr(base + offset, Int32(first), bytes.count - needle.count + 1 - offset) else { return false }
                let at = base.distance(to: UnsafeRawPointer(hit))
                if memcmp(base + at, needle, needle.count) == 0 { return true }
                offset = at + 1
            }
            return false
        }
    }

    func testItsCommandsAndTheWholeTreeComeFromTheCompanion() throws {
        for (arguments, environment) in [(["push", "--help"], ["COLUMNS": "80"]), (["help", "grant"], ["COLUMNS": "80"]),
                                         (["--help"], ["COLUMNS": "52"]), (["--experimental-dump-help"], [:])] {
            let handed = try VitalsProcess.run(arguments, environment: environment)
            let direct = try VitalsProcess.run(arguments, environment: environment, executable: companion)
            XCTAssertEqual(handed.status, 0, "\(arguments): \(handed.stderr)")
            XCTAssertEqual(handed.stdout, direct.stdout, "\(arguments)")
            XCTAssertEqual(handed.stderr, direct.stderr, "\(arguments)")
        }
        // The help at 80 columns is the committed text, with the companion's commands.
        let help = try VitalsProcess.run(["--help"], environment: ["COLUMNS": "80"])
        XCTAssertEqual(help.stdout, try VitalsProcess.run(["--help"], environment: ["COLUMNS": "80"], executable: companion).stdout)
        XCTAssertTrue(help.stdout.contains("\n  push "), help.stdout)
        // A usage error in a handed command keeps its exit code and message.
        let wrong = try VitalsProcess.run(["push", "--bogus"])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertEqual(wrong.stderr, try VitalsProcess.run(["push", "--bogus"], executable: companion).stderr)
    }

    func testAPostgresLocationIsOpenedByTheCompanion() throws {
        // Nothing listens on port 1: the companion's PostgreSQL backend says so, by server.
        let url = "postgres://nobody@127.0.0.1:1/none"
        let handed = try VitalsProcess.run(["render", "protein", "--db", url], environment: postgresCLIEnvironment)
        let direct = try VitalsProcess.run(["render", "protein", "--db", url], environment: postgresCLIEnvironment, executable: companion)
        XCTAssertEqual(handed.status, 2, handed.stderr)
        XCTAssertEqual(handed.stdout, "")
        XCTAssertEqual(handed.stderr, direct.stderr)
        XCTAssertTrue(handed.stderr.contains("127.0.0.1"), handed.stderr)
        // Through $VITALS_DB and `--catalog URL` as well.
        let fromEnvironment = try VitalsProcess.run(["render", "protein"], environment: postgresCLIEnvironment.merging(["VITALS_DB": url]) { $1 })
        XCTAssertEqual(fromEnvironment.stderr, direct.stderr)
        let catalog = try VitalsProcess.run(["validate", "--catalog", url], environment: postgresCLIEnvironment)
        XCTAssertEqual(catalog.stderr, try VitalsProcess.run(["validate", "--catalog", url], environment: postgresCLIEnvironment,
                                                             executable: companion).stderr)
    }

    func testWithoutTheCompanionVitalsIsTheOneWithoutTheTrait() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let alone = directory.appendingPathComponent("vitals")
        try FileManager.default.copyItem(at: VitalsProcess.binary, to: alone)
        let help = try VitalsProcess.run(["--help"], environment: ["COLUMNS": "80"], executable: alone)
        XCTAssertEqual(help.stdout, TopLevelHelpText.builtIn)
        let push = try VitalsProcess.run(["push"], executable: alone)
        XCTAssertEqual(push.status, 2)
        let location = try VitalsProcess.run(["render", "protein", "--db", "postgres://nobody@127.0.0.1:1/none"], executable: alone)
        XCTAssertEqual(location.status, 2)
        XCTAssertTrue(location.stderr.hasPrefix("vitals: error: no store backend for postgres:// locations: this vitals has no PostgreSQL backend"),
                      location.stderr)
        // A companion that cannot be started is an error naming it, not a silent fallback.
        let broken = directory.appendingPathComponent("vitals-postgres")
        try "#!/nonexistent/interpreter\n".write(to: broken, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: broken.path)
        let failed = try VitalsProcess.run(["push", "--help"], executable: alone)
        XCTAssertEqual(failed.status, 2)
        XCTAssertTrue(failed.stderr.hasPrefix("vitals: error: could not start \(broken.path): "), failed.stderr)
    }
}
#endif
