/// One statement for the store, on any backend: SQL text with `?` placeholders and the values
/// they stand for, in order. SQLite binds the `?` as they are; PostgreSQL numbers them `$1…$n`
/// (`numberedText`).
///
/// Written as a string whose interpolations are arguments, never text:
///
/// ```swift
/// let statement: SQLStatement = "SELECT value FROM sample WHERE series = \(seriesID) AND subject = \(subject)"
/// // text: "SELECT value FROM sample WHERE series = ? AND subject = ?", arguments: [seriesID, subject]
/// ```
///
/// An interpolated `SQLStatement` is embedded with its arguments, `\(sql: "…")` is raw text
/// (a column name from a fixed set, never a value), an array becomes `(?, ?, …)` for `IN`
/// (an empty one `(SELECT NULL WHERE NULL)`, which matches no row), and a nil optional is
/// `NULL`.
///
/// A `?` is a placeholder wherever it stands outside a string literal (`'…'`), a quoted name
/// (`"…"`), a `$$` body and a comment (`--`, `/* */`); inside those it is text. So the SQL may
/// not use `?` as an operator (PostgreSQL's jsonb `?`: write `jsonb_exists`), nor SQLite's
/// `?NNN`, `:name` or `$name` placeholders.
public struct SQLStatement: Sendable, Hashable {
    /// The SQL, with `?` for each argument.
    public private(set) var text: String
    /// The arguments, one per `?`, in order.
    public private(set) var arguments: [StoreValue]

    /// `text` as it is, with `arguments` for its `?` placeholders.
    public init(sql text: String, arguments: StoreArguments = []) {
        self.text = text
        self.arguments = arguments.values
    }

    /// Appends `other`'s text and arguments.
    public static func += (statement: inout SQLStatement, other: SQLStatement) {
        statement.text += other.text
        statement.arguments += other.arguments
    }

    public static func + (a: SQLStatement, b: SQLStatement) -> SQLStatement {
        var result = a
        result += b
        return result
    }

    /// Whether the text is empty (a filter that adds nothing).
    public var isEmpty: Bool { text.isEmpty }
}

extension SQLStatement: ExpressibleByStringInterpolation {
    public init(stringLiteral text: String) {
        self.init(sql: text)
    }

    public init(stringInterpolation: Interpolation) {
        text = stringInterpolation.text
        arguments = stringInterpolation.arguments
    }

    public struct Interpolation: StringInterpolationProtocol {
        var text = ""
        var arguments: [StoreValue] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + 2 * interpolationCount)
            arguments.reserveCapacity(interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) { text += literal }

        /// A value: a `?` placeholder and its argument.
        public mutating func appendInterpolation<Value: StoreValueConvertible>(_ value: Value) {
            text += "?"
            arguments.append(value.storeValue)
        }

        /// A value or `NULL`.
        public mutating func appendInterpolation<Value: StoreValueConvertible>(_ value: Value?) {
            guard let value else {
                text += "NULL"
                return
            }
            appendInterpolation(value)
        }

        /// Another statement, with its arguments.
        public mutating func appendInterpolation(_ statement: SQLStatement) {
            text += statement.text
            arguments += statement.arguments
        }

        /// Raw SQL text: names and keywords from a fixed set, never a value.
        public mutating func appendInterpolation(sql raw: String) { text += raw }

        /// A list for `IN`: `(?, ?, …)`, or a subquery of no row when `values` is empty.
        public mutating func appendInterpolation<Values: Collection>(_ values: Values)
        where Values.Element: StoreValueConvertible {
            guard !values.isEmpty else {
                text += "(SELECT NULL WHERE NULL)"
                return
            }
            text += "(" + Array(repeating: "?", count: values.count).joined(separator: ", ") + ")"
            arguments += values.map(\.storeValue)
        }
    }
}

extension Sequence where Element == SQLStatement {
    /// The statements one after another, `separator` between them.
    public func joined(separator: String = "") -> SQLStatement {
        var result = SQLStatement(sql: "")
        for (index, statement) in enumerated() {
            if index > 0 { result += SQLStatement(sql: separator) }
            result += statement
        }
        return result
    }
}

// MARK: Placeholders

extension SQLStatement {
    /// How many `?` placeholders the text holds (see the type's summary for where a `?` is text).
    public var placeholderCount: Int {
        var count = 0
        Self.scan(text, placeholder: { count += 1 }, other: { _ in })
        return count
    }

    /// The text with its placeholders renumbered: the `n`th `?` (from 1) replaced by
    /// `placeholder(n)`, `$1…$n` for PostgreSQL. Everything else is copied as it is.
    public func numberedText(_ placeholder: (Int) -> String = { "$\($0)" }) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        var count = 0
        Self.scan(
            text,
            placeholder: {
                count += 1
                result += placeholder(count)
            }, other: { result += $0 })
        return result
    }

    /// Walks `sql`, calling `placeholder` for each `?` that is a placeholder and `other` with
    /// every other stretch of text, in order.
    static func scan(_ sql: String, placeholder: () -> Void, other: (Substring) -> Void) {
        var index = sql.startIndex
        var plain = index
        func flush(_ end: String.Index) {
            if plain < end { other(sql[plain..<end]) }
        }
        while index < sql.endIndex {
            let character = sql[index]
            switch character {
            case "?":
                flush(index)
                placeholder()
                index = sql.index(after: index)
                plain = index
            case "'", "\"":
                // To the closing quote; a doubled quote inside stays inside.
                var end = sql.index(after: index)
                while end < sql.endIndex {
                    if sql[end] == character {
                        let next = sql.index(after: end)
                        if next < sql.endIndex, sql[next] == character {
                            end = sql.index(after: next)
                            continue
                        }
                        end = next
                        break
                    }
                    end = sql.index(after: end)
                }
                index = end
            case "-" where sql[index...].hasPrefix("--"):
                index = sql[index...].firstIndex(of: "\n") ?? sql.endIndex
            case "/" where sql[index...].hasPrefix("/*"):
                index = sql[index...].range(of: "*/")?.upperBound ?? sql.endIndex
            case "$" where sql[index...].hasPrefix("$$"):
                let bodyStart = sql.index(index, offsetBy: 2)
                index = sql[bodyStart...].range(of: "$$")?.upperBound ?? sql.endIndex
            default:
                index = sql.index(after: index)
            }
        }
        flush(sql.endIndex)
    }
}
