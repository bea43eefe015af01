import Foundation

/// The shape a key's value must have.
public enum ValueKind: Sendable {
    case string
    /// A string matching an id pattern (`SCREEN_[A-Z0-9_]+`, snake_case …).
    case identifier(IDPattern)
    case integer(min: Int?)
    case number
    case boolean
    /// One of a fixed set of strings.
    case choice([String])
    case stringList
    /// A list of distinct ids in one format (a screen's former ids).
    case identifierList(IDPattern)
    /// A colour: `#RGB`, `#RRGGBB` or one of the names of `RGB.named`.
    case color
    /// A chart kind id; the `unknown-chart-type` rule checks it against `CatalogSchema.chartTypeIDs`
    /// (so that a metric with a mistyped chart still loads and only that one error is reported).
    case chartType
    /// A `YYYY-MM-DD` date.
    case date
    /// `HH:MM`, for the day cutoff.
    case clockTime
    /// `7d`, `12w`, `6m`, `1y` or `all`.
    case timeRange
    /// A nested mapping with its own keys.
    case nested(EntrySpec)
    /// A mapping from a fixed set of keys to a nested mapping (`by_kind: {dog: {min, max}}`).
    case mappingOf(keys: [String], value: EntrySpec)
    /// A mapping from snake_case ids to numbers (a meal slot's `guidance: {vegetables: 1}`).
    case numberMap
    /// Any YAML value; its owner (a screen module) checks it.
    case any

    /// Words for messages: "a string", "an integer" …
    public var expectation: String {
        switch self {
        case .string, .identifier, .choice, .color, .chartType, .date, .clockTime, .timeRange: return "a string"
        case .integer: return "an integer"
        case .number: return "a number"
        case .boolean: return "true or false"
        case .stringList, .identifierList: return "a list of strings"
        case .nested, .mappingOf: return "a mapping"
        case .numberMap: return "a mapping of ids to numbers"
        case .any: return "a value"
        }
    }
}

/// The id formats DESIGN.md fixes.
public enum IDPattern: String, Sendable {
    case snakeCase = "^[a-z][a-z0-9_]*$"
    case screen = "^SCREEN_[A-Z0-9_]+$"
    case metric = "^[A-Z][A-Z0-9_]*$"

    /// Whether `text` has this format. Every character a format accepts is ASCII, so the
    /// UTF-8 bytes are checked (no array of scalars made per id); any other byte refuses.
    public func matches(_ text: String) -> Bool {
        // Over one buffer of the bytes rather than the `utf8` view, which works out where they
        // are (inside a short string or in its storage) at every step.
        var text = text
        return text.withUTF8 { matches(bytes: $0) }
    }

    private func matches(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        @inline(__always) func lower(_ b: UInt8) -> Bool { b >= 0x61 && b <= 0x7A }
        @inline(__always) func upper(_ b: UInt8) -> Bool { b >= 0x41 && b <= 0x5A }
        @inline(__always) func digit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        switch self {
        case .snakeCase:
            guard let first = bytes.first, lower(first) else { return false }
            return bytes.allSatisfy { lower($0) || digit($0) || $0 == 0x5F }
        case .screen:
            return bytes.count > 7 && bytes.starts(with: "SCREEN_".utf8)
                && bytes.dropFirst(7).allSatisfy { upper($0) || digit($0) || $0 == 0x5F }
        case .metric:
            guard let first = bytes.first, upper(first) else { return false }
            return bytes.allSatisfy { upper($0) || digit($0) || $0 == 0x5F }
        }
    }

    /// How to describe the format in a message.
    public var summary: String {
        switch self {
        case .snakeCase: return "snake_case (lowercase letters, digits, _; starting with a letter)"
        case .screen: return "SCREEN_ followed by uppercase letters, digits or _"
        case .metric: return "uppercase letters, digits or _, starting with a letter"
        }
    }
}

/// One key of an entry: its name, its value's shape, whether it must be there.
public struct KeySpec: Sendable {
    public var name: String
    public var kind: ValueKind
    public var isRequired: Bool
    public var summary: String

    public init(_ name: String, _ kind: ValueKind, required: Bool = false, _ summary: String) {
        self.name = name
        self.kind = kind
        self.isRequired = required
        self.summary = summary
    }
}

