import Foundation

/// One result row from any backend: its columns' names and values, read by name or position
/// as `row["value"] as Double`, `row["note"] as String?`, `row[0] as Int64`.
public struct StoreRow: Sendable, Hashable {
    /// The columns' names, in order.
    public let columnNames: [String]
    /// The columns' values, in order.
    public let values: [StoreValue]

    public init(names: [String], values: [StoreValue]) {
        precondition(names.count == values.count, "a row needs one name per value")
        columnNames = names
        self.values = values
    }

    /// The value of the column named `column` (the first of that name, else the first whose
    /// name differs only in case, as SQLite matches names), NULL when there is none.
    public func value(_ column: String) -> StoreValue {
        if let index = columnNames.firstIndex(of: column) { return values[index] }
        let lowered = column.lowercased()
        guard let index = columnNames.firstIndex(where: { $0.lowercased() == lowered }) else { return .null }
        return values[index]
    }

    /// The value of the column at `index`.
    public func value(at index: Int) -> StoreValue { values[index] }

    /// The column named `column` as `T`; an optional `T` reads NULL as nil.
    public subscript<T: StoreValueConvertible>(_ column: String) -> T {
        Self.convert(value(column), column)
    }

    public subscript<T: StoreValueConvertible>(_ index: Int) -> T {
        Self.convert(value(at: index), "#\(index)")
    }

    private static func convert<T: StoreValueConvertible>(_ value: StoreValue, _ column: String) -> T {
        guard let converted = T(storeValue: value) else {
            // A column that does not hold the type asked for is a programming error (the
            // statement and its reader are written together), as it was with GRDB's rows.
            fatalError("column \(column): cannot read \(value) as \(T.self)")
        }
        return converted
    }
}
