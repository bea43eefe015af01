#if PostgreSQL
import Foundation
import VitalsKit

/// SQL written with SQLite's `?` placeholders, numbered as PostgreSQL wants them (`$1…$n`).
///
/// A `?` inside a string literal ('…'), a quoted identifier ("…"), a dollar-quoted body or a
/// comment (`--`, `/* */`) is text, not a placeholder, and is left alone.
enum PostgresPlaceholders {
    static func number(_ sql: String) -> String {
        var result = ""
        result.reserveCapacity(sql.utf8.count + 16)
        var count = 0
        var index = sql.startIndex
        func copy(until end: String.Index) {
            result += sql[index..<end]
            index = end
        }
        while index < sql.endIndex {
            let character = sql[index]
            switch character {
            case "?":
                count += 1
                result += "$\(count)"
                index = sql.index(after: index)
            case "'", "\"":
                // To the closing quote; a doubled quote inside stays inside.
                var end = sql.index(after: index)
                while end < sql.endIndex {
                    if sql[end] == character {
                        let next = sql.index(after: end)
                        if next < sql.endIndex, sql[next] == character { end = sql.index(after: next); continue }
                        end = next
                        break
                    }
                    end = sql.index(after: end)
                }
                copy(until: end)
            case "-" where sql[index...].hasPrefix("--"):
                let end = sql[index...].firstIndex(of: "\n") ?? sql.endIndex
                copy(until: end)
            case "/" where sql[index...].hasPrefix("/*"):
                let end = sql[index...].range(of: "*/")?.upperBound ?? sql.endIndex
                copy(until: end)
            case "$" where sql[index...].hasPrefix("$$"):
                let bodyStart = sql.index(index, offsetBy: 2)
                let end = sql[bodyStart...].range(of: "$$")?.upperBound ?? sql.endIndex
                copy(until: end)
            default:
                result.append(character)
                index = sql.index(after: index)
            }
        }
        return result
    }

    /// `sql` cut into statements at semicolons outside quotes, comments and dollar quotes
    /// (the extended protocol runs one statement at a time).
    static func statements(_ sql: String) -> [String] {
        var statements: [String] = []
        var current = ""
        var index = sql.startIndex
        func take(until end: String.Index) {
            current += sql[index..<end]
            index = end
        }
        while index < sql.endIndex {
            let character = sql[index]
            switch character {
            case ";":
                statements.append(current)
                current = ""
                index = sql.index(after: index)
            case "'", "\"":
                var end = sql.index(after: index)
                while end < sql.endIndex, sql[end] != character { end = sql.index(after: end) }
                take(until: end < sql.endIndex ? sql.index(after: end) : end)
            case "-" where sql[index...].hasPrefix("--"):
                take(until: sql[index...].firstIndex(of: "\n") ?? sql.endIndex)
            case "$" where sql[index...].hasPrefix("$$"):
                let bodyStart = sql.index(index, offsetBy: 2)
                take(until: sql[bodyStart...].range(of: "$$")?.upperBound ?? sql.endIndex)
            default:
                current.append(character)
                index = sql.index(after: index)
            }
        }
        statements.append(current)
        return statements.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }
}
#endif
