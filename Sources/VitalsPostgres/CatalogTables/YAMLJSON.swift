#if PostgreSQL
    import VitalsKit

    /// Nested catalog values (`config`, `target`, lists) as JSON for `json` columns, and back.
    ///
    /// YAML to JSON reads plain scalars by the YAML 1.2 core schema (null, booleans, integers,
    /// finite numbers) and everything else, quoted scalars included, as strings. JSON to YAML gives
    /// strings as quoted scalars and numbers, booleans and null as plain ones, so the catalog
    /// decoder types them exactly as it typed the original.
    enum YAMLJSON {
        /// The JSON text of `node`.
        static func json(_ node: YAMLNode) -> String {
            switch node.value {
            case .scalar(let text, let quoted):
                if quoted { return JSONString.quote(text) }
                if node.isNull { return "null" }
                if let bool = YAMLScalar.bool(text) { return bool ? "true" : "false" }
                if let int = YAMLScalar.int(text) { return String(int) }
                if let double = YAMLScalar.double(text), double.isFinite { return "\(double)" }
                return JSONString.quote(text)
            case .sequence(let items):
                return "[" + items.map(json).joined(separator: ",") + "]"
            case .mapping(let pairs):
                return "{"
                    + pairs.map { JSONString.quote($0.key.scalarText ?? "") + ":" + json($0.value) }
                    .joined(separator: ",") + "}"
            }
        }

        /// Why a JSON text could not be read.
        struct Malformed: Error, CustomStringConvertible {
            var description: String
        }

        /// The YAML node of a JSON text, every node placed at `location`.
        static func node(_ text: String, at location: SourceLocation) throws -> YAMLNode {
            var parser = Parser(scalars: Array(text.unicodeScalars), location: location)
            let node = try parser.value()
            parser.skipSpace()
            guard parser.index == parser.scalars.count else {
                throw Malformed(description: "text after the JSON value")
            }
            return node
        }

        private struct Parser {
            let scalars: [Unicode.Scalar]
            let location: SourceLocation
            var index = 0

            init(scalars: [Unicode.Scalar], location: SourceLocation) {
                self.scalars = scalars
                self.location = location
            }

            mutating func skipSpace() {
                while index < scalars.count, [" ", "\n", "\r", "\t"].contains(scalars[index]) { index += 1 }
            }

            mutating func value(depth: Int = 0) throws -> YAMLNode {
                guard depth < 256 else { throw Malformed(description: "nested too deeply") }
                skipSpace()
                guard index < scalars.count else { throw Malformed(description: "unexpected end") }
                switch scalars[index] {
                case "{":
                    index += 1
                    var pairs: [(key: YAMLNode, value: YAMLNode)] = []
                    skipSpace()
                    if index < scalars.count, scalars[index] == "}" {
                        index += 1
                        return YAMLNode(.mapping(pairs), at: location)
                    }
                    while true {
                        skipSpace()
                        let key = try string()
                        skipSpace()
                        try expect(":")
                        let item = try value(depth: depth + 1)
                        pairs.append((YAMLNode(.scalar(key, isQuoted: false), at: location), item))
                        skipSpace()
                        if try endOrComma("}") { return YAMLNode(.mapping(pairs), at: location) }
                    }
                case "[":
                    index += 1
                    var items: [YAMLNode] = []
                    skipSpace()
                    if index < scalars.count, scalars[index] == "]" {
                        index += 1
                        return YAMLNode(.sequence(items), at: location)
                    }
                    while true {
                        items.append(try value(depth: depth + 1))
                        skipSpace()
                        if try endOrComma("]") { return YAMLNode(.sequence(items), at: location) }
                    }
                case "\"":
                    return YAMLNode(.scalar(try string(), isQuoted: true), at: location)
                default:
                    let start = index
                    while index < scalars.count, !",]} \n\r\t".unicodeScalars.contains(scalars[index]) { index += 1 }
                    let word = String(String.UnicodeScalarView(scalars[start..<index]))
                    guard ["true", "false", "null"].contains(word) || Double(word) != nil else {
                        throw Malformed(description: "unexpected '\(word)'")
                    }
                    return YAMLNode(.scalar(word, isQuoted: false), at: location)
                }
            }

            private mutating func expect(_ scalar: Unicode.Scalar) throws {
                guard index < scalars.count, scalars[index] == scalar else {
                    throw Malformed(description: "expected '\(scalar)'")
                }
                index += 1
            }

            private mutating func endOrComma(_ end: Unicode.Scalar) throws -> Bool {
                guard index < scalars.count else { throw Malformed(description: "unexpected end") }
                if scalars[index] == end {
                    index += 1
                    return true
                }
                try expect(",")
                return false
            }

            private mutating func string() throws -> String {
                try expect("\"")
                var out = String.UnicodeScalarView()
                while index < scalars.count {
                    let scalar = scalars[index]
                    index += 1
                    if scalar == "\"" { return String(out) }
                    guard scalar == "\\" else {
                        out.append(scalar)
                        continue
                    }
                    guard index < scalars.count else { break }
                    let escape = scalars[index]
                    index += 1
                    switch escape {
                    case "n": out.append("\n")
                    case "r": out.append("\r")
                    case "t": out.append("\t")
                    case "b": out.append("\u{08}")
                    case "f": out.append("\u{0C}")
                    case "u":
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code), index + 1 < scalars.count, scalars[index] == "\\",
                            scalars[index + 1] == "u"
                        {
                            index += 2
                            let low = try hex4()
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        out.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    default: out.append(escape)
                    }
                }
                throw Malformed(description: "unterminated string")
            }

            private mutating func hex4() throws -> UInt32 {
                guard index + 4 <= scalars.count,
                    let code = UInt32(String(String.UnicodeScalarView(scalars[index..<index + 4])), radix: 16)
                else { throw Malformed(description: "bad \\u escape") }
                index += 4
                return code
            }
        }
    }
#endif
