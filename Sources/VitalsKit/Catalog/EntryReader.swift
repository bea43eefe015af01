/// Checks one YAML mapping against an `EntrySpec` (unknown keys, wrong types, missing keys)
/// and hands out typed values of the keys that passed.
///
/// Every problem becomes a diagnostic; a key whose value has the wrong shape is simply absent
/// afterwards, so the caller never sees a half-valid value.
package struct EntryReader {
    package let spec: EntrySpec
    package let node: YAMLNode
    /// The node's pairs, as written.
    private var pairs: [(key: YAMLNode, value: YAMLNode)] = []
    /// For each key of the spec (by index in `spec.keys`), the index in `pairs` of the pair
    /// that gives its value, or -1 when it was not written or did not pass.
    private var slots: [Int32] = []
    /// Source locations of every key that was written (the first of a repeated one), for
    /// later rules; recorded as the keys are read, by the code the spec knows them under.
    package private(set) var keyLocations = KeyLocations()

    /// Reads `node` as a `spec` entry, appending problems to `diagnostics`.
    /// Returns nil when the node is not a mapping at all.
    package init?(_ node: YAMLNode, spec: EntrySpec, context: String, diagnostics: inout [Diagnostic]) {
        self.spec = spec
        self.node = node
        guard let pairs = node.pairs else {
            diagnostics.append(
                Diagnostic(
                    .error, rule: RuleID.wrongType,
                    "\(context) must be a mapping of keys, found \(node.kindDescription)", at: node.location))
            return nil
        }
        // Built in locals and stored at the end.
        var slots = [Int32](repeating: -1, count: spec.keys.count)
        var locations = KeyLocations(minimumCapacity: pairs.count)
        for (position, (key, value)) in pairs.enumerated() {
            guard let name = key.scalarText else {
                diagnostics.append(
                    Diagnostic(
                        .error, rule: RuleID.wrongType,
                        "keys must be plain strings, found \(key.kindDescription)", at: key.location))
                continue
            }
            locations.addFirst(name, value.location)
            guard let keyIndex = spec.keyIndexes[name] else {
                var message = "unknown key '\(Sanitize.inline(name))' in \(context)"
                if let guess = Suggest.closest(to: name, in: spec.keyNames) {
                    message += "; did you mean '\(guess)'?"
                } else {
                    message += "; allowed keys: \(spec.keyNames.joined(separator: ", "))"
                }
                diagnostics.append(Diagnostic(.error, rule: RuleID.unknownKey, message, at: key.location))
                continue
            }
            let kind = spec.keys[keyIndex].kind
            if value.isNull {
                if case .any = kind { continue }
                // Null is not "unset": the JSON Schema refuses it too, so the key is left out instead.
                diagnostics.append(
                    Diagnostic(
                        .error, rule: RuleID.wrongType,
                        "'\(name)' must be \(kind.expectation), found null; leave the key out to leave it unset",
                        at: value.location))
                continue
            }
            if let problem = EntryReader.check(value, kind: kind) {
                diagnostics.append(
                    Diagnostic(
                        .error, rule: problem.rule,
                        "'\(name)' \(problem.message)", at: value.location))
                continue
            }
            slots[keyIndex] = Int32(position)
        }
        self.pairs = pairs
        self.slots = slots
        keyLocations = locations
        for (index, slot) in spec.requiredKeys where slots[slot] < 0 {
            let name = spec.keyNames[index]
            guard !pairs.contains(where: { $0.key.scalarText.map { Self.same($0, name) } ?? false }) else { continue }
            diagnostics.append(
                Diagnostic(
                    .error, rule: RuleID.missingKey,
                    "\(context) is missing required key '\(name)' (\(spec.keys[index].summary))", at: node.location))
        }
    }

    /// `a == b`, comparing the lengths first (most names differ in length; a full comparison
    /// of two different strings is the slow path of `==`).
    @inline(__always) static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a == b
    }

    /// Returns what is wrong with `value` for `spec`, or nil.
    package static func check(_ value: YAMLNode, against spec: KeySpec) -> (rule: String, message: String)? {
        check(value, kind: spec.kind)
    }

    /// Returns what is wrong with `value` for a key of `kind`, or nil.
    static func check(_ value: YAMLNode, kind: ValueKind) -> (rule: String, message: String)? {
        func typeError() -> (String, String) {
            (RuleID.wrongType, "must be \(kind.expectation), found \(value.kindDescription)")
        }
        switch kind {
        case .any:
            return nil
        case .nested, .mappingOf:
            return value.pairs == nil ? typeError() : nil
        case .numberMap:
            guard let pairs = value.pairs else { return typeError() }
            for (key, item) in pairs {
                guard let id = key.scalarText, IDPattern.snakeCase.matches(id) else {
                    return (
                        RuleID.badID,
                        "has the key '\(Sanitize.inline(key.scalarText ?? ""))', which is not a valid id: use \(IDPattern.snakeCase.summary)"
                    )
                }
                guard let text = item.scalarText, !item.isQuoted, let number = YAMLScalar.double(text), number.isFinite
                else {
                    return (RuleID.wrongType, "maps '\(id)' to \(item.kindDescription); it must be a number")
                }
            }
            return nil
        case .stringList, .identifierList:
            guard let items = value.items else { return typeError() }
            for item in items where !item.readsAsString {
                return (RuleID.wrongType, "must be a list of strings; an item is \(item.kindDescription)")
            }
            guard case .identifierList(let pattern) = kind else { return nil }
            var seen: Set<String> = []
            for text in items.compactMap(\.scalarText) {
                if !pattern.matches(text) {
                    return (
                        RuleID.badID,
                        "lists '\(Sanitize.inline(text))', which is not a valid id: use \(pattern.summary)"
                    )
                }
                if !seen.insert(text).inserted {
                    return (RuleID.invalidValue, "lists '\(text)' twice")
                }
            }
            return nil
        case .boolean:
            guard let text = value.scalarText, !value.isQuoted, YAMLScalar.bool(text) != nil else { return typeError() }
            return nil
        case .integer(let minimum):
            guard let text = value.scalarText, !value.isQuoted, let int = YAMLScalar.integer(text) else {
                return typeError()
            }
            if let minimum, int < minimum { return (RuleID.invalidValue, "must be at least \(minimum), found \(int)") }
            return nil
        case .number:
            guard let text = value.scalarText, !value.isQuoted, let number = YAMLScalar.double(text) else {
                return typeError()
            }
            if !number.isFinite { return (RuleID.invalidValue, "must be a finite number, found \(text)") }
            return nil
        case .string, .identifier, .choice, .color, .chartType, .date, .clockTime, .timeRange:
            // A plain scalar YAML reads as a number or a boolean is not a string (`name: 2048`
            // must be quoted), as for the JSON Schema.
            guard let text = value.scalarText, value.readsAsString
            else { return typeError() }
            return checkText(text, kind: kind)
        }
    }

    private static func checkText(_ text: String, kind: ValueKind) -> (String, String)? {
        var shown: String { Sanitize.inline(text) }
        // A value that prints like a valid one ("human") but is not: say why.
        var hidden: String { shown == text ? "" : " (with invisible or control characters)" }
        switch kind {
        case .identifier(let pattern):
            return pattern.matches(text) ? nil : (RuleID.badID, "'\(shown)' is not a valid id: use \(pattern.summary)")
        case .choice(let options):
            guard !options.contains(text) else { return nil }
            var message = "'\(shown)'\(hidden) is not one of \(options.joined(separator: ", "))"
            if let guess = Suggest.closest(to: text, in: options) { message += "; did you mean '\(guess)'?" }
            return (RuleID.invalidValue, message)
        case .color:
            guard RGB(color: text) == nil else { return nil }
            var message =
                "'\(shown)'\(hidden) is not a colour: use #RGB, #RRGGBB or one of \(RGB.colorNames.joined(separator: ", "))"
            if let guess = Suggest.closest(to: text, in: RGB.colorNames) { message += "; did you mean '\(guess)'?" }
            return (RuleID.invalidValue, message)
        case .date:
            let digitsAndDashes = text.allSatisfy { $0 == "-" || ($0.isASCII && $0.isNumber) }
            return digitsAndDashes && LocalDate(iso: text) != nil
                ? nil
                : (RuleID.invalidValue, "'\(shown)' is not a YYYY-MM-DD date")
        case .clockTime:
            return ClockTime(text) != nil ? nil : (RuleID.invalidValue, "'\(shown)' is not an HH:MM time")
        case .timeRange:
            return TimeRange(text) != nil
                ? nil
                : (RuleID.invalidValue, "'\(shown)' is not a range like 7d, 12w, 6m, 1y or all")
        case .string, .chartType:
            return text.isEmpty ? (RuleID.invalidValue, "must not be empty") : nil
        default:
            return nil
        }
    }

    // MARK: Typed access to keys that passed the checks

    package func string(_ key: String) -> String? { node(key)?.scalarText }
    package func bool(_ key: String) -> Bool? { node(key)?.scalarText.flatMap(YAMLScalar.bool) }
    package func int(_ key: String) -> Int? { node(key)?.scalarText.flatMap(YAMLScalar.integer) }
    package func double(_ key: String) -> Double? { node(key)?.scalarText.flatMap(YAMLScalar.double) }
    package func strings(_ key: String) -> [String]? { node(key)?.items?.compactMap(\.scalarText) }
    package func node(_ key: String) -> YAMLNode? {
        guard let index = spec.keyIndexes[key] else { return nil }
        return node(at: index)
    }

    // The same by position in the spec (`EntrySpec.position(of:)`).
    package func string(_ key: EntrySpec.Position) -> String? { node(key)?.scalarText }
    package func bool(_ key: EntrySpec.Position) -> Bool? { node(key)?.scalarText.flatMap(YAMLScalar.bool) }
    package func int(_ key: EntrySpec.Position) -> Int? { node(key)?.scalarText.flatMap(YAMLScalar.integer) }
    package func double(_ key: EntrySpec.Position) -> Double? { node(key)?.scalarText.flatMap(YAMLScalar.double) }
    package func strings(_ key: EntrySpec.Position) -> [String]? { node(key)?.items?.compactMap(\.scalarText) }
    package func node(_ key: EntrySpec.Position) -> YAMLNode? {
        assert(key.spec == spec.name, "a key of the \(key.spec) entry read from a \(spec.name) entry")
        return node(at: key.index)
    }

    private func node(at index: Int) -> YAMLNode? {
        let slot = slots[index]
        return slot < 0 ? nil : pairs[Int(slot)].value
    }
}

extension YAMLScalar {
    /// An integer as JSON Schema counts one: `3`, and also `3.0` (a number without a fraction).
    package static func integer(_ text: String) -> Int? {
        if let int = int(text) { return int }
        guard let number = double(text), number.isFinite, number == number.rounded(),
            abs(number) < 9.0e15
        else { return nil }
        return Int(number)
    }
}

extension YAMLNode {
    package var isQuoted: Bool {
        if case .scalar(_, let quoted) = value { return quoted }
        return false
    }
}
