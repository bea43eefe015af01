/// The keys of a module's `config:` block (or of a block nested in it), declared once as the
/// stored `ConfigKey` properties of a type, in the order they are documented:
///
/// ```swift
/// public struct WaterConfigKeys: ConfigDeclaration {
///     public var glass = ConfigKey.quantity("glass", unit: "ml", in: 50...1000, doc: "One glass")
///         .defaulting(to: 250)
///     public init() {}
/// }
/// ```
///
/// `ConfigValues<WaterConfigKeys>` is then the decoded block, read as `config.glass`.
public protocol ConfigDeclaration: Sendable {
    init()
    /// Checks between this block's keys once each decoded without error ("min below max"),
    /// reported into `problems` at the values' nodes. None by default.
    static func check(_ values: ConfigValues<Self>, problems: inout ConfigProblems)
}

extension ConfigDeclaration {
    public static func check(_ values: ConfigValues<Self>, problems: inout ConfigProblems) {}

    /// The declared keys, in declaration order.
    public static var configKeys: [any AnyConfigKey] {
        Mirror(reflecting: Self()).children.compactMap { $0.value as? any AnyConfigKey }
    }

    /// The declared keys' specs, in declaration order.
    public static var keySpecs: [ConfigKeySpec] { configKeys.map(\.spec) }
}

/// A decoded block: every declared key's value (its default when absent), read by the key's
/// property name (`config.nights`), and the YAML nodes they came from, for messages.
@dynamicMemberLookup
public struct ConfigValues<Keys: ConfigDeclaration>: Sendable {
    private let keys: Keys
    private let values: [String: any Sendable]
    /// The block's mapping; nil when the block is absent.
    public let node: YAMLNode?

    public subscript<Value>(dynamicMember key: KeyPath<Keys, ConfigKey<Value>>) -> Value {
        let declared = keys[keyPath: key]
        // Decoding stores a value of its declared type for every declared key (else it fails),
        // so the fallback to the key's absent value is never taken for a required key.
        guard let value = values[declared.spec.name] as? Value ?? declared.absent else {
            preconditionFailure("ConfigValues holds no value for the declared key \(declared.spec.name)")
        }
        return value
    }

    /// The YAML node of `key`'s value; nil when absent.
    public func node<Value>(_ key: KeyPath<Keys, ConfigKey<Value>>) -> YAMLNode? {
        node?[keys[keyPath: key].spec.name]
    }

    /// Whether the block gives `key` a value (not null).
    public func has<Value>(_ key: KeyPath<Keys, ConfigKey<Value>>) -> Bool {
        node(key).map { !$0.isNull } ?? false
    }

    /// Decodes `node` (nil: no block, every key absent) as a mapping called `name` in messages;
    /// nil when there was an error, each reported at its line.
    public static func decode(_ node: YAMLNode?, named name: String, problems: inout ConfigProblems) -> ConfigValues? {
        let before = problems.errorCount
        let declared = Keys.configKeys
        var map: YAMLNode?
        if let node {
            guard let checked = problems.mapping(node, named: name, allowed: declared.map(\.spec.name)) else {
                return nil
            }
            map = checked
        }
        var values: [String: any Sendable] = [:]
        for key in declared {
            if let value = key.readAny(in: map, problems: &problems) { values[key.spec.name] = value }
        }
        guard problems.errorCount == before else { return nil }
        let decoded = ConfigValues(keys: Keys(), values: values, node: map)
        Keys.check(decoded, problems: &problems)
        return problems.errorCount == before ? decoded : nil
    }
}

/// Two alternative blocks under one key, told apart by whether a key is present (a reference
/// with `rule:` is a rule, else a table).
public enum ConfigVariant<WhenPresent: ConfigDeclaration, Otherwise: ConfigDeclaration>: Sendable {
    case present(ConfigValues<WhenPresent>)
    case otherwise(ConfigValues<Otherwise>)
}

// MARK: Nested blocks and lists

extension ConfigKey {
    /// A nested mapping with the keys of `Keys`.
    public static func object<Keys: ConfigDeclaration>(_ name: String, _ keys: Keys.Type, doc: String)
        -> ConfigKey<ConfigValues<Keys>?> where Value == ConfigValues<Keys>?
    {
        let spec = ConfigKeySpec(name: name, kind: .object(Keys.keySpecs), doc: doc)
        return ConfigKey(spec: spec, absent: .some(nil)) { node, problems in
            ConfigValues<Keys>.decode(node, named: name, problems: &problems)
        }
    }

