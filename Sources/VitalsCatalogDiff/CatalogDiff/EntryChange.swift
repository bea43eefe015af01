import VitalsKit

/// A catalog entry (a screen, metric, series, pillar, subject, category …) that differs
/// between two catalogs, with the keys that differ: the YAML change behind a rendered one.
package struct EntryChange: Sendable, Equatable {
    package enum Status: String, Sendable { case added, removed, changed }

    /// A key whose value differs: `target.value`, `config.reference[2].kg`.
    package struct Key: Sendable, Equatable {
        package var path: String
        /// The value as written (a scalar's text, else a short flow form); nil: no such key.
        package var old: String?
        package var new: String?
        /// Where the new value is written; for a key removed, where its entry is.
        package var location: SourceLocation
    }

    /// The top-level list it is in (`metrics`, `screens`, `categories` …).
    package var section: String
    package var id: String
    package var status: Status
    package var keys: [Key]
    /// Where the entry starts in the new catalog (in the old one when it was removed).
    package var location: SourceLocation

    /// `metrics PROTEIN_GRAMS_DAILY`.
    package var name: String { "\(section) \(id)" }

    /// Where a reader should look: the first changed key's line, else the entry's.
    package var firstLocation: SourceLocation { keys.first?.location ?? location }

    /// One line: `PROTEIN_GRAMS_DAILY target.value 110 → 120`, `SCREEN_X added`.
    package var summary: String {
        switch status {
        case .added: return "\(id) added (\(section))"
        case .removed: return "\(id) removed (\(section))"
        case .changed:
            let shown = keys.prefix(4).map { key in "\(key.path) \(key.old ?? "(none)") → \(key.new ?? "(none)")" }
            return "\(id) " + shown.joined(separator: ", ") + (keys.count > 4 ? " and \(keys.count - 4) more keys" : "")
        }
    }
}

/// The entries of two catalogs' files compared key by key.
package enum EntryChanges {
    /// The entries of `sources` (file name → text) by `section/id`, each with its node.
    static func entries(_ sources: [String: String]) -> [String: (section: String, id: String, node: YAMLNode)] {
        var found: [String: (String, String, YAMLNode)] = [:]
        for file in sources.keys.sorted() {
            guard let text = sources[file],
                let root = try? YAMLComposer().compose(text, file: file).root, let pairs = root.pairs
            else { continue }
            for (key, value) in pairs {
                guard let section = key.scalarText,
                    let spec = CatalogSchema.sections.first(where: { $0.key == section })?.entry,
                    let idKey = spec.keys.first?.name
                else { continue }
                for item in value.items ?? [] {
                    guard let id = item[idKey]?.scalarText else { continue }
                    let name = section + "/" + id
                    if found[name] == nil { found[name] = (section, id, item) }
                }
            }
        }
        return found
    }

    /// Every entry added, removed or changed from `old` to `new` (file name → text), in the
    /// order of their places in the new catalog, then the removed ones.
    package static func compare(old: [String: String], new: [String: String]) -> [EntryChange] {
        let before = entries(old)
        let after = entries(new)
        var changes: [EntryChange] = []
        for (name, entry) in after {
            guard let previous = before[name] else {
                changes.append(
                    EntryChange(
                        section: entry.section, id: entry.id, status: .added, keys: [], location: entry.node.location))
                continue
            }
            var keys: [EntryChange.Key] = []
            compare(previous.node, entry.node, path: "", entryLocation: entry.node.location, into: &keys)
            if !keys.isEmpty {
                changes.append(
                    EntryChange(
                        section: entry.section, id: entry.id, status: .changed, keys: keys,
                        location: entry.node.location))
            }
        }
        changes.sort { ($0.location, $0.name) < ($1.location, $1.name) }
        let removed = before.filter { after[$0.key] == nil }.map { _, entry in
            EntryChange(section: entry.section, id: entry.id, status: .removed, keys: [], location: entry.node.location)
        }
        return changes + removed.sorted { ($0.location, $0.name) < ($1.location, $1.name) }
    }

    private static func compare(
        _ old: YAMLNode?, _ new: YAMLNode?, path: String, entryLocation: SourceLocation,
        into keys: inout [EntryChange.Key]
    ) {
        switch (old?.value, new?.value) {
        case (.mapping(let a)?, .mapping(let b)?):
            var names: [String] = b.compactMap { $0.key.scalarText }
            for name in a.compactMap({ $0.key.scalarText }) where !names.contains(name) { names.append(name) }
            for name in names {
                compare(
                    old?[name], new?[name], path: path.isEmpty ? name : path + "." + name,
                    entryLocation: entryLocation, into: &keys)
            }
        case (.sequence(let a)?, .sequence(let b)?) where a.count == b.count:
            for index in a.indices {
                compare(a[index], b[index], path: path + "[\(index)]", entryLocation: entryLocation, into: &keys)
            }
        default:
            let before = old.map(text)
            let after = new.map(text)
            guard before != after else { return }
            keys.append(EntryChange.Key(path: path, old: before, new: after, location: new?.location ?? entryLocation))
        }
    }

    /// A value as it reads: a scalar's text, else a flow form cut to 60 characters.
    static func text(_ node: YAMLNode) -> String {
        func flow(_ node: YAMLNode) -> String {
            switch node.value {
            case .scalar(let text, let quoted): return quoted ? "\"\(text)\"" : text
            case .sequence(let items): return "[" + items.map(flow).joined(separator: ", ") + "]"
            case .mapping(let pairs):
                return "{" + pairs.map { "\(flow($0.key)): \(flow($0.value))" }.joined(separator: ", ") + "}"
            }
        }
        let whole = Sanitize.inline(flow(node))
        return whole.count > 60 ? String(whole.prefix(59)) + "…" : whole
    }
}
