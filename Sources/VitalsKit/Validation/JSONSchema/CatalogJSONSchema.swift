/// Renders the JSON Schema (draft 2020-12) of a catalog file from `CatalogSchema`, so editors
/// can complete keys and flag mistakes. Deterministic output: the committed copy is compared
/// with it by a test.
///
/// The schema and `vitals validate` are made from the same declarations and agree on the shape
/// of every file (SchemaAgreementTests runs both over the same good and bad files). What a
/// schema cannot see is validate's alone: references between entries and files (unknown
/// series, parents, duplicate ids, former ids that collide) and comparisons of values
/// (min above max).
package enum CatalogJSONSchema {
    /// The schema; `chart_type_id` is one of `chartTypeIDs`, and each of `modules` (a screen id
    /// and its module's declared config keys) checks the `config:` of the screen with that id.
    package static func render(
        chartTypeIDs: [String] = ChartKindFactory.builtIn.ids,
        modules: [(screenID: String, keys: [ConfigKeySpec])] = []
    ) -> String {
        var sections: [String] = []
        for (key, entry) in CatalogSchema.sections {
            sections.append("    \(q(key)): {\"type\": \"array\", \"items\": {\"$ref\": \"#/$defs/\(entry.name)\"}}")
        }
        var defs: [String] = []
        for entry in CatalogSchema.sections.map(\.entry) + [
            CatalogSchema.target, CatalogSchema.plausibleRange, CatalogSchema.pregnancy, CatalogSchema.pairedSeries,
        ] where !defs.contains(where: { $0.hasPrefix("    \(q(entry.name)):") }) {
            defs.append(
                "    \(q(entry.name)): \(object(entry, indent: "    ", chartTypeIDs: chartTypeIDs, modules: modules.map(\.screenID)))"
            )
        }
        for module in modules {
            defs.append(
                "    \(q(configDef(module.screenID))): "
                    + ConfigKeySpec.blockSchema(
                        module.keys, doc: "The config of \(module.screenID), as its screen module reads it.",
                        indent: "    "))
        }
        return """
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": "vitals.schema.json",
              "title": "Vitals catalog file",
              "description": "A file under screens/ or metrics/: any of the lists pillars, subjects, series, screens, metrics, and the DragonHealth day's categories, meal_slots, foods, budgets. The shape of each entry; vitals validate also checks references between entries and files.",
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

    /// The name of the definition of a module's config block.
    static func configDef(_ screenID: String) -> String { "config_" + screenID }

    private static func object(_ entry: EntrySpec, indent: String, chartTypeIDs: [String], modules: [String] = [])
        -> String
    {
        let required = entry.keys.filter(\.isRequired).map { q($0.name) }.joined(separator: ", ")
        let properties = entry.keys.map { key in
            "\(indent)    \(q(key.name)): \(property(key, chartTypeIDs: chartTypeIDs))"
        }.joined(separator: ",\n")
        var conditions = ""
        // A screen's config is checked by the schema of the module its screen_id names.
        let moduleRules =
            entry.name == CatalogSchema.screen.name
            ? modules.map { id in
                "\(indent)    {\"if\": {\"properties\": {\"screen_id\": {\"const\": \(q(id))}}, \"required\": [\"screen_id\"]}, "
                    + "\"then\": {\"properties\": {\"config\": {\"$ref\": \"#/$defs/\(configDef(id))\"}}}}"
            } : []
        if !entry.requiredWhen.isEmpty || !moduleRules.isEmpty {
            let rules =
                entry.requiredWhen.map { condition in
                    "\(indent)    {\"if\": {\"properties\": {\(q(condition.key)): {\"const\": \(q(condition.value))}}, \"required\": [\(q(condition.key))]}, "
                        + "\"then\": {\"required\": [\(condition.required.map(q).joined(separator: ", "))]}}"
                } + moduleRules
            conditions = ",\n\(indent)  \"allOf\": [\n\(rules.joined(separator: ",\n"))\n\(indent)  ]"
        }
        return "{\n\(indent)  \"type\": \"object\",\n\(indent)  \"additionalProperties\": false,\n"
            + "\(indent)  \"required\": [\(required)],\n\(indent)  \"properties\": {\n\(properties)\n\(indent)  }\(conditions)\n\(indent)}"
    }

    private static func property(_ key: KeySpec, chartTypeIDs: [String]) -> String {
        let description = "\"description\": \(q(key.summary))"
        switch key.kind {
        case .chartType:
            return "{\"enum\": [\(chartTypeIDs.map(q).joined(separator: ", "))], \(description)}"
        case .string: return "{\"type\": \"string\", \"minLength\": 1, \(description)}"
        case .integer(let minimum):
            return "{\"type\": \"integer\"\(minimum.map { ", \"minimum\": \($0)" } ?? ""), \(description)}"
        case .number: return "{\"type\": \"number\", \(description)}"
        case .boolean: return "{\"type\": \"boolean\", \(description)}"
        case .choice(let options):
            return "{\"enum\": [\(options.map(q).joined(separator: ", "))], \(description)}"
        case .stringList: return "{\"type\": \"array\", \"items\": {\"type\": \"string\"}, \(description)}"
        case .identifierList(let pattern):
            return
                "{\"type\": \"array\", \"uniqueItems\": true, \"items\": {\"type\": \"string\", \"pattern\": \(q(pattern.rawValue))}, \(description)}"
        case .color:
            return "{\"anyOf\": [{\"type\": \"string\", \"pattern\": \(q(key.kind.textPattern!))}, "
                + "{\"enum\": [\(RGB.colorNames.map(q).joined(separator: ", "))]}], \(description)}"
        case .identifier, .date, .clockTime, .timeRange:
            return "{\"type\": \"string\", \"pattern\": \(q(key.kind.textPattern!)), \(description)}"
        case .nested(let entry): return "{\"$ref\": \"#/$defs/\(entry.name)\", \(description)}"
        case .mappingOf(let keys, let value):
            let props = keys.map { "\(q($0)): {\"$ref\": \"#/$defs/\(value.name)\"}" }.joined(separator: ", ")
            return "{\"type\": \"object\", \"additionalProperties\": false, \"properties\": {\(props)}, \(description)}"
        case .numberMap:
            return
                "{\"type\": \"object\", \"propertyNames\": {\"pattern\": \(q(IDPattern.snakeCase.rawValue))}, \"additionalProperties\": {\"type\": \"number\"}, \(description)}"
        case .any: return "{\(description)}"
        }
    }

    private static func q(_ text: String) -> String { JSONString.quote(text) }
}
