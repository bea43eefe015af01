/// Declared config keys as `vitals modules` lists them: text for people, JSON for tools.
extension ConfigKeySpec {
    /// One entry per key (nested blocks indented under their key): the name, its type, unit and
    /// bounds, whether it is required or its default, then the description.
    package static func lines(_ keys: [ConfigKeySpec], indent: String = "  ") -> [String] {
        var lines: [String] = []
        for key in keys {
            let presence = key.isRequired ? "required" : key.defaultJSON.map { "default \($0)" } ?? "optional"
            lines.append("\(indent)\(key.name): \(key.typeDescription); \(presence)")
            if !key.doc.isEmpty { lines.append("\(indent)    \(key.doc)") }
            switch key.kind {
            case .object(let nested):
                lines += Self.lines(nested, indent: indent + "    ")
            case .list(let element, _):
                if case .object(let nested) = element.kind { lines += Self.lines(nested, indent: indent + "    ") }
            case .variant(let discriminator, let present, let otherwise):
                lines.append("\(indent)    with \(discriminator):")
                lines += Self.lines(present, indent: indent + "      ")
                lines.append("\(indent)    without \(discriminator):")
                lines += Self.lines(otherwise, indent: indent + "      ")
            default: break
            }
        }
        return lines
    }

    /// The key as a JSON object: name, type, unit, bounds, required, default, doc, nested keys.
    package var listingJSON: String {
        var fields = ["\"name\": \(Self.q(name))", "\"type\": \(Self.q(typeName))"]
        if let unit { fields.append("\"unit\": \(Self.q(unit))") }
        if let minimum { fields.append("\"minimum\": \(Self.plain(minimum))") }
        if let maximum { fields.append("\"maximum\": \(Self.plain(maximum))") }
        if let above { fields.append("\"exclusive_minimum\": \(Self.plain(above))") }
        if let below { fields.append("\"exclusive_maximum\": \(Self.plain(below))") }
        fields.append("\"required\": \(isRequired)")
        if let defaultJSON { fields.append("\"default\": \(defaultJSON)") }
        fields.append("\"doc\": \(Self.q(doc))")
        switch kind {
        case .choice(let options): fields.append("\"values\": [\(options.map(Self.q).joined(separator: ", "))]")
        case .object(let nested): fields.append("\"keys\": \(Self.listingJSON(nested))")
        case .list(let element, let minCount):
            fields.append("\"min_items\": \(minCount)")
            fields.append("\"item\": \(element.listingJSON)")
        case .variant(let discriminator, let present, let otherwise):
            fields.append("\"discriminator\": \(Self.q(discriminator))")
            fields.append("\"keys_with\": \(Self.listingJSON(present))")
            fields.append("\"keys_without\": \(Self.listingJSON(otherwise))")
        default: break
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    package static func listingJSON(_ keys: [ConfigKeySpec]) -> String {
        "[" + keys.map(\.listingJSON).joined(separator: ", ") + "]"
    }

    /// The kind's one-word name in JSON.
    var typeName: String {
        switch kind {
        case .number: return "number"
        case .integer: return "integer"
        case .boolean: return "boolean"
        case .text: return "text"
        case .choice: return "choice"
        case .date: return "date"
        case .clockTime: return "time"
        case .quantity: return "quantity"
        case .list: return "list"
        case .object: return "mapping"
        case .variant: return "variant"
        }
    }
}