    /// A mapping with the keys of `WhenPresent` when it has `discriminator`, else of `Otherwise`.
    public static func variant<WhenPresent: ConfigDeclaration, Otherwise: ConfigDeclaration>(
        _ name: String, when discriminator: String, _ present: WhenPresent.Type, otherwise: Otherwise.Type, doc: String
    ) -> ConfigKey<ConfigVariant<WhenPresent, Otherwise>?> where Value == ConfigVariant<WhenPresent, Otherwise>? {
        let spec = ConfigKeySpec(
            name: name,
            kind: .variant(
                discriminator: discriminator, whenPresent: WhenPresent.keySpecs,
                otherwise: Otherwise.keySpecs), doc: doc)
        return ConfigKey(spec: spec, absent: .some(nil)) { node, problems in
            if node[discriminator] != nil {
                return ConfigValues<WhenPresent>.decode(node, named: name, problems: &problems).map { .present($0) }
            }
            return ConfigValues<Otherwise>.decode(node, named: name, problems: &problems).map { .otherwise($0) }
        }
    }

    /// A list of at least `minCount` items, each read as `element` (whose name says what one
    /// item is: "meal slot").
    public static func list<Element: Sendable>(
        _ name: String, of element: ConfigKey<Element?>, atLeast minCount: Int = 0,
        doc: String
    ) -> ConfigKey<[Element]?> where Value == [Element]? {
        let spec = ConfigKeySpec(name: name, kind: .list(element: element.spec, minCount: minCount), doc: doc)
        let item = element.spec.name
        return ConfigKey(spec: spec, absent: .some(nil)) { node, problems in
            guard let items = node.items else {
                problems.error("\(name) must be a list, not \(node.kindDescription)", at: node)
                return nil
            }
            if items.count < minCount {
                problems.error("\(name) needs at least \(ConfigReading.count(minCount, item))", at: node)
                return nil
            }
            var decoded: [Element] = []
            let before = problems.errorCount
            // A scalar reader words its problems about its name; an item is "a meal slot".
            // (Nested mappings are named "a milestone" already.)
            var isObject = false
            if case .object = element.spec.kind { isObject = true }
            for itemNode in items {
                var itemProblems = ConfigProblems(screen: problems.screen)
                if let value = element.decode(itemNode, &itemProblems) ?? nil { decoded.append(value) }
                problems.append(
                    isObject
                        ? itemProblems.diagnostics
                        : itemProblems.diagnostics.map { $0.relabelled(from: item, to: "a \(item)") })
            }
            return problems.errorCount == before ? decoded : nil
        }
    }

    /// A list of nested mappings with the keys of `Keys`, each called `itemName` in messages.
    public static func list<Keys: ConfigDeclaration>(
        _ name: String, of keys: Keys.Type, itemName: String, atLeast minCount: Int = 0,
        doc: String
    ) -> ConfigKey<[ConfigValues<Keys>]?>
    where Value == [ConfigValues<Keys>]? {
        let element = ConfigKey<ConfigValues<Keys>?>(
            spec: ConfigKeySpec(name: itemName, kind: .object(Keys.keySpecs), doc: ""),
            absent: .some(nil)
        ) { node, problems in
            ConfigValues<Keys>.decode(node, named: "a \(itemName)", problems: &problems)
        }
        return list(name, of: element, atLeast: minCount, doc: doc)
    }
}

extension ConfigReading {
    /// "one meal slot", "two reference points", "5 classes".
    static func count(_ count: Int, _ noun: String) -> String {
        let words = ["no", "one", "two", "three", "four", "five"]
        let number = count < words.count ? words[count] : String(count)
        return "\(number) \(noun)\(count == 1 ? "" : "s")"
    }
}

extension Diagnostic {
    /// The diagnostic with a message about `label` (an item's bare name, as scalar readers word
    /// it) about `replacement` ("a meal slot") instead.
    func relabelled(from label: String, to replacement: String) -> Diagnostic {
        guard let range = message.range(of: "config: \(label) ") else { return self }
        var copy = self
        copy.message.replaceSubrange(range, with: "config: \(replacement) ")
        return copy
    }
}

extension ConfigProblems {
    /// Adds diagnostics collected elsewhere.
    mutating func append(_ more: [Diagnostic]) { diagnostics += more }
}
