import Foundation

/// A composed YAML node that remembers where it was written.
///
/// Scalars stay text; the catalog decoder types them (so `"3"` and `3` can be told apart
/// through `isQuoted`). Aliases are already resolved, within the composer's node budget.
public struct YAMLNode: Sendable {
    /// Not `indirect`: the arrays already hold children out of line, so a scalar needs no box
    /// of its own (one allocation less per node to make and to free).
    public enum Value: Sendable {
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
        return YAMLScalar.isNull(text)
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
    /// number (`kindDescription == "a string"`, without building the description).
    public var readsAsString: Bool {
        guard case .scalar(let text, let quoted) = value else { return false }
        if quoted { return true }
        if let first = text.utf8.first {
            // A plain scalar starting with a letter other than n, t or f (null, true, false), or
            // with a non-ASCII character, cannot be anything else.
            let letter = (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z")
            if first >= 0x80 || (letter && !Self.startsNullOrBoolean(first)) { return true }
        }
        return !YAMLScalar.isNull(text) && YAMLScalar.bool(text) == nil && YAMLScalar.double(text) == nil
    }

    /// n, N, t, T, f or F: the letters `null`, `true` and `false` (any case YAML allows) start with.
    @inline(__always) private static func startsNullOrBoolean(_ byte: UInt8) -> Bool {
        switch byte | 0x20 {
        case UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "f"): return true
        default: return false
        }
    }

    /// Looks a key up in a mapping (first occurrence wins; duplicates are reported elsewhere).
    public subscript(key: String) -> YAMLNode? {
        pairs?.first { $0.key.scalarText == key }?.value
    }
}

/// YAML 1.2 core-schema readings of plain scalars.
///
/// They look at UTF-8 bytes: every character they accept is ASCII, and a text with any other
/// byte is refused exactly as a check per `Character` refuses it (a property test compares them
/// with `YAMLScalarReference`, the per-`Character` definitions).
public enum YAMLScalar {
    /// `~`, `null`, `Null`, `NULL` or empty.
    public static func isNull(_ text: String) -> Bool {
        switch text.utf8.count {
        case 0: return true
        case 1: return text.utf8.first == UInt8(ascii: "~")
        case 4: return text == "null" || text == "Null" || text == "NULL"
        default: return false
        }
    }

    public static func bool(_ text: String) -> Bool? {
        let count = text.utf8.count
        guard count == 4 || count == 5 else { return nil }
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    public static func int(_ text: String) -> Int? {
        let bytes = text.utf8
        let signed = bytes.first == UInt8(ascii: "+")
        guard bytes.count > (signed ? 1 : 0),
            bytes.dropFirst(signed ? 1 : 0).allSatisfy({ isDigit($0) || $0 == UInt8(ascii: "-") })
        else { return nil }
        return Int(signed ? text.dropFirst() : Substring(text))
    }

    public static func double(_ text: String) -> Double? {
        if let int = int(text) { return Double(int) }
        let bytes = text.utf8
        if let first = bytes.first,
            first == UInt8(ascii: ".") || first == UInt8(ascii: "+") || first == UInt8(ascii: "-")
        {
            // The only texts that can lower-case to these start with one of those three.
            let lowered = text.lowercased()
            if lowered == ".inf" || lowered == "+.inf" { return .infinity }
            if lowered == "-.inf" { return -.infinity }
            if lowered == ".nan" { return .nan }
        }
        guard bytes.allSatisfy({ isDigit($0) || isNumberPunctuation($0) }), bytes.contains(where: isDigit)
        else { return nil }
        return Double(text)
    }

    @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// `+ - . e E`
    @inline(__always) private static func isNumberPunctuation(_ byte: UInt8) -> Bool {
        byte == 0x2B || byte == 0x2D || byte == 0x2E || byte == 0x65 || byte == 0x45
    }
}
