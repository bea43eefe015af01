import Foundation
import XCTest

@testable import VitalsKit

/// The store's statement value: interpolations become `?` and arguments, never text; the
/// placeholders are numbered for PostgreSQL where they are placeholders and left alone inside
/// literals, quoted names, `$$` bodies and comments. (Both backends running such statements
/// is the conformance suite's "statement values".)
final class SQLStatementTests: XCTestCase {
    func testInterpolationsAreArguments() {
        let series = "o'brien"
        let limit = 3
        let note: String? = nil
        let statement: SQLStatement = "SELECT * FROM sample WHERE series = \(series) AND note IS \(note) LIMIT \(limit)"
        XCTAssertEqual(statement.text, "SELECT * FROM sample WHERE series = ? AND note IS NULL LIMIT ?")
        XCTAssertEqual(statement.arguments, [.text("o'brien"), .integer(3)])
    }

    func testEmbeddedStatementsRawTextAndLists() {
        let filter: SQLStatement = "subject = \("me")"
        let tags = ["a", "b'"]
        var statement: SQLStatement = "SELECT \(sql: "value") FROM sample WHERE \(filter) AND tag IN \(tags)"
        statement += " AND value > \(2.5)"
        XCTAssertEqual(statement.text, "SELECT value FROM sample WHERE subject = ? AND tag IN (?, ?) AND value > ?")
        XCTAssertEqual(statement.arguments, [.text("me"), .text("a"), .text("b'"), .real(2.5)])
        let none: [String] = []
        let empty: SQLStatement = "tag IN \(none)"
        XCTAssertEqual(empty.text, "tag IN (SELECT NULL WHERE NULL)")
        XCTAssertEqual(empty.arguments, [])
        let joined = (["a = \(1)", "b", "c = \(true)"] as [SQLStatement]).joined(separator: ", ")
        XCTAssertEqual(joined.text, "a = ?, b, c = ?")
        XCTAssertEqual(joined.arguments, [.integer(1), .integer(1)])
    }

    func testNumberingSkipsLiteralsQuotedNamesBodiesAndComments() {
        func numbered(_ sql: String) -> String { SQLStatement(sql: sql).numberedText() }
        XCTAssertEqual(
            numbered("SELECT ? + ?, '?', \"a?\" FROM t WHERE x = ? -- why?\n AND y = ?"),
            "SELECT $1 + $2, '?', \"a?\" FROM t WHERE x = $3 -- why?\n AND y = $4")
        XCTAssertEqual(numbered("SELECT 'it''s ?', ? /* ? */"), "SELECT 'it''s ?', $1 /* ? */")
        XCTAssertEqual(numbered("SELECT $$ ? $$, ?"), "SELECT $$ ? $$, $1")
        XCTAssertEqual(numbered("SELECT \"a\"\"?\", ?"), "SELECT \"a\"\"?\", $1")
        // An unclosed literal or comment runs to the end: nothing in it is a placeholder.
        XCTAssertEqual(numbered("SELECT ?, 'open ?"), "SELECT $1, 'open ?")
        XCTAssertEqual(numbered("SELECT ? /* open ?"), "SELECT $1 /* open ?")
        XCTAssertEqual(numbered("? ?"), "$1 $2")
        XCTAssertEqual(SQLStatement(sql: "SELECT ?, '?', ? -- ?\n").placeholderCount, 2)
        XCTAssertEqual(SQLStatement(sql: "SELECT ?, ?").numberedText { ":\($0)" }, "SELECT :1, :2")
    }

    /// A naive count (every `?` that is not between quotes, with no comments in the text)
    /// agrees with the scanner on generated statements.
    func testNumberingAgreesWithANaiveCount() {
        var state: UInt64 = 41
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1
            return state >> 33
        }
        let pieces = ["?", "'?'", "x", " ", "'it''s'", "\"n?\"", ",", "= ?"]
        for _ in 0..<500 {
            let sql = (0..<Int(next() % 12)).map { _ in pieces[Int(next() % UInt64(pieces.count))] }.joined()
            var naive = 0
            var quote: Character?
            for character in sql {
                if let open = quote {
                    if character == open { quote = nil }
                } else if character == "'" || character == "\"" {
                    quote = character
                } else if character == "?" {
                    naive += 1
                }
            }
            let statement = SQLStatement(sql: sql)
            XCTAssertEqual(statement.placeholderCount, naive, sql)
            let numbered = statement.numberedText()
            XCTAssertEqual((1...max(1, naive)).filter { numbered.contains("$\($0)") }.count, naive, numbered)
        }
    }

    /// Values read back as SQLite reads them (and GRDB did): integers as doubles, whole reals
    /// as integers, text as bytes and back, NULL as nil for an optional.
    func testValueConversions() {
        XCTAssertEqual(Double(storeValue: .integer(3)), 3)
        XCTAssertEqual(Int64(storeValue: .real(2.9)), 2)
        XCTAssertNil(Int64(storeValue: .real(1e300)))
        XCTAssertNil(Int(storeValue: .text("3")))
        XCTAssertEqual(Bool(storeValue: .integer(2)), true)
        XCTAssertEqual(String(storeValue: .blob(Data("ok".utf8))), "ok")
        XCTAssertEqual(Data(storeValue: .text("ok")), Data("ok".utf8))
        XCTAssertEqual(String?(storeValue: .null), .some(nil))
        XCTAssertNil(String?(storeValue: .integer(1)))
        let arguments: StoreArguments = ["a", 1, 2.5, nil, true, Int64.max, Data([0])]
        XCTAssertEqual(
            arguments.values,
            [.text("a"), .integer(1), .real(2.5), .null, .integer(1), .integer(Int64.max), .blob(Data([0]))])
    }

    func testRowsReadByNameAndPosition() {
        let row = StoreRow(names: ["id", "Note", "value"], values: [.integer(7), .null, .real(1.5)])
        XCTAssertEqual(row["id"] as Int64, 7)
        XCTAssertEqual(row["note"] as String?, nil, "a name is matched regardless of case, as SQLite does")
        XCTAssertEqual(row[2] as Double, 1.5)
        XCTAssertEqual(row.value("missing"), .null)
    }
}