/// The keys an entry (a pillar, a screen, a target …) may have. Decoding, validation and the
/// JSON Schema all read these tables, so a key is declared in exactly one place.
public struct EntrySpec: Sendable {
    /// Keys an entry needs when one of its keys has a given value (a target `rule: exact`
    /// needs `value`).
    public struct Condition: Sendable {
        public var key: String
        public var value: String
        public var required: [String]
    }

    public var name: String {
        get { storage.name }
        set { storage = Storage(name: newValue, keys: keys, requiredWhen: requiredWhen) }
    }
    public var keys: [KeySpec] {
        get { storage.keys }
        set { storage = Storage(name: name, keys: newValue, requiredWhen: requiredWhen) }
    }
    public var requiredWhen: [Condition] {
        get { storage.requiredWhen }
        set { storage = Storage(name: name, keys: keys, requiredWhen: newValue) }
    }
    /// The names of `keys`, in order.
    public var keyNames: [String] { storage.keyNames }
    /// The index of each name in `keys` (the first, for a name given twice): a reader finds
    /// each key of an entry here, and each key its decoder asks for.
    var keyIndexes: [String: Int] { storage.keyIndexes }
    /// Each required key's index in `keys`, with the index its name has in `keyIndexes`
    /// (where a reader records the key's value): what a reader checks was written.
    var requiredKeys: [(index: Int, slot: Int)] { storage.requiredKeys }

    /// The tables, made once and never changed (a change makes new ones): every reader of an
    /// entry holds the spec, on every thread, so a copy of it is one reference, not six.
    private var storage: Storage

    private final class Storage: Sendable {
        let name: String
        let keys: [KeySpec]
        let requiredWhen: [Condition]
        let keyNames: [String]
        let keyIndexes: [String: Int]
        let requiredKeys: [(index: Int, slot: Int)]

        init(name: String, keys: [KeySpec], requiredWhen: [Condition]) {
            self.name = name
            self.keys = keys
            self.requiredWhen = requiredWhen
            keyNames = keys.map(\.name)
            keyIndexes = Dictionary(keyNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            requiredKeys = keys.indices.filter { keys[$0].isRequired }.map { [keyIndexes] in
                ($0, keyIndexes[keys[$0].name] ?? $0)
            }
        }
    }

    public init(name: String, keys: [KeySpec], requiredWhen: [Condition] = []) {
        storage = Storage(name: name, keys: keys, requiredWhen: requiredWhen)
    }

    public func key(_ name: String) -> KeySpec? { keys.first { $0.name == name } }

    /// A key of this spec by its place in `keys`, found by name once (`position(of:)`): a
    /// decoder that reads thousands of entries reads each value by it, no name looked up.
    package struct Position: Sendable {
        let index: Int
        /// The name of the spec it belongs to, checked against a reader's in debug builds.
        let spec: String
    }

    /// The position of the key `name`. A name the spec does not declare is a programming
    /// error, found the first time the decoder asking for it runs.
    package func position(of name: String) -> Position {
        guard let index = keyIndexes[name] else {
            preconditionFailure("the \(self.name) entry declares no key '\(name)'")
        }
        return Position(index: index, spec: self.name)
    }
}

extension ValueKind {
    /// The regular expression (ECMA 262, as JSON Schema uses) that the JSON Schema gives a text
    /// kind. Each matches exactly the texts the Swift check accepts; a property test compares
    /// them on generated texts.
    public var textPattern: String? {
        switch self {
        case .identifier(let pattern): return pattern.rawValue
        case .color: return "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$"
        case .date: return Self.datePattern
        case .clockTime: return "^([01]?[0-9]|2[0-3]):[0-5][0-9]$"
        case .timeRange: return "^(([1-9][0-9]{0,3}|10000)[dwmy]|all)$"
        default: return nil
        }
    }

    /// `YYYY-MM-DD` of a real day of the Gregorian calendar (leap years included).
    private static let datePattern =
        "^("
        + "[0-9]{4}-((0[13578]|1[02])-(0[1-9]|[12][0-9]|3[01])|(0[469]|11)-(0[1-9]|[12][0-9]|30)|02-(0[1-9]|1[0-9]|2[0-8]))"
        + "|([0-9]{2}(0[48]|[2468][048]|[13579][26])|(0[048]|[2468][048]|[13579][26])00)-02-29" + ")$"
}
