import Foundation
import VitalsKit

/// What may be typed at the cursor: the keys the catalog schema declares there (the same
/// `EntrySpec`s the loader decodes with and the JSON Schema is made from; a screen's `config:`
/// keys from its module's `ConfigKeySpec`s), each value a key takes, and the ids of the
/// whole catalog for the keys that name one.
struct Completion {
    var extensions: Extensions
    var catalog: Catalog

    struct Item {
        var label: String
        var kind: Int
        var detail: String?
        var insert: String
    }

    func items(_ context: CursorContext) -> [Item] {
        switch context.typing {
        case .key(let prefix):
            return keys(at: context).filter { $0.label.hasPrefix(prefix) }
        case .value(let key, let prefix, _):
            return values(of: key, at: context).filter { $0.label.lowercased().hasPrefix(prefix.lowercased()) }
        }
    }

    func json(_ context: CursorContext) -> JSONValue {
        .object([
            ("isIncomplete", .bool(false)),
            (
                "items",
                .array(
                    items(context).map { item in
                        var pairs: [(String, JSONValue)] = [
                            ("label", .string(item.label)), ("kind", .number(Double(item.kind))),
                        ]
                        if let detail = item.detail { pairs.append(("detail", .string(detail))) }
                        pairs.append(
                            ("textEdit", .object([("range", context.replace.json), ("newText", .string(item.insert))])))
                        return .object(pairs)
                    })
            ),
        ])
    }

    // MARK: Keys

    /// What the keys at `path` are: an entry's spec, fixed keys (`by_kind`), or a module's
    /// config keys.
    enum Keys {
        case spec(EntrySpec)
        case fixed([String], EntrySpec)
        case config([ConfigKeySpec])
        case sections
        case none
    }

    func keysAt(_ context: CursorContext) -> Keys {
        guard let section = context.path.first else { return .sections }
        guard var spec = CatalogSchema.sections.first(where: { $0.key == section })?.entry else { return .none }
        var index = 1
        while index < context.path.count {
            let key = context.path[index]
            guard let keySpec = spec.key(key) else { return .none }
            switch keySpec.kind {
            case .nested(let nested): spec = nested
            case .mappingOf(let keys, let value):
                if index + 1 == context.path.count { return .fixed(keys, value) }
                index += 1
                spec = value
            case .any where key == "config":
                guard let screenID = context.entry["screen_id"],
                    let declared = extensions.screens.declaredConfigs.first(where: { $0.screenID == screenID })?.keys
                else { return .none }
                return configKeys(declared, path: Array(context.path[(index + 1)...]))
            default: return .none
            }
            index += 1
        }
        return .spec(spec)
    }

    private func configKeys(_ keys: [ConfigKeySpec], path: [String]) -> Keys {
        var keys = keys
        for key in path {
            guard let spec = keys.first(where: { $0.name == key }) else { return .none }
            switch spec.kind {
            case .object(let inner): keys = inner
            case .list(let element, _):
                guard case .object(let inner) = element.kind else { return .none }
                keys = inner
            case .variant(_, let present, let otherwise):
                keys = present + otherwise.filter { key in !present.contains { $0.name == key.name } }
            default: return .none
            }
        }
        return .config(keys)
    }

    private func keys(at context: CursorContext) -> [Item] {
        let written = Set(context.siblings.keys)
        switch keysAt(context) {
        case .sections:
            return CatalogSchema.sections.filter { !written.contains($0.key) }.map {
                Item(label: $0.key, kind: 10, detail: "a list of \($0.entry.name) entries", insert: $0.key + ":")
            }
        case .spec(let spec):
            return spec.keys.filter { !written.contains($0.name) }.map { key in
                Item(
                    label: key.name, kind: 10, detail: (key.isRequired ? "required. " : "") + key.summary,
                    insert: key.name + ": ")
            }
        case .fixed(let names, let value):
            return names.filter { !written.contains($0) }.map {
                Item(label: $0, kind: 10, detail: "a \(value.name) mapping", insert: $0 + ":")
            }
        case .config(let keys):
            return keys.filter { !written.contains($0.name) }.map { key in
                Item(label: key.name, kind: 10, detail: "\(key.typeDescription). \(key.doc)", insert: key.name + ": ")
            }
        case .none:
            return []
        }
    }

