import Foundation
import VitalsKit

/// The kinds of id a catalog declares and refers to across files.
enum IDKind: String, CaseIterable, Sendable {
    case pillar, subject, series, screen, metric, category
    case mealSlot = "meal_slot"
    case food, budget

    /// The key that declares an id of this kind, and the section its entries are in.
    var declaringKey: String {
        switch self {
        case .pillar: return "pillar_id"
        case .subject: return "subject_id"
        case .series: return "series_id"
        case .screen: return "screen_id"
        case .metric: return "display_metric_id"
        case .category: return "category_id"
        case .mealSlot: return "slot_id"
        case .food: return "food_id"
        case .budget: return "budget_id"
        }
    }
}

/// What a key's value is to the index: an id declared, an id referred to, or a list of them.
enum IDRole: Hashable, Sendable {
    case declaration
    case reference
    /// A former id of the screen declared in the same entry (`former_ids`).
    case formerID
}

/// Where each key of an entry names an id, by the entry's spec name. The catalog schema says
/// a key is an identifier; this says of what.
enum IDKeys {
    struct Slot {
        var kind: IDKind
        var role: IDRole
        var isList = false
        var keysAreIDs = false
    }

    static let byEntry: [String: [String: Slot]] = [
        "pillar": ["pillar_id": Slot(kind: .pillar, role: .declaration)],
        "subject": ["subject_id": Slot(kind: .subject, role: .declaration)],
        "series": ["series_id": Slot(kind: .series, role: .declaration)],
        "screen": [
            "screen_id": Slot(kind: .screen, role: .declaration),
            "pillar": Slot(kind: .pillar, role: .reference),
            "subject": Slot(kind: .subject, role: .reference),
            "former_ids": Slot(kind: .screen, role: .formerID, isList: true),
        ],
        "metric": [
            "display_metric_id": Slot(kind: .metric, role: .declaration),
            "display_screen_id": Slot(kind: .screen, role: .reference),
            "parent_metric_id": Slot(kind: .metric, role: .reference),
            "series": Slot(kind: .series, role: .reference),
            "divide_by": Slot(kind: .series, role: .reference),
        ],
        "paired_series": ["series": Slot(kind: .series, role: .reference)],
        "category": [
            "category_id": Slot(kind: .category, role: .declaration),
            "series": Slot(kind: .series, role: .reference),
        ],
        "meal_slot": [
            "slot_id": Slot(kind: .mealSlot, role: .declaration),
            "guidance": Slot(kind: .category, role: .reference, keysAreIDs: true),
        ],
        "food": [
            "food_id": Slot(kind: .food, role: .declaration),
            "category": Slot(kind: .category, role: .reference),
            "portions": Slot(kind: .category, role: .reference, keysAreIDs: true),
        ],
        "budget": [
            "budget_id": Slot(kind: .budget, role: .declaration),
            "series": Slot(kind: .series, role: .reference),
        ],
    ]

    /// The id kind of the value of `key` in an entry of `spec`, if it names one.
    static func slot(_ key: String, in spec: String) -> Slot? { byEntry[spec]?[key] }
}

/// One id written in a file: which, as what, and where (the text of the id itself, without
/// quotes).
struct IDOccurrence: Hashable, Sendable {
    var kind: IDKind
    var id: String
    var role: IDRole
    /// The file, as the workspace names it (an absolute path).
    var path: String
    var range: TextRange
    /// The id of the entry it is written in (the screen a `former_ids` item belongs to).
    var owner: String?
}

/// An entry of a file for the outline: what it declares, where the entry is, and what it
/// says it belongs to (a metric's screen, a screen's pillar).
struct OutlineEntry: Sendable {
    var kind: IDKind
    var id: String
    var name: String?
    var selection: TextRange
    var range: TextRange
    /// The screen of a metric, the pillar of a screen.
    var parentID: String?
}

/// The ids of one file, read from its YAML as the loader composes it.
struct FileIndex: Sendable {
    var occurrences: [IDOccurrence] = []
    var outline: [OutlineEntry] = []
    /// Screens by id and the place to add a former id: their `former_ids` list's last item,
    /// or their `screen_id` line.
    var formerIDLists: [String: (lastItem: TextRange?, idLine: Int, indent: Int, isFlow: Bool)] = [:]

    init() {}

    init(path: String, text: String) {
        let lines = TextLines(text)
        guard let result = try? YAMLComposer().compose(text, file: path), let root = result.root, let pairs = root.pairs
        else { return }
        for (key, value) in pairs {
            guard let name = key.scalarText, let spec = CatalogSchema.sections.first(where: { $0.key == name })?.entry,
                let items = value.items
            else { continue }
            for (index, item) in items.enumerated() {
                let next = index + 1 < items.count ? items[index + 1].location.line : nil
                read(item, spec: spec, path: path, lines: lines, endLine: next, sectionEnd: nil)
            }
        }
    }

