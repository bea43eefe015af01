import Foundation

/// A place in a source file: 1-based line and column (columns count Unicode scalars).
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }

    /// `file:line:column`; a table row (line 0, `SourceLocation.tableRow`) is its name alone.
    public var description: String { line == 0 ? file : "\(file):\(line):\(column)" }
}

/// A composed YAML node that remembers where it was written.
///
/// Scalars stay text; the catalog decoder types them (so `"3"` and `3` can be told apart
/// through `isQuoted`). Aliases are already resolved, within the composer's node budget.
public struct YAMLNode: Sendable {
    public indirect enum Value: Sendable {
        case scalar(String, isQuoted: Bool)
        case mapping([(key: YAMLNode, value: YAMLNode)])
        case sequence([YAMLNode])
    }

    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    /// The scalar text, or nil for mappings and sequences.
    public var scalarText: String? {
        if case .scalar(let text, _) = value { return text }
        return nil
    }

    /// Mapping pairs, or nil when this is not a mapping.
    public var pairs: [(key: YAMLNode, value: YAMLNode)]? {
        if case .mapping(let pairs) = value { return pairs }
        return nil
    }

    /// Sequence items, or nil when this is not a sequence.
    public var items: [YAMLNode]? {
        if case .sequence(let items) = value { return items }
        return nil
    }

    /// True for a plain scalar that YAML reads as null (`~`, `null`, empty).
    public var isNull: Bool {
        guard case .scalar(let text, let quoted) = value, !quoted else { return false }
        return text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    /// A short name of the node's YAML type, for messages ("a mapping", "a string" …).
    public var kindDescription: String {
        switch value {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let text, let quoted):
            if quoted { return "a string" }
            if isNull { return "null" }
            if YAMLScalar.bool(text) != nil { return "a boolean" }
            if YAMLScalar.int(text) != nil { return "an integer" }
            if YAMLScalar.double(text) != nil { return "a number" }
            return "a string"
        }
    }

    /// True for a scalar YAML reads as a string: quoted, or plain and not null, a boolean or a
    /// number (`kindDescription == "a string"`, without building the description: a plain
    /// scalar starting with a letter other than n, t or f, or with a non-ASCII character,
    /// cannot be anything else).
    public var readsAsString: Bool {
        guard case .scalar(let text, let quoted) = value else { return false }
        if quoted { return true }
        if let first = text.utf8.first {
            let letter = (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z")
            if first >= 0x80 || (letter && !"nNtTfF".utf8.contains(first)) { return true }
        }
        return kindDescription == "a string"
    }

    /// Looks a key up in a mapping (first occurrence wins; duplicates are reported elsewhere).
    public subscript(key: String) -> YAMLNode? {
        pairs?.first { $0.key.scalarText == key }?.value
    }
}

/// YAML 1.2 core-schema readings of plain scalars.
public enum YAMLScalar {
    public static func bool(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    public static func int(_ text: String) -> Int? {
        var digits = Substring(text)
        if digits.hasPrefix("+") { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }) else { return nil }
        return Int(digits)
    }

    public static func double(_ text: String) -> Double? {
        if let int = int(text) { return Double(int) }
        let lowered = text.lowercased()
        if [".inf", "+.inf"].contains(lowered) { return .infinity }
        if lowered == "-.inf" { return -.infinity }
        if lowered == ".nan" { return .nan }
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
              text.contains(where: \.isNumber) else { return nil }
        return Double(text)
    }
}
