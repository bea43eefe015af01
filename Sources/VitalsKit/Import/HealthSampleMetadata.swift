/// The JSON object stored in a sample's `metadata` column for an imported HealthKit element.
///
/// Written by hand (no `JSONSerialization`) because it runs once per record. Keys keep their
/// case, so `meal` and `Meal` stay two keys.
struct HealthSampleMetadata {
    private var text = "{"

    /// Adds `"key": "value"`; nil values are left out.
    mutating func add(_ key: String, _ value: String?) {
        guard let value else { return }
        separator()
        Self.quote(key, into: &text)
        text += ":"
        Self.quote(value, into: &text)
    }

    /// Adds `"key": number`.
    mutating func add(_ key: String, _ value: Double?) {
        guard let value, value.isFinite else { return }
        separator()
        Self.quote(key, into: &text)
        text += ":" + HealthValue.number(value).description
    }

    /// Adds `"key": {…}` from entries in order (a repeated exact key keeps its last value).
    mutating func add(_ key: String, entries: [MetadataEntry]) {
        guard !entries.isEmpty else { return }
        var object = HealthSampleMetadata()
        for entry in entries { object.add(entry.key, entry.value) }
        addRaw(key, object.json)
    }

    /// Adds `"key": raw` where raw is already JSON.
    mutating func addRaw(_ key: String, _ raw: String) {
        separator()
        Self.quote(key, into: &text)
        text += ":" + raw
    }

    /// The object, or nil when nothing was added.
    var jsonOrNil: String? { text == "{" ? nil : text + "}" }
    var json: String { text + "}" }

    private mutating func separator() { if text != "{" { text += "," } }

    static func quote(_ value: String, into text: inout String) {
        text += "\""
        var plain = true
        for unit in value.utf8 where unit < 0x20 || unit == 0x22 || unit == 0x5C { plain = false; break }
        if plain {
            text += value
        } else {
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                case "\n": text += "\\n"
                case "\t": text += "\\t"
                case "\r": text += "\\r"
                default:
                    if scalar.value < 0x20 {
                        let hex = String(scalar.value, radix: 16)
                        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        text.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        text += "\""
    }
}
