#if PostgreSQL
    import Foundation
    import GRDB
    import TestSupport
    import VitalsKit
    import VitalsPostgres
    import XCTest

    /// A PostgreSQL server that dies under a running vitals (issue 31): stopped as a crash would
    /// (`pg_ctl stop -m immediate`) in the middle of a COPY, vitals exits within seconds with the
    /// server named; after a restart the rerun completes, every row there once. Then the same at
    /// random moments of import, push and log, in a loop that counts runs, faults and rows lost.
    ///
    /// These tests stop and restart a cluster of their own, never the shared one.
    final class PostgresDeadServerCLITests: XCTestCase {
        private var directory: URL!
        private static let serverLock = NSLock()
        nonisolated(unsafe) private static var started: PostgresTestServer?

        override func setUpWithError() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "vitals-pg-dead-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }

        override func tearDown() { try? FileManager.default.removeItem(at: directory) }

        /// This process's private cluster (started once), running.
        private func privateServer() throws -> PostgresTestServer {
            _ = try postgresServer()  // skips (or fails on CI) where there is no PostgreSQL
            Self.serverLock.lock()
            defer { Self.serverLock.unlock() }
            if let started = Self.started { return started }
            let server = try PostgresTestServer.startPrivate()
            Self.started = server
            return server
        }

        /// A vitals process running in the background, its output in files.
        final class Background {
            let process = Process()
            let output: URL
            init(
                _ arguments: [String], environment: [String: String] = [:], directory: URL,
                executable: URL = VitalsProcess.binary
            ) throws {
                output = directory.appendingPathComponent("run-\(UUID().uuidString)")
                for suffix in [".out", ".err"] {
                    guard FileManager.default.createFile(atPath: output.path + suffix, contents: nil) else {
                        throw CocoaError(.fileWriteUnknown)
                    }
                }
                process.executableURL = executable
                process.arguments = arguments
                var env = ProcessInfo.processInfo.environment
                env["VITALS_DB"] = nil
                env["XDG_CONFIG_HOME"] = VitalsProcess.isolatedConfigHome
                env["XDG_CACHE_HOME"] = VitalsProcess.isolatedCacheHome
                env["VITALS"] = VitalsProcess.binary.path
                for (key, value) in postgresCLIEnvironment.merging(environment, uniquingKeysWith: { $1 }) {
                    env[key] = value
                }
                process.environment = env
                process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output.path + ".out"))
                process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: output.path + ".err"))
                try process.run()
            }

            /// `script` run by /bin/sh with `argument` as $1 and the binary's path in $VITALS.
            static func shell(_ script: String, _ argument: String, directory: URL) throws -> Background {
                try Background([script, argument], directory: directory, executable: URL(fileURLWithPath: "/bin/sh"))
            }

            var isRunning: Bool { process.isRunning }

            /// Waits up to `seconds` for the process to end; a process still running then is killed
            /// and its status is nil (it hung).
            func finish(within seconds: Double) -> (status: Int32?, stdout: String, stderr: String) {
                let deadline = Date().addingTimeInterval(seconds)
                while process.isRunning && Date() < deadline { usleep(20_000) }
                var status: Int32?
                if process.isRunning {
                    kill(process.processIdentifier, SIGKILL)
                    process.waitUntilExit()
                } else {
                    process.waitUntilExit()
                    status = process.terminationStatus
                }
                let read = { (suffix: String) in
                    (try? String(contentsOfFile: self.output.path + suffix, encoding: .utf8)) ?? ""
                }
                return (status, read(".out"), read(".err"))
            }
        }

        /// Waits until a COPY runs in `database` (true), or `seconds` pass (false).
        private func waitForCopy(_ server: PostgresTestServer, _ database: String, seconds: Double = 120) throws -> Bool
        {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                let copies = try server.psql(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = '\(database)' AND query LIKE 'COPY%'")
                if copies.trimmingCharacters(in: .whitespacesAndNewlines) != "0" { return true }
                usleep(50_000)
            }
            return false
        }

        /// A local file of `count` samples of `me`, one a minute.
        private func localFile(count: Int) throws -> String {
            let path = directory.appendingPathComponent("local-\(count).sqlite").path
            let store = try SampleStore.open(path: path)
            try store.insert(
                (0..<count).map { (index: Int) -> Sample in
                    let start = Date(timeIntervalSince1970: 1_790_000_000 + Double(index) * 60)
                    let value = 50 + Double(index % 400) / 10
                    return Sample(
                        seriesID: index % 2 == 0 ? "body_mass" : "heart_rate", subjectID: "me", start: start,
                        utcOffsetSeconds: 3600, value: value)
                })
            try store.close()
            return path
        }

        /// An Apple Health export of `count` distinct records.
        private func export(count: Int) throws -> String {
            var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#, #"<HealthData locale="en_US">"#]
            for index in 0..<count {
                let date = String(
                    format: "2025-%02d-%02d %02d:%02d:00 +0100", 1 + index / 40_000, 1 + index / 1440 % 28,
                    index / 60 % 24, index % 60)
                lines.append(
                    #"<Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" sourceVersion="1\#(index % 3)" device="Watch" unit="count/min" startDate="\#(date)" endDate="\#(date)" value="\#(40 + index % 150)"/>"#
                )
            }
            lines.append("</HealthData>")
            let path = directory.appendingPathComponent("export-\(count).xml").path
            try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        /// The server's sample count and its number of distinct natural keys (equal: nothing twice).
        private func serverCounts(_ server: PostgresTestServer, _ database: String) throws -> (rows: Int, keys: Int) {
            let text = try server.psql(
                """
                SELECT count(*) || ' ' || count(DISTINCT (series, subject, start, "end", value, category, tag, source)) FROM sample
                """, database: database)
            let parts = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
            return (parts.first ?? -1, parts.last ?? -1)
        }

        private func assertLostConnection(
            _ result: (status: Int32?, stdout: String, stderr: String), _ url: String,
            file: StaticString = #filePath, line: UInt = #line
        ) {
            XCTAssertNotNil(result.status, "vitals hung after the server stopped", file: file, line: line)
            XCTAssertEqual(result.status, 2, result.stderr, file: file, line: line)
            let named = url.replacingOccurrences(of: "?sslmode=disable", with: "")
            XCTAssertTrue(
                result.stderr.hasPrefix("vitals: error: lost the connection to the PostgreSQL server \(named) during "),
                result.stderr, file: file, line: line)
            XCTAssertFalse(result.stderr.contains("Fatal error"), result.stderr, file: file, line: line)
        }

        func testAServerStoppedMidCopyEndsPushAndImportWithTheServerNamed() throws {
            let server = try privateServer()
            // push: each COPY stalls 3 s halfway, long enough to stop the server inside it.
            let database = try server.createDatabase(prefix: "vitals_dead_push")
            let url = server.url(database: database)
            let file = try localFile(count: 30_000)
            let push = try Background(
                ["push", "--to", url, "--db", file, "--batch-size", "10000"],
                environment: ["VITALS_PG_COPY_STALL_SECONDS": "3"], directory: directory)
            XCTAssertTrue(try waitForCopy(server, database), "no COPY seen")
            try server.stopImmediately()
            let stopped = Date()
            let pushed = push.finish(within: 30)
            XCTAssertLessThan(Date().timeIntervalSince(stopped), 10)
            assertLostConnection(pushed, url)
            try server.restart()
            let rerun = try VitalsProcess.run(["push", "--to", url, "--db", file], environment: postgresCLIEnvironment)
            XCTAssertEqual(rerun.status, 0, rerun.stderr)
            let counts = try serverCounts(server, database)
            XCTAssertEqual(counts.rows, 30_000)
            XCTAssertEqual(counts.keys, 30_000)

            // import apple-health … --db postgres://…: the same.
            let importDatabase = try server.createDatabase(prefix: "vitals_dead_import")
            let importURL = server.url(database: importDatabase)
            let xml = try export(count: 25_000)
            let running = try Background(
                ["import", "apple-health", xml, "--db", importURL, "--quiet"],
                environment: ["VITALS_PG_COPY_STALL_SECONDS": "3"], directory: directory)
            XCTAssertTrue(try waitForCopy(server, importDatabase), "no COPY seen")
            try server.stopImmediately()
            let importStopped = Date()
            let imported = running.finish(within: 30)
            XCTAssertLessThan(Date().timeIntervalSince(importStopped), 10)
            assertLostConnection(imported, importURL)
            try server.restart()
            let again = try VitalsProcess.run(
                ["import", "apple-health", xml, "--db", importURL, "--quiet"], environment: postgresCLIEnvironment)
            XCTAssertEqual(again.status, 0, again.stderr)
            let toFile = directory.appendingPathComponent("imported.sqlite").path
            XCTAssertEqual(try VitalsProcess.run(["import", "apple-health", xml, "--db", toFile, "--quiet"]).status, 0)
            let expected = try DatabaseQueue(path: toFile).read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM sample") ?? -1
            }
            XCTAssertEqual(expected, 25_000)
            let importCounts = try serverCounts(server, importDatabase)
            XCTAssertEqual(importCounts.rows, expected)
            XCTAssertEqual(importCounts.keys, expected)
        }

        /// The fault-injection loop: import, push and a run of logs, each stopped by the server
        /// dying at a random moment (seeded), then rerun after a restart. Afterwards every run's
        /// database must hold exactly the expected rows. `VITALS_PG_FAULT_RUNS` sets the number of
        /// runs (default 6, a few minutes on a slow machine); the figures go to stdout.
        func testTheServerKilledAtRandomMomentsLosesNothing() throws {
            let server = try privateServer()
            let runs = ProcessInfo.processInfo.environment["VITALS_PG_FAULT_RUNS"].flatMap(Int.init) ?? 6
            var random = SplitMix(
                seed: UInt64(ProcessInfo.processInfo.environment["VITALS_PG_FAULT_SEED"].flatMap(Int.init) ?? 31))
            let localFile = try localFile(count: 20_000)
            let xml = try export(count: 15_000)
            let logs = 30
            let logScript = directory.appendingPathComponent("logs.sh").path
            try """
            for i in $(seq 0 \(logs - 1)); do
                "$VITALS" log body_mass $((60 + i)) --at 2026-01-05T08:00+01:00 --db "$1" >/dev/null || exit $?
            done
            """.write(toFile: logScript, atomically: true, encoding: .utf8)
            enum Operation: String, CaseIterable { case `import`, push, log }
            func start(_ operation: Operation, _ url: String) throws -> Background {
                switch operation {
                case .import:
                    return try Background(
                        ["import", "apple-health", xml, "--db", url, "--quiet"], directory: directory)
                case .push:
                    return try Background(
                        ["push", "--to", url, "--db", localFile, "--batch-size", "2000"], directory: directory)
                case .log: return try Background.shell(logScript, url, directory: directory)
                }
            }
            var figures = (runs: 0, faults: 0, hung: 0, wrongExit: 0, rerunsFailed: 0, lost: 0, duplicated: 0)
            var durations: [Operation: Double] = [:]
            let expected: [Operation: Int] = [.import: 15_000, .push: 20_000, .log: logs]
            for run in 0..<runs {
                let operation = Operation.allCases[run % 3]
                let database = try server.createDatabase(prefix: "vitals_fault")
                let url = server.url(database: database)
                let command = try start(operation, url)
                // Stop the server at a random moment of the operation's usual duration (learnt from
                // the first rerun of its kind; 3 s before that).
                let span = durations[operation] ?? 3
                usleep(UInt32(Double.random(in: 0.05...1.0, using: &random) * span * 1_000_000))
                let wasRunning = command.isRunning
                try server.stopImmediately()
                let ended = command.finish(within: 60)
                figures.runs += 1
                if wasRunning { figures.faults += 1 }
                if ended.status == nil { figures.hung += 1 }
                if wasRunning, let status = ended.status, status != 0, status != 2 { figures.wrongExit += 1 }
                try server.restart()
                let rerunStarted = Date()
                let rerun = try start(operation, url).finish(within: 600)
                if rerun.status != 0 { figures.rerunsFailed += 1 }
                durations[operation] = durations[operation] ?? Date().timeIntervalSince(rerunStarted)
                let counts = try serverCounts(server, database)
                figures.lost += max(0, (expected[operation] ?? 0) - counts.keys)
                figures.duplicated += counts.rows - counts.keys
                XCTAssertEqual(rerun.status, 0, "\(operation) rerun: \(rerun.stderr)")
                XCTAssertEqual(counts.keys, expected[operation], "\(operation) run \(run)")
            }
            print(
                "fault loop: \(figures.runs) runs, \(figures.faults) faults injected while vitals ran, \(figures.hung) hung, "
                    + "\(figures.wrongExit) other exit codes, \(figures.rerunsFailed) reruns failed, \(figures.lost) rows lost, "
                    + "\(figures.duplicated) rows duplicated")
            XCTAssertGreaterThan(figures.faults, 0, "no fault hit a running vitals")
            XCTAssertEqual(figures.hung, 0)
            XCTAssertEqual(figures.wrongExit, 0)
            XCTAssertEqual(figures.lost, 0)
            XCTAssertEqual(figures.duplicated, 0)
        }
    }
#endif
