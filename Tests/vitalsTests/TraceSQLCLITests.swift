import Foundation
import GRDB
import TestSupport
import XCTest

/// `VITALS_TRACE_SQL=FILE`: every statement of the command's store, from its open on, so the
/// file replayed on a copy of the database (here by GRDB, as sqlite3 would) does what the
/// command did: the same database after, no transaction left open or closed twice.
final class TraceSQLCLITests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = ProcessScratch.directory("vitals-trace-test")
        addTeardownBlock { [directory] in try? FileManager.default.removeItem(at: directory!) }
    }

    /// Every table's rows, and the schema, as text.
    private func dump(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            let schema = try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master ORDER BY type, name")
            var lines = schema.map { "\($0)" }
            for table in try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            {
                lines += try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"").map { "\(table): \($0)" }.sorted()
            }
            return lines
        }
    }

    /// The trace's statements replayed on the database at `path`, in one session.
    private func replay(_ trace: String, on path: String) throws {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.inDatabase { db in try db.execute(sql: trace) }
    }

    private func assertBalanced(_ trace: String, file: StaticString = #filePath, line: UInt = #line) {
        let statements = trace.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces).uppercased() }
        XCTAssertFalse(
            statements.first?.hasPrefix("COMMIT") ?? true, "the trace starts with \(statements.first ?? "nothing")",
            file: file, line: line)
        // Transaction statements only (a trigger's body also has a line `BEGIN`, and `END;`).
        func matches(_ statement: String, _ pattern: String) -> Bool {
            statement.range(of: pattern, options: .regularExpression) != nil
        }
        var open = 0
        for statement in statements {
            if matches(statement, #"^(BEGIN( (DEFERRED|IMMEDIATE|EXCLUSIVE))?( TRANSACTION)?|SAVEPOINT \S+);$"#) {
                open += 1
            }
            if matches(statement, #"^(COMMIT( TRANSACTION)?|ROLLBACK( TRANSACTION)?|RELEASE( SAVEPOINT)? \S+);$"#) {
                open -= 1
            }
            XCTAssertGreaterThanOrEqual(
                open, 0, "a transaction closed that the trace never opened", file: file, line: line)
        }
        XCTAssertEqual(open, 0, "a transaction left open", file: file, line: line)
    }

    func testAReadingCommandsTraceReplaysOnACopyToTheSameDatabase() throws {
        let db = directory.appendingPathComponent("v.sqlite").path
        let log = try VitalsProcess.run(["log", "protein", "20", "g", "--at", "2026-11-20T08:00", "--db", db])
        XCTAssertEqual(log.status, 0, log.stderr)
        let copy = directory.appendingPathComponent("copy.sqlite").path
        try FileManager.default.copyItem(atPath: db, toPath: copy)
        let trace = directory.appendingPathComponent("read.sql").path
        let render = try VitalsProcess.run(
            ["render", "protein", "--as-of", "2026-11-20", "--db", db],
            environment: ["VITALS_TRACE_SQL": trace])
        XCTAssertEqual(render.status, 0, render.stderr)
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        // The open's own check of the file is there, before the first transaction of the render.
        XCTAssertTrue(text.hasPrefix("SELECT COUNT(*) FROM sqlite_master;") || text.contains("sqlite_master"), text)
        XCTAssertTrue(text.contains("FROM sample"), "the render's queries are traced")
        assertBalanced(text)
        try replay(text, on: copy)
        XCTAssertEqual(try dump(copy), try dump(db))
    }

    func testAWritingCommandsTraceReplayedOnAnEmptyFileMakesTheSameDatabase() throws {
        let db = directory.appendingPathComponent("new.sqlite").path
        let trace = directory.appendingPathComponent("write.sql").path
        let log = try VitalsProcess.run(
            ["log", "protein", "20", "g", "--at", "2026-11-20T08:00", "--db", db],
            environment: ["VITALS_TRACE_SQL": trace])
        XCTAssertEqual(log.status, 0, log.stderr)
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        XCTAssertTrue(text.contains("CREATE TABLE"), "the migration that made the file is traced")
        assertBalanced(text)
        let empty = directory.appendingPathComponent("replayed.sqlite").path
        try replay(text, on: empty)
        let replayed = try dump(empty)
        XCTAssertTrue(replayed.contains { $0.hasPrefix("sample: ") }, "\(replayed)")
        XCTAssertEqual(replayed, try dump(db))
    }
}
