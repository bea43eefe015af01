#if PostgreSQL
    import Foundation
    import NIOCore
    import PostgresNIO
    import VitalsKit

    /// A value sent to or read from PostgreSQL, in the storage classes the store uses on SQLite:
    /// NULL, integer, real, text (and booleans, which SQLite keeps as integers).
    public enum PostgresValue: Sendable, Hashable, CustomStringConvertible {
        case null
        case integer(Int64)
        case double(Double)
        case text(String)
        case bool(Bool)
        case bytes([UInt8])

        public var description: String {
            switch self {
            case .null: return "NULL"
            case .integer(let value): return String(value)
            case .double(let value): return String(value)
            case .text(let value): return "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
            case .bool(let value): return value ? "TRUE" : "FALSE"
            case .bytes(let value): return "'\\x" + value.map { String(format: "%02x", $0) }.joined() + "'"
            }
        }

        public var int64: Int64? {
            switch self {
            case .integer(let value): return value
            case .double(let value): return value.isFinite ? Int64(exactly: value.rounded(.towardZero)) : nil
            case .bool(let value): return value ? 1 : 0
            case .text(let value): return Int64(value)
            default: return nil
            }
        }

        public var double: Double? {
            switch self {
            case .integer(let value): return Double(value)
            case .double(let value): return value
            case .bool(let value): return value ? 1 : 0
            case .text(let value): return Double(value)
            default: return nil
            }
        }

        public var string: String? {
            switch self {
            case .text(let value): return value
            case .integer(let value): return String(value)
            case .double(let value): return String(value)
            default: return nil
            }
        }

        public var isNull: Bool { self == .null }

        /// Adds the value to a statement's bindings (bigint, double precision, text, boolean, bytea).
        func bind(into binds: inout PostgresBindings) {
            switch self {
            case .null: binds.appendNull()
            case .integer(let value): binds.append(value)
            case .double(let value): binds.append(value)
            case .text(let value): binds.append(value)
            case .bool(let value): binds.append(value)
            case .bytes(let value): binds.append(ByteBuffer(bytes: value))
            }
        }

        /// Reads a result cell. `numeric` (what SUM of integers gives) reads as an integer when it
        /// is whole, as SQLite's integer SUM does, else as a double.
        init(cell: PostgresCell) throws {
            guard cell.bytes != nil else {
                self = .null
                return
            }
            switch cell.dataType {
            case .int2, .int4, .int8, .oid:
                self = .integer(try cell.decode(Int64.self))
            case .float4, .float8:
                self = .double(try cell.decode(Double.self))
            case .numeric:
                let decimal = try cell.decode(Decimal.self)
                let double = NSDecimalNumber(decimal: decimal).doubleValue
                if decimal == decimal.rounded0, let whole = Int64(exactly: double) {
                    self = .integer(whole)
                } else {
                    self = .double(double)
                }
            case .bool:
                self = .bool(try cell.decode(Bool.self))
            case .bytea:
                self = .bytes(Array(try cell.decode(ByteBuffer.self).readableBytesView))
            default:
                self = .text(try cell.decode(String.self))
            }
        }
    }

    extension Decimal {
        /// The decimal rounded to a whole number (toward zero is enough to test wholeness).
        fileprivate var rounded0: Decimal {
            var source = self
            var result = Decimal()
            NSDecimalRound(&result, &source, 0, .down)
            return result
        }
    }
#endif
