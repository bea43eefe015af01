/// What one key of a module's `config:` block is, as declared once by the module: its type,
/// unit, bounds, default and a one-line description. The decoder, the diagnostics, the
/// module's part of the JSON Schema and `vitals modules` are all made from it.
public struct ConfigKeySpec: Sendable {
    /// The YAML value a key takes.
    public indirect enum Kind: Sendable {
        /// A number (YAML int or float).
        case number
        /// A whole number.
        case integer
        case boolean
        /// A non-empty plain or quoted scalar.
        case text
        /// One of fixed words.
        case choice([String])
        /// `YYYY-MM-DD`, a real calendar day.
        case date
        /// `HH:MM` on a 24-hour clock.
        case clockTime
        /// A number in the spec's unit, or a text such as `250 ml` or `1.5 h` in any unit of
        /// the same dimension (converted to the spec's unit).
        case quantity
        /// A list of values, each as `element` describes.
        case list(element: ConfigKeySpec, minCount: Int)
        /// A nested mapping with its own keys.
        case object([ConfigKeySpec])
        /// A mapping that is `whenPresent` when it has the key `discriminator`, else `otherwise`.
        case variant(discriminator: String, whenPresent: [ConfigKeySpec], otherwise: [ConfigKeySpec])
    }

    /// The key as written in YAML; for a list's element, what one item is called ("meal slot").
    public var name: String
    public var kind: Kind
    /// The unit a number is in ("g/kg", "h"); for `.quantity` the unit values are converted to.
    public var unit: String?
    /// Inclusive bounds.
    public var minimum: Double?
    public var maximum: Double?
    /// Exclusive bounds ("more than 0").
    public var above: Double?
    public var below: Double?
    /// Out-of-range values are reported as implausible rather than outside the range.
    public var plausibility = false
    /// A missing key is an error.
    public var isRequired = false
    /// The value used when the key is absent, as JSON (`14`, `"04:00"`, `[7, 9]`).
    public var defaultJSON: String?
    /// One line for editors and `vitals modules`.
    public var doc: String
    /// Said after a value out of range ("0.8 is the basic adult need").
    public var hint: String?

    public init(name: String, kind: Kind, unit: String? = nil, doc: String) {
        self.name = name
        self.kind = kind
        self.unit = unit
        self.doc = doc
    }

    /// The type in words, for `vitals modules`: "number (g/kg), 0.5…3.5", "list of text".
    public var typeDescription: String {
        var words: String
        switch kind {
        case .number: words = "number"
        case .integer: words = "integer"
        case .boolean: words = "true/false"
        case .text: words = "text"
        case .choice(let options): words = "one of " + options.joined(separator: ", ")
        case .date: words = "date YYYY-MM-DD"
        case .clockTime: words = "time HH:MM"
        case .quantity: words = "quantity"
        case .list(let element, let minCount):
            let item: String
            if case .object = element.kind {
                item = "mappings (\(element.name))"
            } else {
                item = element.typeDescription
            }
            words = "list of \(item)" + (minCount > 0 ? ", at least \(minCount)" : "")
        case .object: words = "mapping"
        case .variant(let discriminator, _, _): words = "mapping, by whether it has \(discriminator)"
        }
        if let unit { words += " (\(unit))" }
        if let bounds = boundsDescription { words += ", " + bounds }
        return words
    }

    /// "0.5…3.5", "> 0", "> 0 and < 100"; nil without bounds.
    public var boundsDescription: String? {
        var parts: [String] = []
        if let minimum, let maximum {
            parts.append("\(Self.plain(minimum))…\(Self.plain(maximum))")
        } else if let minimum {
            parts.append("≥ \(Self.plain(minimum))")
        } else if let maximum {
            parts.append("≤ \(Self.plain(maximum))")
        }
        if let above { parts.append("> " + (kindIsClock ? Self.clock(Int(above)) : Self.plain(above))) }
        if let below { parts.append("< " + (kindIsClock ? Self.clock(Int(below)) : Self.plain(below))) }
        return parts.isEmpty ? nil : parts.joined(separator: " and ")
    }

    var kindIsClock: Bool { if case .clockTime = kind { return true } else { return false } }

    /// `1.6` as "1.6", `2.0` as "2".
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e12 ? String(Int(value)) : String(value)
    }

    /// Minutes after midnight as `HH:MM`.
    static func clock(_ minutes: Int) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }
}