    private mutating func read(
        _ node: YAMLNode, spec: EntrySpec, path: String, lines: TextLines, endLine: Int?, sectionEnd: Int?
    ) {
        guard let pairs = node.pairs else { return }
        var declared: (IDKind, String, TextRange)?
        var occurrences: [IDOccurrence] = []
        var screenOf: String?
        var name: String?
        for (key, value) in pairs {
            guard let keyName = key.scalarText else { continue }
            if keyName == "name" || keyName == "display_name" { name = value.scalarText }
            if keyName == "display_screen_id" || (spec.name == "screen" && keyName == "pillar") {
                screenOf = value.scalarText
            }
            if case .nested(let nested)? = spec.key(keyName)?.kind, value.pairs != nil {
                // `y: {series: …}`: its references belong to this entry.
                for (innerKey, innerValue) in value.pairs ?? [] {
                    guard let inner = innerKey.scalarText, let slot = IDKeys.slot(inner, in: nested.name),
                        let id = innerValue.scalarText
                    else { continue }
                    occurrences.append(
                        IDOccurrence(
                            kind: slot.kind, id: id, role: slot.role, path: path,
                            range: Self.range(of: innerValue, id: id, lines: lines)))
                }
                continue
            }
            guard let slot = IDKeys.slot(keyName, in: spec.name) else { continue }
            if slot.keysAreIDs {
                for (idKey, _) in value.pairs ?? [] {
                    guard let id = idKey.scalarText else { continue }
                    occurrences.append(
                        IDOccurrence(
                            kind: slot.kind, id: id, role: slot.role, path: path,
                            range: Self.range(of: idKey, id: id, lines: lines)))
                }
            } else if slot.isList {
                for item in value.items ?? [] {
                    guard let id = item.scalarText else { continue }
                    occurrences.append(
                        IDOccurrence(
                            kind: slot.kind, id: id, role: slot.role, path: path,
                            range: Self.range(of: item, id: id, lines: lines)))
                }
            } else if let id = value.scalarText, !id.isEmpty {
                let range = Self.range(of: value, id: id, lines: lines)
                occurrences.append(IDOccurrence(kind: slot.kind, id: id, role: slot.role, path: path, range: range))
                if slot.role == .declaration { declared = (slot.kind, id, range) }
            }
        }
        let owner = declared?.1
        self.occurrences += occurrences.map { occurrence in
            var occurrence = occurrence
            occurrence.owner = owner
            return occurrence
        }
        guard let (kind, id, selection) = declared else { return }
        let startLine = node.location.line
        var lastLine = (endLine.map { $0 - 1 } ?? lines.lines.count)
        while lastLine > startLine, lines.line(lastLine - 1).trimmingCharacters(in: .whitespaces).isEmpty {
            lastLine -= 1
        }
        let entryRange = TextRange(
            start: lines.position(line: startLine, column: node.location.column),
            end: lines.position(line: lastLine, column: lines.line(lastLine - 1).unicodeScalars.count + 1))
        outline.append(
            OutlineEntry(kind: kind, id: id, name: name, selection: selection, range: entryRange, parentID: screenOf))
        if kind == .screen {
            let former = pairs.first { $0.key.scalarText == "former_ids" }
            let lastItem = former?.value.items?.last.flatMap { item in
                item.scalarText.map { Self.range(of: item, id: $0, lines: lines) }
            }
            let isFlow =
                former.map {
                    lines.line($0.value.location.line - 1).unicodeScalars.dropFirst($0.value.location.column - 1).first
                        == "["
                } ?? false
            let idKey = pairs.first { $0.key.scalarText == "screen_id" }?.key
            formerIDLists[id] = (lastItem, idKey?.location.line ?? startLine, (idKey?.location.column ?? 1) - 1, isFlow)
        }
    }

    /// The range of `id` as written at `node`: inside its quotes when quoted.
    static func range(of node: YAMLNode, id: String, lines: TextLines) -> TextRange {
        let line = node.location.line
        var column = node.location.column
        let scalars = Array(lines.line(line - 1).unicodeScalars)
        if column - 1 < scalars.count, scalars[column - 1] == "\"" || scalars[column - 1] == "'" { column += 1 }
        return TextRange(
            start: lines.position(line: line, column: column),
            end: lines.position(line: line, column: column + id.unicodeScalars.count))
    }
}
