#if canImport(VitalsKit)
    import VitalsKit
#endif

/// Reads JSON text (RFC 8259) into a `JSONValue`, bounded: nesting deeper than `maximumDepth`
/// is refused rather than recursed into, and every malformed input is a `JSONParseError`
/// saying where, never a crash. Object keys keep their order; a repeated key keeps its last
/// value when looked up (`JSONValue.subscript`), as most readers do.
struct JSONParser {
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The value `bytes` hold (one value, white space around it allowed).
    static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("text after the JSON value") }
        return value
    }

    static func parse(_ text: String) throws(JSONParseError) -> JSONValue { try parse(Array(text.utf8)) }

    private func error(_ message: String) -> JSONParseError { JSONParseError(message: message, offset: index) }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
        guard index < bytes.count else { throw error("unexpected end of the JSON text") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character")
        }
    }

    private mutating func literal(_ word: String) throws(JSONParseError) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error("expected \(word)")
        }
        index += expected.count
    }

    private mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
        index += 1
        var pairs: [(String, JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(pairs)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a key in quotes")
            }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after a key")
            }
            index += 1
            skipWhitespace()
            pairs.append((key, try value(depth: depth + 1)))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end inside an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(pairs)
            }
            throw error("expected ',' or '}' in an object")
        }
    }

    private mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end inside an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            throw error("expected ',' or ']' in an array")
        }
    }

    private mutating func number() throws(JSONParseError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - from
        }
        guard index < bytes.count else { throw error("a number without digits") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw error("a number without digits")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("a number without digits after '.'") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { throw error("a number without digits in its exponent") }
        }
        guard let text = String(validating: bytes[start..<index], as: UTF8.self), let value = Double(text) else {
            throw error("an unreadable number")
        }
        return value
    }

    private mutating func string() throws(JSONParseError) -> String {
        index += 1
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unexpected end inside a string") }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: out, as: UTF8.self) else {
                    throw error("a string that is not UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw error("unexpected end inside a string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        // A surrogate pair; a lone one is replaced, as a decoder of UTF-16 does.
                        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        {
                            index += 2
                            let low = try hex4()
                            scalar =
                                (0xDC00..<0xE000).contains(low)
                                ? 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
                        } else {
                            scalar = 0xFFFD
                        }
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        scalar = 0xFFFD
                    }
                    out += Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
                default: throw error("an unknown escape in a string")
                }
            case 0x00..<0x20: throw error("a control character inside a string")
            default: out.append(byte)
            }
        }
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("a \\u escape without four hex digits") }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw error("a \\u escape without four hex digits")
            }
            value = value * 16 + digit
        }
        index += 4
        return value
    }
}

/// Why a JSON text could not be read, and at which byte.
struct JSONParseError: Error, Equatable, CustomStringConvertible {
    var message: String
    var offset: Int
    var description: String { "\(message) (byte \(offset))" }
}

extension JSONValue {
    /// The value of `key` in an object (the last one written when it repeats), else nil.
    subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.last { $0.0 == key }?.1
    }

    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
    var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }
    var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// A whole number within Int's range, else nil.
    var intValue: Int? {
        guard case .number(let value) = self, value == value.rounded(), abs(value) < 9e15 else { return nil }
        return Int(value)
    }

    /// The value as one line of JSON (a message body).
    var compactText: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let value): return value.isFinite ? JSONValue.format(value) : "null"
        case .string(let text): return JSONString.quote(text)
        case .array(let items): return "[" + items.map(\.compactText).joined(separator: ",") + "]"
        case .object(let pairs):
            return "{" + pairs.map { JSONString.quote($0.0) + ":" + $0.1.compactText }.joined(separator: ",") + "}"
        }
    }
}
