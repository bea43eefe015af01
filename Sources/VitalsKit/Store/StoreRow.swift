import Foundation
import GRDB

/// One result row from either backend, read by column name or position as GRDB rows are:
/// `row["value"] as Double`, `row["note"] as String?`, `row[0] as Int64`.
public struct StoreRow {
    enum Storage {
        case grdb(Row)
        case values(names: [String], values: [DatabaseValue])
    }

    let storage: Storage

    init(_ row: Row) { storage = .grdb(row) }

    /// A row of a backend that returns names and values (not GRDB rows).
    public init(names: [String], values: [DatabaseValue]) { storage = .values(names: names, values: values) }

    /// The columns' names, in order.
    public var columnNames: [String] {
        switch storage {
        case .grdb(let row): return Array(row.columnNames)
        case .values(let names, _): return names
        }
    }

    /// The value of the column named `column` (the first of that name), NULL when absent.
    public func databaseValue(_ column: String) -> DatabaseValue {
        switch storage {
        case .grdb(let row):
            return row[column] as DatabaseValue? ?? .null
        case .values(let names, let values):
            guard let index = names.firstIndex(of: column) else { return .null }
            return values[index]
        }
    }

    public func databaseValue(at index: Int) -> DatabaseValue {
        switch storage {
        case .grdb(let row): return row[index] as DatabaseValue
        case .values(_, let values): return values[index]
        }
    }

    public subscript<T: DatabaseValueConvertible>(_ column: String) -> T {
        Self.convert(databaseValue(column), column)
    }

    @_disfavoredOverload
    public subscript<T: DatabaseValueConvertible>(_ column: String) -> T? {
        Self.convertOptional(databaseValue(column), column)
    }

    public subscript<T: DatabaseValueConvertible>(_ index: Int) -> T {
        Self.convert(databaseValue(at: index), "#\(index)")
    }

    @_disfavoredOverload
    public subscript<T: DatabaseValueConvertible>(_ index: Int) -> T? {
        Self.convertOptional(databaseValue(at: index), "#\(index)")
    }

    private static func convert<T: DatabaseValueConvertible>(_ value: DatabaseValue, _ column: String) -> T {
        guard let converted = T.fromDatabaseValue(value) else {
            // As GRDB does: a column that does not hold the type asked for is a programming error.
            fatalError("column \(column): cannot read \(value) as \(T.self)")
        }
        return converted
    }

    private static func convertOptional<T: DatabaseValueConvertible>(_ value: DatabaseValue, _ column: String) -> T? {
        if value.isNull { return nil }
        return convert(value, column) as T
    }
}
