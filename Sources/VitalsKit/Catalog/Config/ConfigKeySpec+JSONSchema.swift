/// The JSON Schema (draft 2020-12) of declared config keys: a module's part of
/// schemas/vitals.schema.json, so editors complete and check each screen's `config:`.
extension ConfigKeySpec {
    /// The schema of a block with `keys`, one property a line under `indent`.
    public static func blockSchema(_ keys: [ConfigKeySpec], doc: String, indent: String) -> String {
        let properties = keys.map { "\(indent)    \(q($0.name)): \($0.jsonSchema)" }.joined(separator: ",\n")
        return "{\n\(indent)  \"type\": [\"object\", \"null\"],\n\(indent)  \"description\": \(q(doc)),\n"
            + "\(indent)  \"additionalProperties\": false,\n"
            + "\(indent)  \"required\": [\(keys.filter(\.isRequired).map { q($0.name) }.joined(separator: ", "))],\n"
            + "\(indent)  \"properties\": {\n\(properties)\n\(indent)  }\n\(indent)}"
    }

    /// This key's schema on one line.
    public var jsonSchema: String {
        var parts = typeSchema
        if !doc.isEmpty {
            let words = doc + (unit.map { " In \($0)." } ?? "")
            parts.append("\"description\": \(Self.q(words))")
        }
        if let defaultJSON { parts.append("\"default\": \(defaultJSON)") }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    private var typeSchema: [String] {
        switch kind {
        case .number: return ["\"type\": \"number\""] + bounds
        case .integer: return ["\"type\": \"integer\""] + bounds
        case .boolean: return ["\"type\": \"boolean\""]
        case .text: return ["\"type\": \"string\"", "\"minLength\": 1"]
        case .choice(let options): return ["\"enum\": [\(options.map(Self.q).joined(separator: ", "))]"]
        case .date: return ["\"type\": \"string\"", "\"pattern\": \(Self.q("^[0-9]{4}-[0-9]{2}-[0-9]{2}$"))"]
        case .clockTime:
            // H:MM or HH:MM, 00:00–23:59; a `before` bound is validate's alone.
            return ["\"type\": \"string\"", "\"pattern\": \(Self.q("^([01]?[0-9]|2[0-3]):[0-5][0-9]$"))"]
        case .quantity:
            let text = "{\"type\": \"string\", \"pattern\": \(Self.q(Self.quantityPattern))}"
            return ["\"anyOf\": [{\"type\": \"number\"\(bounds.map { ", " + $0 }.joined())}, \(text)]"]
        case .list(let element, let minCount):
            return ["\"type\": \"array\"", "\"items\": \(element.jsonSchema)"]
                + (minCount > 0 ? ["\"minItems\": \(minCount)"] : [])
        case .object(let keys): return Self.inlineObject(keys)
        case .variant(let discriminator, let present, let otherwise):
            return [
                "\"type\": \"object\"",
                "\"if\": {\"required\": [\(Self.q(discriminator))]}",
                "\"then\": {" + Self.inlineObject(present).joined(separator: ", ") + "}",
                "\"else\": {" + Self.inlineObject(otherwise).joined(separator: ", ") + "}",
            ]
        }
    }

    /// A number, optional space, then a unit's letters (`250 ml`, `1.5 h`, `8 fl oz`).
    static let quantityPattern = "^[-+]?[0-9]*\\.?[0-9]+ ?[^0-9 .+-].*$"

    private static func inlineObject(_ keys: [ConfigKeySpec]) -> [String] {
        [
            "\"type\": \"object\"", "\"additionalProperties\": false",
            "\"required\": [\(keys.filter(\.isRequired).map { q($0.name) }.joined(separator: ", "))]",
            "\"properties\": {" + keys.map { "\(q($0.name)): \($0.jsonSchema)" }.joined(separator: ", ") + "}",
        ]
    }

    private var bounds: [String] {
        var parts: [String] = []
        if let minimum { parts.append("\"minimum\": \(Self.plain(minimum))") }
        if let maximum { parts.append("\"maximum\": \(Self.plain(maximum))") }
        if let above { parts.append("\"exclusiveMinimum\": \(Self.plain(above))") }
        if let below { parts.append("\"exclusiveMaximum\": \(Self.plain(below))") }
        return parts
    }

    static func q(_ text: String) -> String { JSONString.quote(text) }
}
