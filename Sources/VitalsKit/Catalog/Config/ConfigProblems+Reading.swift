/// Typed reads of a screen's `config` block: each returns the value or nil, and a value of
/// the wrong type or out of range becomes a diagnostic at its own line.
extension ConfigProblems {
    /// `node` as a mapping whose keys are all in `allowed` (others are reported with a
    /// suggestion); nil (and an error) when it is not a mapping.
    public mutating func mapping(_ node: YAMLNode?, named name: String, allowed: [String]) -> YAMLNode? {
        guard let node else { return nil }
        guard let pairs = node.pairs else {
            error("\(name) must be a mapping, not \(node.kindDescription)", at: node)
            return nil
        }
        for (key, _) in pairs {
            let text = key.scalarText ?? ""
            guard !allowed.contains(text) else { continue }
            let hint = Suggest.ranked(text, in: allowed, limit: 1).first.map { "; did you mean '\($0)'?" } ?? ""
            error(
                "unknown key '\(Sanitize.inline(text))' in \(name)\(hint) (known: \(allowed.joined(separator: ", ")))",
                at: key)
        }
        return node
    }

    /// The list under `key`; nil when missing (an error if `required`) or not a list.
    public mutating func list(_ key: String, in parent: YAMLNode, required: Bool = false) -> [YAMLNode]? {
        guard let node = present(key, in: parent, required: required) else { return nil }
        guard let items = node.items else {
            error("\(key) must be a list, not \(node.kindDescription)", at: node)
            return nil
        }
        return items
    }

    /// The number under `key`, checked against `range`.
    public mutating func number(
        _ key: String, in parent: YAMLNode, required: Bool = false,
        range: ClosedRange<Double>? = nil
    ) -> Double? {
        guard let node = present(key, in: parent, required: required) else { return nil }
        guard case .scalar(let text, false) = node.value, let value = YAMLScalar.double(text), value.isFinite else {
            error("\(key) must be a number, not \(node.kindDescription)", at: node)
            return nil
        }
        if let range, !range.contains(value) {
            error(
                "\(key) \(text) is outside \(Self.format(range.lowerBound))…\(Self.format(range.upperBound))", at: node)
            return nil
        }
        return value
    }

    /// The text under `key` (a plain or quoted scalar), not empty.
    public mutating func string(_ key: String, in parent: YAMLNode, required: Bool = false) -> String? {
        guard let node = present(key, in: parent, required: required) else { return nil }
        guard case .scalar(let text, _) = node.value, !node.isNull, !text.isEmpty else {
            error("\(key) must be text, not \(node.kindDescription)", at: node)
            return nil
        }
        return text
    }

    /// The `YYYY-MM-DD` date under `key`, a real calendar day.
    public mutating func date(_ key: String, in parent: YAMLNode, required: Bool = false) -> LocalDate? {
        guard let node = present(key, in: parent, required: required) else { return nil }
        guard let text = node.scalarText, let date = LocalDate(iso: text) else {
            error(
                "\(key) must be a date as YYYY-MM-DD, got '\(Sanitize.inline(node.scalarText ?? node.kindDescription))'",
                at: node)
            return nil
        }
        return date
    }

    /// The node under `key`; reports a missing required key at the parent.
    private mutating func present(_ key: String, in parent: YAMLNode, required: Bool) -> YAMLNode? {
        guard let node = parent[key], !node.isNull else {
            if required { error("missing \(key)", at: parent) }
            return nil
        }
        return node
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e12 ? String(Int(value)) : String(value)
    }
}
