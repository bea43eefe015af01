#if PostgreSQL
    import Foundation
    import VitalsKit

    /// SQL scripts as PostgreSQL's extended protocol takes them: one statement at a time.
    /// (A `SQLStatement`'s `?` placeholders are numbered by `SQLStatement.numberedText`.)
    enum PostgresScript {
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
