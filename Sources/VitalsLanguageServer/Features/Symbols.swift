import Foundation
import VitalsKit

/// The outline of a file (pillars → screens → metrics, the other entries beside them) and the
/// symbols of the whole catalog.
enum Symbols {
    static func kind(_ kind: IDKind) -> Int {
        switch kind {
        case .pillar: return 3
        case .screen: return 5
        case .metric: return 7
        case .series: return 13
        case .subject: return 23
        case .category, .mealSlot, .food, .budget: return 14
        }
    }

    private final class Node {
        var name: String
        var detail: String?
        var kind: Int
        var range: TextRange
        var selection: TextRange
        var children: [Node] = []

        init(name: String, detail: String?, kind: Int, range: TextRange, selection: TextRange) {
            self.name = name
            self.detail = detail
            self.kind = kind
            self.range = range
            self.selection = selection
        }

        func widen(to other: TextRange) {
            if other.start < range.start { range.start = other.start }
            if range.end < other.end { range.end = other.end }
        }

        var json: JSONValue {
            var pairs: [(String, JSONValue)] = [("name", .string(name))]
            if let detail { pairs.append(("detail", .string(detail))) }
            pairs += [("kind", .number(Double(kind))), ("range", range.json), ("selectionRange", selection.json)]
            if !children.isEmpty { pairs.append(("children", .array(children.map(\.json)))) }
            return .object(pairs)
        }
    }

    /// The file's entries as a tree: each metric under its screen, each screen under its
    /// pillar; a screen or pillar declared in another file stands in as a group of its own.
    static func document(_ index: FileIndex, catalog: Catalog) -> JSONValue {
        var top: [Node] = []
        var pillars: [String: Node] = [:]
        var screens: [String: Node] = [:]
        func pillarNode(_ id: String, at range: TextRange) -> Node {
            if let node = pillars[id] {
                node.widen(to: range)
                return node
            }
            let node = Node(
                name: id, detail: catalog.pillar(id)?.name ?? "pillar", kind: kind(.pillar), range: range,
                selection: range)
            pillars[id] = node
            top.append(node)
            return node
        }
        for entry in index.outline where entry.kind == .pillar {
            let node = Node(
                name: entry.id, detail: entry.name, kind: kind(.pillar), range: entry.range, selection: entry.selection)
            if let existing = pillars[entry.id] {
                existing.children += node.children
                continue
            }
            pillars[entry.id] = node
            top.append(node)
        }
        for entry in index.outline where entry.kind == .screen {
            let node = Node(
                name: entry.id, detail: entry.name, kind: kind(.screen), range: entry.range, selection: entry.selection)
            screens[entry.id] = screens[entry.id] ?? node
            if let pillar = entry.parentID {
                pillarNode(pillar, at: entry.range).children.append(node)
            } else {
                top.append(node)
            }
        }
        for entry in index.outline where entry.kind == .metric {
            let node = Node(
                name: entry.id, detail: entry.name, kind: kind(.metric), range: entry.range, selection: entry.selection)
            guard let screenID = entry.parentID else {
                top.append(node)
                continue
            }
            let screen: Node
            if let existing = screens[screenID] {
                screen = existing
                screen.widen(to: entry.range)
            } else {
                screen = Node(
                    name: screenID, detail: catalog.screen(screenID)?.name ?? "screen", kind: kind(.screen),
                    range: entry.range, selection: entry.selection)
                screens[screenID] = screen
                if let pillar = catalog.screen(screenID)?.pillarID {
                    pillarNode(pillar, at: entry.range).children.append(screen)
                } else {
                    top.append(screen)
                }
            }
            for pillar in pillars.values where pillar.children.contains(where: { $0 === screen }) {
                pillar.widen(to: entry.range)
            }
            screen.children.append(node)
        }
        for entry in index.outline where ![.pillar, .screen, .metric].contains(entry.kind) {
            top.append(
                Node(
                    name: entry.id, detail: entry.name, kind: kind(entry.kind), range: entry.range,
                    selection: entry.selection))
        }
        return .array(top.sorted { $0.range.start < $1.range.start }.map(\.json))
    }

    /// Every declared id whose id or name contains `query` (any case), at most `limit`.
    static func workspace(_ indexes: [(path: String, index: FileIndex)], query: String, limit: Int = 500) -> JSONValue {
        let wanted = query.lowercased()
        var found: [JSONValue] = []
        for (path, index) in indexes {
            for entry in index.outline
            where wanted.isEmpty || entry.id.lowercased().contains(wanted)
                || (entry.name?.lowercased().contains(wanted) ?? false)
            {
                guard found.count < limit else { break }
                var pairs: [(String, JSONValue)] = [
                    ("name", .string(entry.id)),
                    ("kind", .number(Double(kind(entry.kind)))),
                    ("location", .object([("uri", .string(FileURI.uri(path))), ("range", entry.selection.json)])),
                ]
                if let parent = entry.parentID { pairs.append(("containerName", .string(parent))) }
                found.append(.object(pairs))
            }
        }
        return .array(found)
    }
}
