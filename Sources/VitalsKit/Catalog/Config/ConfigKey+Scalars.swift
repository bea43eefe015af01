/// The scalar keys a declaration may have. Each is optional as declared; `.defaulting(to:)`
/// or `.required()` says what an absent key is.
extension ConfigKey where Value == Double? {
    /// A number; `range` (inclusive), `above`/`below` (exclusive) bound it, `plausible`
    /// words a value outside `range` as implausible, `hint` is said after a refusal.
    public static func number(
        _ name: String, unit: String? = nil, in range: ClosedRange<Double>? = nil,
        above: Double? = nil, below: Double? = nil, plausible: Bool = false,
        hint: String? = nil, doc: String
    ) -> ConfigKey<Double?> {
        let spec = ConfigKeySpec(
            .number, name, unit: unit, range: range, above: above, below: below,
            plausible: plausible, hint: hint, doc: doc)
        return ConfigKey(spec: spec, absent: .some(nil)) { node, problems in
            ConfigReading.number(node, spec, label: name, problems: &problems)
        }
    }

    /// A quantity in `unit`: a number in that unit, or a text such as `250 ml` or `1.5 h` in any
    /// unit of the same dimension, converted. Bounds are in `unit`.
    public static func quantity(
        _ name: String, unit: String, in range: ClosedRange<Double>? = nil,
        above: Double? = nil, below: Double? = nil, hint: String? = nil,
        doc: String
    ) -> ConfigKey<Double?> {
        let spec = ConfigKeySpec(
            .quantity, name, unit: unit, range: range, above: above, below: below,
            plausible: false, hint: hint, doc: doc)
        return ConfigKey(spec: spec, absent: .some(nil)) { node, problems in
            ConfigReading.quantity(node, spec, label: name, problems: &problems)
        }
    }
}

extension ConfigKey where Value == Int? {
    /// A whole number, bounded as `number`.
    public static func integer(
        _ name: String, unit: String? = nil, in range: ClosedRange<Int>? = nil,
        hint: String? = nil, doc: String
    ) -> ConfigKey<Int?> {
        let spec = ConfigKeySpec(
            .integer, name, unit: unit, range: range.map { Double($0.lowerBound)...Double($0.upperBound) },
            above: nil, below: nil, plausible: false, hint: hint, doc: doc)
        return ConfigKey(spec: spec, absent: .some(nil)) { node, problems in
            guard let value = ConfigReading.number(node, spec, label: name, problems: &problems) else { return nil }
            guard value == value.rounded(), abs(value) < 1e15 else {
                problems.error(
                    "\(name) must be a whole number\(unit.map { " of \($0)" } ?? ""), not \(node.scalarText ?? "")"
                        + ConfigReading.hint(spec), at: node)
                return nil
            }
            return Int(value)
        }
    }
}

extension ConfigKey where Value == Bool? {
    public static func boolean(_ name: String, doc: String) -> ConfigKey<Bool?> {
        let spec = ConfigKeySpec(name: name, kind: .boolean, doc: doc)
        return ConfigKey(spec: spec, absent: .some(nil)) { node, problems in
            guard case .scalar(let text, false) = node.value, let value = YAMLScalar.bool(text) else {
                problems.error("\(name) must be true or false, not \(node.kindDescription)", at: node)
                return nil
            }
            return value
        }
    }
}

extension ConfigKey where Value == String? {
    /// A non-empty text.
    public static func text(_ name: String, doc: String) -> ConfigKey<String?> {
        let spec = ConfigKeySpec(name: name, kind: .text, doc: doc)
        return ConfigKey(spec: spec, absent: .some(nil)) { node, problems in
            ConfigReading.text(node, label: name, problems: &problems)
        }
    }

    /// One of `options`; another word is refused with the closest as a suggestion.
    public static func choice(_ name: String, _ options: [String], doc: String) -> ConfigKey<String?> {
        let spec = ConfigKeySpec(name: name, kind: .choice(options), doc: doc)
        return ConfigKey(spec: spec, absent: .some(nil)) { node, problems in
            guard let text = ConfigReading.text(node, label: name, problems: &problems) else { return nil }
            guard options.contains(text) else {
                let hint = Suggest.ranked(text, in: options, limit: 1).first.map { "; did you mean '\($0)'?" } ?? ""
                problems.error(
                    "\(name) must be \(ConfigReading.alternatives(options)), not '\(Sanitize.inline(text))'\(hint)",
                    at: node)
                return nil
            }
            return text
        }
    }
}

extension ConfigKey where Value == LocalDate? {
    /// A calendar day as `YYYY-MM-DD`.
    public static func date(_ name: String, doc: String) -> ConfigKey<LocalDate?> {
        let spec = ConfigKeySpec(name: name, kind: .date, doc: doc)
        return ConfigKey(spec: spec, absent: .some(nil)) { node, problems in
            guard let text = node.scalarText, let date = LocalDate(iso: text) else {
                problems.error(
                    "\(name) must be a date as YYYY-MM-DD, got '\(Sanitize.inline(node.scalarText ?? node.kindDescription))'",
                    at: node)
                return nil
            }
            return date
        }
    }
}

