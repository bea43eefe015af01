import Foundation

/// A value a statement sends to the store or a result row holds, in the storage classes the
/// store uses on every backend: NULL, a 64-bit integer, a double, text, bytes. Booleans travel
/// as the integers 0 and 1, as SQLite keeps them.
public enum StoreValue: Sendable, Hashable, CustomStringConvertible {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    public var isNull: Bool { self == .null }

    /// The value as SQL would write it, for messages and tests (never sent to a store: values
    /// travel as statement arguments).
    public var description: String {
        switch self {
        case .null: return "NULL"
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .text(let value): return "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let data): return "X'" + data.map { String(format: "%02X", $0) }.joined() + "'"
        }
    }
}

extension StoreValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByBooleanLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}

/// A Swift type a statement argument or a result column converts to and from. The readings
/// are SQLite's (and GRDB's, which the store used before): an integer column reads as a
/// `Double`, a whole real as an `Int64`, text as `Data` and UTF-8 bytes as a `String`;
/// anything else is nil.
public protocol StoreValueConvertible {
    var storeValue: StoreValue { get }
    /// The value `stored` holds as this type, nil when it holds none (NULL, another kind).
    init?(storeValue stored: StoreValue)
}

extension StoreValue: StoreValueConvertible {
    public var storeValue: StoreValue { self }
    public init?(storeValue stored: StoreValue) { self = stored }
}

extension Int64: StoreValueConvertible {
    public var storeValue: StoreValue { .integer(self) }
    public init?(storeValue stored: StoreValue) {
        switch stored {
        case .integer(let value): self = value
        case .real(let value):
            // Truncated toward zero, as SQLite converts a real to an integer; out of range is none.
            guard value >= Double(Int64.min), value < Double(Int64.max) else { return nil }
            self = Int64(value)
        default: return nil
        }
    }
}

extension Int: StoreValueConvertible {
    public var storeValue: StoreValue { .integer(Int64(self)) }
    public init?(storeValue stored: StoreValue) {
        guard let value = Int64(storeValue: stored).flatMap({ Int(exactly: $0) }) else { return nil }
        self = value
    }
}

extension Int32: StoreValueConvertible {
    public var storeValue: StoreValue { .integer(Int64(self)) }
    public init?(storeValue stored: StoreValue) {
        guard let value = Int64(storeValue: stored).flatMap({ Int32(exactly: $0) }) else { return nil }
        self = value
    }
}

extension Double: StoreValueConvertible {
    public var storeValue: StoreValue { .real(self) }
    public init?(storeValue stored: StoreValue) {
        switch stored {
        case .integer(let value): self = Double(value)
        case .real(let value): self = value
        default: return nil
        }
    }
}

extension Bool: StoreValueConvertible {
    public var storeValue: StoreValue { .integer(self ? 1 : 0) }
    public init?(storeValue stored: StoreValue) {
        switch stored {
        case .integer(let value): self = value != 0
        case .real(let value): self = value != 0
        default: return nil
        }
    }
}

extension String: StoreValueConvertible {
    public var storeValue: StoreValue { .text(self) }
    public init?(storeValue stored: StoreValue) {
        switch stored {
        case .text(let value): self = value
        case .blob(let data):
            guard let value = String(data: data, encoding: .utf8) else { return nil }
            self = value
        default: return nil
        }
    }
}

extension Data: StoreValueConvertible {
    public var storeValue: StoreValue { .blob(self) }
    public init?(storeValue stored: StoreValue) {
        switch stored {
        case .blob(let data): self = data
        case .text(let value): self = Data(value.utf8)
        default: return nil
        }
    }
}

extension Optional: StoreValueConvertible where Wrapped: StoreValueConvertible {
    public var storeValue: StoreValue { self?.storeValue ?? .null }
    /// NULL is `.some(nil)`; a value of another kind is nil.
    public init?(storeValue stored: StoreValue) {
        if stored.isNull {
            self = .none
            return
        }
        guard let value = Wrapped(storeValue: stored) else { return nil }
        self = .some(value)
    }
}

/// The arguments of a statement with `?` placeholders, in order, written as an array literal
/// of any convertible values: `[series, subject, start, note]` (a nil is NULL).
public struct StoreArguments: Sendable, Hashable, ExpressibleByArrayLiteral {
    public var values: [StoreValue]

    public init(_ values: [StoreValue] = []) { self.values = values }

    public init<S: Sequence>(_ values: S) where S.Element: StoreValueConvertible {
        self.values = values.map(\.storeValue)
    }

    public init(arrayLiteral elements: (any StoreValueConvertible)?...) {
        values = elements.map { $0?.storeValue ?? .null }
    }

    public var isEmpty: Bool { values.isEmpty }

    public static func + (a: StoreArguments, b: StoreArguments) -> StoreArguments {
        StoreArguments(a.values + b.values)
    }
    public static func += (a: inout StoreArguments, b: StoreArguments) { a.values += b.values }
}
