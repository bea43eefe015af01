import Foundation

/// A JSON value with ordered object keys, written by hand so output is byte-stable.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.text() == b.text() }

    /// A number, or null for nil and non-finite values.
    public static func number(_ value: Double?) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        return .number(value)
    }

    /// A string, or null for nil.
    public static func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }

    /// The value as JSON text; objects and arrays of objects are indented by `indent` spaces.
    public func text(indent: Int = 2) -> String {
        var out = ""
        write(to: &out, level: 0, indent: indent)
        return out
    }

    private func write(to out: inout String, level: Int, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let value): out += value.isFinite ? Self.format(value) : "null"
        case .string(let text): out += JSONString.quote(text)
        case .array(let items):
            // Arrays of scalars stay on one line; arrays of containers get a line per item.
            if items.allSatisfy(\.isScalar) {
                out += "["
                for (index, item) in items.enumerated() {
                    if index > 0 { out += ", " }
                    item.write(to: &out, level: level, indent: indent)
                }
                out += "]"
            } else {
                writeContainer(
                    items.map { (nil, $0) }, open: "[", close: "]", to: &out,
                    level: level, indent: indent)
            }
        case .object(let pairs):
            writeContainer(
                pairs.map { ($0.0, $0.1) }, open: "{", close: "}", to: &out,
                level: level, indent: indent)
        }
    }

    private func writeContainer(
        _ entries: [(String?, JSONValue)], open: String, close: String,
        to out: inout String, level: Int, indent: Int
    ) {
        guard !entries.isEmpty else {
            out += open + close
            return
        }
        let pad = String(repeating: " ", count: (level + 1) * indent)
        out += open + "\n"
        for (index, entry) in entries.enumerated() {
            out += pad
            if let key = entry.0 { out += JSONString.quote(key) + ": " }
            entry.1.write(to: &out, level: level + 1, indent: indent)
            out += index == entries.count - 1 ? "\n" : ",\n"
        }
        out += String(repeating: " ", count: level * indent) + close
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    /// Integers without a fraction; others with up to 6 significant decimals, no exponent
    /// for everyday magnitudes.
    package static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
