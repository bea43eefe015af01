import Foundation

/// Where the cursor is in a catalog file, read from the lines' indentation (a file being typed
/// is seldom valid YAML): the keys that enclose it, the keys already written beside it, and
/// whether a key or a value is being typed.
struct CursorContext {
    enum Typing: Equatable {
        /// A key, `prefix` typed so far.
        case key(prefix: String)
        /// The value of `key` (an item of its list when `inList`), `prefix` typed so far.
        case value(key: String, prefix: String, inList: Bool)
    }

    /// The enclosing keys from the top: `["metrics", "target"]` inside a metric's target.
    var path: [String] = []
    var typing: Typing
    /// The range of what has been typed of the key or value, to be replaced.
    var replace: TextRange
    /// The keys of each enclosing mapping with their values as written: `[0]` the cursor's
    /// own mapping, `[k]` the mapping that holds `path[path.count - k]`.
    var enclosing: [[String: String]] = [[:]]

    /// The keys written beside the cursor.
    var siblings: [String: String] { enclosing[0] }

    /// The keys of the list entry the cursor is in (the mapping holding `path[1]`; a screen's
    /// `screen_id` for its `config:`), or its own mapping at an entry's level.
    var entry: [String: String] {
        path.count >= 2 ? enclosing[min(enclosing.count - 1, path.count - 1)] : enclosing[0]
    }

    /// A line as keys see it: where its key starts, where its `- ` is, the key and its value.
    struct KeyLine {
        var column: Int
        var dash: Int?
        var key: String?
        var value: String
        var start: Int { dash ?? column }
    }

    init?(lines: TextLines, position: Position) {
        let line = Array(lines.line(position.line).unicodeScalars)
        let cursor = min(lines.scalarColumn(of: position), line.count)
        let typed = Array(line[..<cursor])
        let head = Self.read(typed, partial: true)
        let content = String(String.UnicodeScalarView(typed[min(head.column, typed.count)...]))
        if content.hasPrefix("#") || content.contains(" #") { return nil }
        if let key = head.key {
            var value = head.value
            var inList = false
            if let open = value.lastIndex(of: "[") {
                inList = true
                value = String(value[value.index(after: open)...])
                if let comma = value.lastIndex(of: ",") { value = String(value[value.index(after: comma)...]) }
            }
            value = value.trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\"") || value.hasPrefix("'") { value.removeFirst() }
            typing = .value(key: key, prefix: value, inList: inList)
            replace = TextRange(
                start: lines.position(line: position.line + 1, column: cursor - value.unicodeScalars.count + 1),
                end: position)
        } else {
            let prefix = content.trimmingCharacters(in: .whitespaces)
            typing = .key(prefix: prefix)
            replace = TextRange(
                start: lines.position(line: position.line + 1, column: cursor - prefix.unicodeScalars.count + 1),
                end: position)
        }
        var level = head.column
        var listMode = false
        if let dash = head.dash {
            level = dash
            listMode = true
        }
        // Keys below the cursor in its mapping.
        var index = position.line + 1
        while index < lines.lines.count {
            let below = Self.read(Array(lines.line(index).unicodeScalars), partial: false)
            index += 1
            guard below.key != nil || below.dash != nil else { continue }
            if below.start < head.column || (below.dash != nil && below.start <= head.column) { break }
            if below.column == head.column, let key = below.key { enclosing[0][key] = enclosing[0][key] ?? below.value }
        }
        // Up: siblings, then each enclosing key.
        index = position.line - 1
        while index >= 0, level > 0 || listMode {
            let above = Self.read(Array(lines.line(index).unicodeScalars), partial: false)
            index -= 1
            guard let key = above.key else { continue }
            if listMode {
                // Looking for the key whose list holds the entry that starts at column `level`.
                if above.start >= level, !(above.dash == nil && above.column == level) { continue }
                path.insert(key, at: 0)
                enclosing.append([key: above.value])
                if let dash = above.dash {
                    level = dash
                } else {
                    level = above.column
                    listMode = false
                }
                continue
            }
            if above.column == level {
                enclosing[enclosing.count - 1][key] = enclosing[enclosing.count - 1][key] ?? above.value
                if let dash = above.dash {
                    level = dash
                    listMode = true
                }
                continue
            }
            if above.start > level || above.column > level { continue }
            path.insert(key, at: 0)
            enclosing.append([key: above.value])
            if let dash = above.dash {
                level = dash
                listMode = true
            } else {
                level = above.column
            }
        }
        if case .value(let key, _, _) = typing { enclosing[0][key] = nil }
        if case .key = typing, head.dash != nil, path.isEmpty == false {
            // `- ` under a key that takes a list of values (`former_ids:`) types one of them.
            let owner = path[path.count - 1]
            if !Self.entryLists.contains(owner) || path.count > 1 {
                if case .key(let prefix) = typing { typing = .value(key: owner, prefix: prefix, inList: true) }
                path.removeLast()
                enclosing.removeFirst()
                if enclosing.isEmpty { enclosing = [[:]] }
            }
        }
    }

    /// The top-level keys, whose lists hold entries (mappings), not values.
    static let entryLists: Set<String> = [
        "pillars", "subjects", "series", "screens", "metrics", "categories", "meal_slots", "foods", "budgets",
    ]

    /// A line's parts. With `partial` the text is what is typed up to the cursor, so a line
    /// ending in `key:` already types the value.
    static func read(_ text: [Unicode.Scalar], partial: Bool) -> KeyLine {
        var column = 0
        while column < text.count, text[column] == " " { column += 1 }
        var dash: Int?
        while column < text.count, text[column] == "-", column + 1 == text.count || text[column + 1] == " " {
            dash = dash ?? column
            column += 1
            while column < text.count, text[column] == " " { column += 1 }
        }
        if dash != nil, column == text.count, !partial { column = max(column, (dash ?? 0) + 2) }
        let rest = String(String.UnicodeScalarView(text[min(column, text.count)...]))
        guard !rest.hasPrefix("#"),
            let colon = rest.range(of: ": ") ?? (rest.hasSuffix(":") ? rest.range(of: ":", options: .backwards) : nil)
        else {
            return KeyLine(column: column, dash: dash, key: nil, value: rest)
        }
        var key = String(rest[..<colon.lowerBound])
        if key.count >= 2, key.first == "\"" || key.first == "'" { key = String(key.dropFirst().dropLast()) }
        guard !key.isEmpty, !key.contains(" "), !key.contains("[") else {
            return KeyLine(column: column, dash: dash, key: nil, value: rest)
        }
        var value = String(rest[colon.upperBound...])
        if !partial {
            if let comment = value.range(of: " #") { value = String(value[..<comment.lowerBound]) }
            value = value.trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.first == "\"" || value.first == "'", value.last == value.first {
                value = String(value.dropFirst().dropLast())
            }
        }
        return KeyLine(column: column, dash: dash, key: key, value: value)
    }
}
