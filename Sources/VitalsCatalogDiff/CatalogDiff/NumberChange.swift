import Foundation
import VitalsKit

/// One number of a screen's JSON that differs between the two catalogs: where it is, what it
/// was and is (nil: not there on that side), and by how much it moved.
package struct NumberChange: Sendable, Equatable {
    /// `summary PROTEIN_GRAMS_DAILY › target.value`: the block (kind and metric), then the
    /// keys down to the number; list items are named by their date, id or label when they
    /// have one (`points[2026-11-20].value`), else by position.
    package var path: String
    package var old: Double?
    package var new: Double?

    package var delta: Double? {
        guard let old, let new else { return nil }
        return new - old
    }

    /// The numbers of a screen document's JSON (`ScreenDocument.json`), in document order.
    package static func numbers(of document: JSONValue) -> [(path: String, value: Double)] {
        var found: [(String, Double)] = []
        guard case .object(let pairs) = document,
            case .array(let blocks)? = pairs.first(where: { $0.0 == "blocks" })?.1
        else {
            collect(document, path: "", into: &found)
            return found
        }
        for (label, block) in labelled(blocks) {
            guard case .object(let fields) = block else { continue }
            let data = fields.first { $0.0 == "data" }?.1 ?? .null
            collect(data, path: label + " ›", into: &found)
        }
        return found
    }

    /// The changed numbers between two documents' JSON: those of `new` in its order (changed
    /// or added), then those only `old` has, in its order.
    package static func changes(old: JSONValue?, new: JSONValue?) -> [NumberChange] {
        let before = old.map(numbers(of:)) ?? []
        let after = new.map(numbers(of:)) ?? []
        var oldValues: [String: Double] = [:]
        for (path, value) in before where oldValues[path] == nil { oldValues[path] = value }
        var seen: Set<String> = []
        var result: [NumberChange] = []
        for (path, value) in after where seen.insert(path).inserted {
            let previous = oldValues[path]
            if previous != value { result.append(NumberChange(path: path, old: previous, new: value)) }
        }
        for (path, value) in before where !seen.contains(path) {
            seen.insert(path)
            result.append(NumberChange(path: path, old: value, new: nil))
        }
        return result
    }

    /// The strings and flags of a screen document's JSON, by the paths `numbers(of:)` uses:
    /// what a screen's JSON may change without its text or numbers (a source's name, a
    /// `position` word), in document order.
    package static func words(of document: JSONValue) -> [(path: String, value: String)] {
        var found: [(String, String)] = []
        guard case .object(let pairs) = document,
            case .array(let blocks)? = pairs.first(where: { $0.0 == "blocks" })?.1
        else {
            collectWords(document, path: "", into: &found)
            return found
        }
        for (label, block) in labelled(blocks) {
            guard case .object(let fields) = block else { continue }
            collectWords(.object(fields.filter { $0.0 != "content" }), path: label + " ›", into: &found)
        }
        return found
    }

    private static func collectWords(_ value: JSONValue, path: String, into found: inout [(String, String)]) {
        switch value {
        case .string(let text): found.append((path, text))
        case .bool(let flag): found.append((path, flag ? "true" : "false"))
        case .object(let pairs):
            for (key, child) in pairs { collectWords(child, path: join(path, key), into: &found) }
        case .array(let items):
            for (label, item) in labelled(items) { collectWords(item, path: path + "[\(label)]", into: &found) }
        case .null, .number: break
        }
    }

    private static func collect(_ value: JSONValue, path: String, into found: inout [(String, Double)]) {
        switch value {
        case .number(let number): found.append((path, number))
        case .object(let pairs):
            for (key, child) in pairs { collect(child, path: join(path, key), into: &found) }
        case .array(let items):
            for (label, item) in labelled(items) { collect(item, path: path + "[\(label)]", into: &found) }
        case .null, .bool, .string: break
        }
    }

    private static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : path.hasSuffix("›") ? path + " " + key : path + "." + key
    }

    /// Each item with the name its path uses: a block's kind and metric, else an item's date,
    /// id, label or name, else its position; a name given twice gets `#2`, `#3` ….
    private static func labelled(_ items: [JSONValue]) -> [(String, JSONValue)] {
        var counts: [String: Int] = [:]
        return items.enumerated().map { index, item in
            var label = String(index)
            if case .object(let pairs) = item {
                func text(_ key: String) -> String? {
                    if case .string(let value)? = pairs.first(where: { $0.0 == key })?.1 { return value }
                    return nil
                }
                if let kind = text("kind") {
                    label = [kind, text("metric_id")].compactMap { $0 }.joined(separator: " ")
                } else if let name = ["date", "metric_id", "id", "label", "name", "category", "slot"].lazy.compactMap(
                    text
                ).first {
                    label = name
                }
            }
            counts[label, default: 0] += 1
            let count = counts[label]!
            return (count > 1 ? "\(label)#\(count)" : label, item)
        }
    }

    /// A number as `vitals --format json` writes it.
    package static func format(_ value: Double?) -> String {
        guard let value else { return "—" }
        return JSONValue.format(value)
    }

    /// The delta with its sign ("+10", "-2.5").
    package static func formatDelta(_ value: Double?) -> String {
        guard let value else { return "" }
        let text = JSONValue.format(value)
        return value > 0 ? "+" + text : text
    }
}

/// A string or flag of a screen's JSON that differs between the two catalogs (nil: not there
/// on that side): the change `vitals diff` names when the text and the numbers are alike.
package struct WordChange: Sendable, Equatable {
    package var path: String
    package var old: String?
    package var new: String?

    /// The changed words between two documents' JSON, as `NumberChange.changes` pairs numbers.
    package static func changes(old: JSONValue?, new: JSONValue?) -> [WordChange] {
        let before = old.map(NumberChange.words(of:)) ?? []
        let after = new.map(NumberChange.words(of:)) ?? []
        var oldValues: [String: String] = [:]
        for (path, value) in before where oldValues[path] == nil { oldValues[path] = value }
        var seen: Set<String> = []
        var result: [WordChange] = []
        for (path, value) in after where seen.insert(path).inserted {
            let previous = oldValues[path]
            if previous != value { result.append(WordChange(path: path, old: previous, new: value)) }
        }
        for (path, value) in before where !seen.contains(path) {
            seen.insert(path)
            result.append(WordChange(path: path, old: value, new: nil))
        }
        return result
    }
}