extension ConfigKey where Value == ClockTime? {
    /// A time of day as `HH:MM`; `before` (minutes after midnight) bounds it.
    public static func clockTime(_ name: String, before: Int? = nil, hint: String? = nil, doc: String) -> ConfigKey<
        ClockTime?
    > {
        var spec = ConfigKeySpec(name: name, kind: .clockTime, doc: doc)
        spec.below = before.map(Double.init)
        spec.hint = hint
        let frozen = spec
        return ConfigKey(spec: frozen, absent: .some(nil)) { node, problems in
            guard let text = node.scalarText, let time = ClockTime(text) else {
                problems.error(
                    "\(name) must be a time as HH:MM (\"04:00\"), got '\(Sanitize.inline(node.scalarText ?? node.kindDescription))'",
                    at: node)
                return nil
            }
            if let before, time.minutesAfterMidnight >= before {
                problems.error(
                    "\(name) \(text) must be before \(ConfigKeySpec.clock(before))" + ConfigReading.hint(frozen),
                    at: node)
                return nil
            }
            return time
        }
    }
}

extension ConfigKeySpec {
    init(
        _ kind: Kind, _ name: String, unit: String?, range: ClosedRange<Double>?, above: Double?, below: Double?,
        plausible: Bool, hint: String?, doc: String
    ) {
        self.init(name: name, kind: kind, unit: unit, doc: doc)
        minimum = range?.lowerBound
        maximum = range?.upperBound
        self.above = above
        self.below = below
        plausibility = plausible
        self.hint = hint
    }
}

/// The checks and messages of scalar values, shared by the key kinds.
enum ConfigReading {
    /// " (hint)", or nothing.
    static func hint(_ spec: ConfigKeySpec) -> String { spec.hint.map { " (\($0))" } ?? "" }

    /// "a", "a or b", "a, b or c".
    static func alternatives(_ options: [String]) -> String {
        guard options.count > 1 else { return options.first ?? "" }
        return options.dropLast().joined(separator: ", ") + " or " + options[options.count - 1]
    }

    static func text(_ node: YAMLNode, label: String, problems: inout ConfigProblems) -> String? {
        guard case .scalar(let text, _) = node.value, !node.isNull, !text.isEmpty else {
            problems.error("\(label) must be text, not \(node.kindDescription)", at: node)
            return nil
        }
        return text
    }

    /// A plain number within the spec's bounds.
    static func number(_ node: YAMLNode, _ spec: ConfigKeySpec, label: String, problems: inout ConfigProblems)
        -> Double?
    {
        guard case .scalar(let text, false) = node.value, let value = YAMLScalar.double(text), value.isFinite else {
            problems.error("\(label) must be a number, not \(node.kindDescription)", at: node)
            return nil
        }
        return bounded(value, text: text, node: node, spec, label: label, problems: &problems)
    }

    /// A number in the spec's unit, or `N unit` in a unit of the same dimension.
    static func quantity(_ node: YAMLNode, _ spec: ConfigKeySpec, label: String, problems: inout ConfigProblems)
        -> Double?
    {
        let unit = spec.unit ?? ""
        guard case .scalar(let text, let quoted) = node.value, !node.isNull else {
            problems.error(
                "\(label) must be a number of \(unit) or a quantity such as '2 \(unit)', not \(node.kindDescription)",
                at: node)
            return nil
        }
        if !quoted, let value = YAMLScalar.double(text), value.isFinite {
            return bounded(value, text: text, node: node, spec, label: label, problems: &problems)
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let digits = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }
        let symbol = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        guard let amount = YAMLScalar.double(String(digits)), amount.isFinite, !symbol.isEmpty,
            let given = KnownUnit.named(symbol), let target = KnownUnit.named(unit)
        else {
            problems.error(
                "\(label) must be a number of \(unit) or a quantity such as '2 \(unit)', not '\(Sanitize.inline(text))'",
                at: node)
            return nil
        }
        guard let value = given.convert(amount, to: target) else {
            problems.error(
                "\(label) is in \(Sanitize.inline(symbol)), which is not a unit of \(target.dimension.rawValue) like \(unit)",
                at: node)
            return nil
        }
        return bounded(value, text: text, node: node, spec, label: label, problems: &problems)
    }

    /// `value` when within the spec's exclusive and inclusive bounds, else an error at `node`.
    static func bounded(
        _ value: Double, text: String, node: YAMLNode, _ spec: ConfigKeySpec, label: String,
        problems: inout ConfigProblems
    ) -> Double? {
        let unit = spec.unit.map { $0 == "%" ? " %" : " \($0)" } ?? ""
        let plain = ConfigKeySpec.plain
        if let above = spec.above, let below = spec.below, !(value > above && value < below) {
            problems.error(
                "\(label) \(text) must be more than \(plain(above)) and less than \(plain(below))" + hint(spec),
                at: node)
            return nil
        }
        if spec.below == nil, let above = spec.above, !(value > above) {
            problems.error("\(label) must be more than \(plain(above))\(unit), got \(text)" + hint(spec), at: node)
            return nil
        }
        if spec.above == nil, let below = spec.below, !(value < below) {
            problems.error("\(label) must be less than \(plain(below))\(unit), got \(text)" + hint(spec), at: node)
            return nil
        }
        let low = spec.minimum ?? -.infinity
        let high = spec.maximum ?? .infinity
        guard value >= low, value <= high else {
            let bounds =
                spec.minimum != nil && spec.maximum != nil
                ? "\(plain(low))…\(plain(high))"
                : spec.minimum != nil ? "at least \(plain(low))" : "at most \(plain(high))"
            if spec.plausibility {
                problems.error("\(label) \(text)\(unit) is implausible: use \(bounds)\(unit)" + hint(spec), at: node)
            } else {
                problems.error("\(label) \(text) is outside \(bounds)\(unit)" + hint(spec), at: node)
            }
            return nil
        }
        return value
    }
}
