/// One key of a module's `config:` block, declared once as a stored property of the module's
/// `ConfigDeclaration`; its `Value` is what the config gives for it (optional unless it has a
/// default or is required).
///
/// ```swift
/// public var nights = ConfigKey.integer("nights", in: 1...90, doc: "Nights shown").defaulting(to: 14)
/// ```
public struct ConfigKey<Value: Sendable>: Sendable {
    public private(set) var spec: ConfigKeySpec
    /// Reads a present, non-null node; problems at their lines, nil when unusable.
    let decode: @Sendable (YAMLNode, inout ConfigProblems) -> Value?
    /// The value when the key is absent; nil for a required key.
    let absent: Value?

    init(spec: ConfigKeySpec, absent: Value?, decode: @escaping @Sendable (YAMLNode, inout ConfigProblems) -> Value?) {
        self.spec = spec
        self.absent = absent
        self.decode = decode
    }

    /// The value of this key in `map` (nil: no mapping, every key absent).
    func read(in map: YAMLNode?, problems: inout ConfigProblems) -> Value? {
        guard let node = map?[spec.name], !node.isNull else {
            if let absent { return absent }
            problems.error("missing \(spec.name)", at: map)
            return nil
        }
        return decode(node, &problems)
    }
}

/// A `ConfigKey` of any value type, as the decoder walks a declaration's keys.
public protocol AnyConfigKey: Sendable {
    var spec: ConfigKeySpec { get }
    /// The key's value in `map` for `ConfigValues`; nil when it could not be read.
    func readAny(in map: YAMLNode?, problems: inout ConfigProblems) -> (any Sendable)?
}

extension ConfigKey: AnyConfigKey {
    public func readAny(in map: YAMLNode?, problems: inout ConfigProblems) -> (any Sendable)? {
        read(in: map, problems: &problems).map { $0 as any Sendable }
    }
}

// MARK: Absent keys: optional, a default, or required

extension ConfigKey {
    /// The key with `value` when it is absent (shown as the default in the schema and `vitals modules`).
    public func defaulting<Wrapped: Sendable>(to value: Wrapped) -> ConfigKey<Wrapped> where Value == Wrapped? {
        var spec = spec
        spec.defaultJSON = (value as? any ConfigJSONLiteral)?.jsonLiteral ?? spec.defaultJSON
        let decode = self.decode
        return ConfigKey<Wrapped>(spec: spec, absent: value) { node, problems in decode(node, &problems) ?? nil }
    }

    /// The key, reported as missing when absent.
    public func required<Wrapped: Sendable>() -> ConfigKey<Wrapped> where Value == Wrapped? {
        var spec = spec
        spec.isRequired = true
        let decode = self.decode
        return ConfigKey<Wrapped>(spec: spec, absent: nil) { node, problems in decode(node, &problems) ?? nil }
    }

    /// The key read on into another type by `transform`, which reports what it refuses at
    /// the node (checks between a nested block's keys, say) and returns nil then.
    public func checked<Wrapped: Sendable, Result: Sendable>(
        _ transform: @escaping @Sendable (Wrapped, YAMLNode, inout ConfigProblems) -> Result?
    ) -> ConfigKey<Result?> where Value == Wrapped? {
        let decode = self.decode
        return ConfigKey<Result?>(spec: spec, absent: .some(nil)) { node, problems in
            guard let value = decode(node, &problems) ?? nil else { return nil }
            let before = problems.errorCount
            let result = transform(value, node, &problems)
            return problems.errorCount == before ? result.map { .some($0) } : nil
        }
    }

    /// The key with a default that is not one literal (a nested block's), for the schema only.
    public func documentingDefault(_ json: String) -> ConfigKey {
        var copy = self
        copy.spec.defaultJSON = json
        return copy
    }
}

/// A value written as the JSON of a default.
public protocol ConfigJSONLiteral { var jsonLiteral: String { get } }
extension Double: ConfigJSONLiteral { public var jsonLiteral: String { ConfigKeySpec.plain(self) } }
extension Int: ConfigJSONLiteral { public var jsonLiteral: String { String(self) } }
extension Bool: ConfigJSONLiteral { public var jsonLiteral: String { self ? "true" : "false" } }
extension String: ConfigJSONLiteral { public var jsonLiteral: String { JSONString.quote(self) } }
extension ClockTime: ConfigJSONLiteral {
    public var jsonLiteral: String { JSONString.quote(ConfigKeySpec.clock(minutesAfterMidnight)) }
}
extension Array: ConfigJSONLiteral where Element == String {
    public var jsonLiteral: String { "[" + map { JSONString.quote($0) }.joined(separator: ", ") + "]" }
}

extension ConfigProblems {
    /// How many errors have been collected so far.
    public var errorCount: Int { diagnostics.lazy.filter { $0.severity == .error }.count }
}