    // MARK: Values

    private func values(of key: String, at context: CursorContext) -> [Item] {
        switch keysAt(context) {
        case .spec(let spec):
            guard let keySpec = spec.key(key) else { return [] }
            if let slot = IDKeys.slot(key, in: spec.name), slot.role != .declaration {
                return ids(
                    slot.kind,
                    formerOf: slot.role == .formerID ? context.entry["screen_id"] ?? context.siblings["screen_id"] : nil
                )
            }
            if key == "unit", spec.name == "metric" || spec.name == "paired_series" {
                return units(series: context.siblings["series"])
            }
            return values(of: keySpec.kind)
        case .config(let keys):
            guard let spec = keys.first(where: { $0.name == key }) else { return [] }
            switch spec.kind {
            case .choice(let options): return options.map { Item(label: $0, kind: 12, detail: spec.doc, insert: $0) }
            case .boolean: return ["true", "false"].map { Item(label: $0, kind: 12, detail: spec.doc, insert: $0) }
            default: return []
            }
        default:
            return []
        }
    }

    private func values(of kind: ValueKind) -> [Item] {
        switch kind {
        case .chartType:
            return extensions.chartKinds.kinds.map { Item(label: $0.id, kind: 12, detail: $0.summary, insert: $0.id) }
        case .choice(let options):
            return options.map { Item(label: $0, kind: 12, detail: nil, insert: $0) }
        case .boolean:
            return ["true", "false"].map { Item(label: $0, kind: 12, detail: nil, insert: $0) }
        case .color:
            return RGB.colorNames.map { Item(label: $0, kind: 16, detail: nil, insert: $0) }
        default:
            return []
        }
    }

    /// The units a metric may show its series in: those of the series' dimension, else all.
    private func units(series: String?) -> [Item] {
        if let id = series, let found = catalog.series(id) {
            return KnownUnit.units(of: found.unit.dimension).map {
                Item(
                    label: $0.symbol, kind: 12,
                    detail: "\(found.unit.dimension.rawValue), like \(id) (\(found.unit.rawValue))", insert: $0.symbol)
            }
        }
        return KnownUnit.allSymbols.map { Item(label: $0, kind: 12, detail: nil, insert: $0) }
    }

    /// The catalog's ids of `kind`, each with what it is.
    func ids(_ kind: IDKind, formerOf screen: String? = nil) -> [Item] {
        switch kind {
        case .screen:
            if screen != nil { return [] }
            return catalog.screens.map {
                Item(label: $0.id, kind: 18, detail: "\($0.name) (\($0.pillarID))", insert: $0.id)
            }
        case .metric:
            return catalog.metrics.map {
                Item(label: $0.id, kind: 18, detail: "\($0.displayName) on \($0.screenID)", insert: $0.id)
            }
        case .pillar:
            return catalog.pillars.map { Item(label: $0.id, kind: 18, detail: $0.name, insert: $0.id) }
        case .series:
            return catalog.series.map {
                Item(label: $0.id, kind: 18, detail: "\($0.kind.rawValue), \($0.unit.rawValue)", insert: $0.id)
            }
        case .subject:
            return catalog.subjects.map {
                Item(label: $0.id, kind: 18, detail: "\($0.name) (\($0.kind.rawValue))", insert: $0.id)
            }
        case .category:
            return catalog.portions.categories.map { Item(label: $0.id, kind: 18, detail: $0.name, insert: $0.id) }
        case .mealSlot, .food, .budget:
            return []
        }
    }
}
