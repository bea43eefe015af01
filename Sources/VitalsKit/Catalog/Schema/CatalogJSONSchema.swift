/// Renders the JSON Schema (draft 2020-12) of a catalog file from `CatalogSchema`, so editors
/// can complete keys and flag mistakes. Deterministic output: the committed copy is compared
/// with it by a test.
public enum CatalogJSONSchema {
    public static func render() -> String {
        var sections: [String] = []
        for (key, entry) in CatalogSchema.sections {
            sections.append("    \(q(key)): {\"type\": \"array\", \"items\": {\"$ref\": \"#/$defs/\(entry.name)\"}}")
        }
        var defs: [String] = []
        for entry in CatalogSchema.sections.map(\.entry) + [CatalogSchema.target, CatalogSchema.plausibleRange] {
            defs.append("    \(q(entry.name)): \(object(entry, indent: "    "))")
        }
        return """
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": "vitals.schema.json",
              "title": "Vitals catalog file",
              "description": "A file under screens/ or metrics/: any of the lists pillars, subjects, series, screens, metrics.",
              "type": "object",
              "additionalProperties": false,
              "properties": {
            \(sections.joined(separator: ",\n"))
              },
              "$defs": {
            \(defs.joined(separator: ",\n"))
              }
            }

            """
    }

    private static func object(_ entry: EntrySpec, indent: String) -> String {
        let required = entry.keys.filter(\.isRequired).map { q($0.name) }.joined(separator: ", ")
        let properties = entry.keys.map { key in
            "\(indent)    \(q(key.name)): \(property(key))"
        }.joined(separator: ",\n")
        return "{\n\(indent)  \"type\": \"object\",\n\(indent)  \"additionalProperties\": false,\n"
            + "\(indent)  \"required\": [\(required)],\n\(indent)  \"properties\": {\n\(properties)\n\(indent)  }\n\(indent)}"
    }

    private static func property(_ key: KeySpec) -> String {
        let description = "\"description\": \(q(key.summary))"
        switch key.kind {
        case .string where key.name == "chart_type_id":
            return "{\"enum\": [\(CatalogSchema.chartTypeIDs.map(q).joined(separator: ", "))], \(description)}"
        case .string: return "{\"type\": \"string\", \"minLength\": 1, \(description)}"
        case .identifier(let pattern): return "{\"type\": \"string\", \"pattern\": \(q(pattern.rawValue)), \(description)}"
        case .integer(let minimum):
            return "{\"type\": \"integer\"\(minimum.map { ", \"minimum\": \($0)" } ?? ""), \(description)}"
        case .number: return "{\"type\": \"number\", \(description)}"
        case .boolean: return "{\"type\": \"boolean\", \(description)}"
        case .choice(let options):
            return "{\"enum\": [\(options.map(q).joined(separator: ", "))], \(description)}"
        case .stringList: return "{\"type\": \"array\", \"items\": {\"type\": \"string\"}, \(description)}"
        case .hexColor: return "{\"type\": \"string\", \"pattern\": \"^#[0-9A-Fa-f]{6}$\", \(description)}"
        case .date: return "{\"type\": \"string\", \"pattern\": \"^[0-9]{4}-[0-9]{2}-[0-9]{2}$\", \(description)}"
        case .clockTime: return "{\"type\": \"string\", \"pattern\": \"^[0-9]{1,2}:[0-9]{2}$\", \(description)}"
        case .timeRange: return "{\"type\": \"string\", \"pattern\": \"^([1-9][0-9]*[dwmy]|all)$\", \(description)}"
        case .nested(let entry): return "{\"$ref\": \"#/$defs/\(entry.name)\", \(description)}"
        case .mappingOf(let keys, let value):
            let props = keys.map { "\(q($0)): {\"$ref\": \"#/$defs/\(value.name)\"}" }.joined(separator: ", ")
            return "{\"type\": \"object\", \"additionalProperties\": false, \"properties\": {\(props)}, \(description)}"
        case .any: return "{\(description)}"
        }
    }

    private static func q(_ text: String) -> String { JSONString.quote(text) }
}
