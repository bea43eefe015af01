import CLibYAML
import Foundation

/// A problem found while reading a YAML file, before any catalog rule runs.
public struct YAMLProblem: Error, Sendable {
    public enum Kind: String, Sendable {
        case syntax = "yaml-syntax"
        case duplicateKey = "duplicate-key"
    }

    public var kind: Kind
    public var message: String
    public var location: SourceLocation
    /// The other place involved (the first occurrence of a duplicate key).
    public var related: SourceLocation?
}

/// Composes one YAML document into `YAMLNode`s using libyaml's event parser (the system's
/// libyaml, through the `CLibYAML` system-library target), keeping every node's line and column.
///
/// Unlike a plain load it does not stop at a duplicate key (both places are reported and the
/// first value is kept), it refuses documents nested deeper than `maxDepth`, and it counts the
/// nodes that aliases would expand to so that a "billion laughs" file is refused before anything
/// walks it.
public struct YAMLComposer {
    public var maxDepth = 64
    public var nodeBudget = 200_000
    /// Key names to share instead of making a string for each occurrence (a catalog's keys).
    public var keyNames = YAMLKeyNames()

    public init() {}

    public struct Result {
        /// The document root, or nil for an empty document.
        public var root: YAMLNode?
        /// Duplicate keys found; the document is still usable.
        public var duplicates: [YAMLProblem]
    }

    /// Composes `text`. Throws a `YAMLProblem` of kind `.syntax` when the file cannot be read.
    public func compose(_ text: String, file: String) throws -> Result {
        var session = Session(file: file, maxDepth: maxDepth, nodeBudget: nodeBudget, keyNames: keyNames)
        var text = text
        return try text.withUTF8 { try session.run($0) }
    }
}

private struct Session {
    let file: String
    let maxDepth: Int
    let nodeBudget: Int
    let keyNames: YAMLKeyNames
    var parser = yaml_parser_t()
    var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    var expandedNodes = 0
    var duplicates: [YAMLProblem] = []
    /// The bytes being read, for locating a reader error (libyaml gives those as a byte offset).
    var input: UnsafeBufferPointer<UInt8>?

    init(file: String, maxDepth: Int, nodeBudget: Int, keyNames: YAMLKeyNames) {
        self.file = file
        self.keyNames = keyNames
        self.maxDepth = maxDepth
        self.nodeBudget = nodeBudget
    }

    mutating func run(_ buffer: UnsafeBufferPointer<UInt8>) throws -> YAMLComposer.Result {
        guard yaml_parser_initialize(&parser) == 1 else {
            throw problem("could not start the YAML parser", line: 1, column: 1)
        }
        defer { yaml_parser_delete(&parser) }
        input = buffer
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)

        var event = try next()  // stream start
        yaml_event_delete(&event)
        event = try next()
        if event.type == YAML_STREAM_END_EVENT {
            yaml_event_delete(&event)
            return .init(root: nil, duplicates: [])
        }
        yaml_event_delete(&event)  // document start
        event = try next()
        let (root, _) = try node(from: &event, depth: 0)
        event = try next()  // document end
        yaml_event_delete(&event)
        event = try next()
        defer { yaml_event_delete(&event) }
        if event.type == YAML_DOCUMENT_START_EVENT {
            throw problem(
                "a catalog file holds one YAML document; found a second one (`---`)",
                mark: event.start_mark)
        }
        let rootIsEmpty = root.isNull && (root.scalarText ?? "").isEmpty
        return .init(root: rootIsEmpty ? nil : root, duplicates: duplicates)
    }

    private mutating func next() throws -> yaml_event_t {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) == 1 else {
            throw syntaxError()
        }
        return event
    }

    /// Builds the node that starts with `event` (consumed) and returns it with its expanded size.
    private mutating func node(from event: inout yaml_event_t, depth: Int, isKey: Bool = false) throws -> (
        YAMLNode, Int
    ) {
        defer { yaml_event_delete(&event) }
        let location = SourceLocation(
            file: file, line: Int(event.start_mark.line) + 1,
            column: Int(event.start_mark.column) + 1)
        if depth > maxDepth {
            throw YAMLProblem(
                kind: .syntax,
                message: "the document is nested deeper than \(maxDepth) levels",
                location: location)
        }
        switch event.type {
        case YAML_ALIAS_EVENT:
            let name = String(cString: event.data.alias.anchor)
            guard let anchored = anchors[name] else {
                throw YAMLProblem(
                    kind: .syntax, message: "alias *\(name) refers to no anchor",
                    location: location)
            }
            try count(anchored.size, at: location)
            var copy = anchored.node
            copy.location = location
            return (copy, anchored.size)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let bytes = UnsafeBufferPointer(start: scalar.value, count: scalar.length)
            let text = (isKey ? keyNames.name(matching: bytes) : nil) ?? String(decoding: bytes, as: UTF8.self)
            let quoted =
                scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE
                || scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE
                || scalar.style == YAML_LITERAL_SCALAR_STYLE
                || scalar.style == YAML_FOLDED_SCALAR_STYLE
            let node = YAMLNode(.scalar(text, isQuoted: quoted), at: location)
            try count(1, at: location)
            register(anchor: scalar.anchor, node: node, size: 1)
            return (node, 1)
        case YAML_SEQUENCE_START_EVENT:
            let anchor = event.data.sequence_start.anchor.map { String(cString: $0) }
            var items: [YAMLNode] = []
            var size = 1
            try count(1, at: location)
            while true {
                var child = try next()
                if child.type == YAML_SEQUENCE_END_EVENT {
                    yaml_event_delete(&child)
                    break
                }
                let (item, itemSize) = try node(from: &child, depth: depth + 1)
                items.append(item)
                size += itemSize
            }
            let node = YAMLNode(.sequence(items), at: location)
            if let anchor { anchors[anchor] = (node, size) }
            return (node, size)
        case YAML_MAPPING_START_EVENT:
            let anchor = event.data.mapping_start.anchor.map { String(cString: $0) }
            var pairs: [(key: YAMLNode, value: YAMLNode)] = []
            var keys = YAMLMappingKeys()
            var size = 1
            try count(1, at: location)
            while true {
                var keyEvent = try next()
                if keyEvent.type == YAML_MAPPING_END_EVENT {
                    yaml_event_delete(&keyEvent)
                    break
                }
                let (key, keySize) = try node(from: &keyEvent, depth: depth + 1, isKey: true)
                var valueEvent = try next()
                let (value, valueSize) = try node(from: &valueEvent, depth: depth + 1)
                size += keySize + valueSize
                if let duplicate = keys.check(key, against: pairs) {
                    duplicates.append(duplicate)
                    continue
                }
                pairs.append((key, value))
            }
            let node = YAMLNode(.mapping(pairs), at: location)
            if let anchor { anchors[anchor] = (node, size) }
            return (node, size)
        default:
            throw YAMLProblem(kind: .syntax, message: "unexpected YAML event", location: location)
        }
    }

    private mutating func register(anchor: UnsafeMutablePointer<yaml_char_t>?, node: YAMLNode, size: Int) {
        if let anchor { anchors[String(cString: anchor)] = (node, size) }
    }

    private mutating func count(_ nodes: Int, at location: SourceLocation) throws {
        expandedNodes += nodes
        if expandedNodes > nodeBudget {
            throw YAMLProblem(
                kind: .syntax,
                message: "aliases expand this document past \(nodeBudget) nodes; refusing to read it (alias bomb?)",
                location: location)
        }
    }

    private func syntaxError() -> YAMLProblem {
        let mark = parser.problem_mark
        var message = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        if parser.error == YAML_READER_ERROR {
            // The reader (a character YAML does not allow, such as ESC or BEL) sets no mark,
            // only the byte offset and the character: name its line, column and code point.
            if parser.problem_value >= 0 {
                message += String(
                    format: " (U+%04X); write it as an escape in a double-quoted string (\\u%04X)",
                    parser.problem_value, parser.problem_value)
            }
            let (line, column) = Self.lineAndColumn(ofByte: parser.problem_offset, in: input)
            return problem(message, line: line, column: column)
        }
        if let context = parser.context.map({ String(cString: $0) }) {
            message += " (\(context) at line \(parser.context_mark.line + 1), column \(parser.context_mark.column + 1))"
        }
        return problem(message, mark: mark)
    }

    /// The 1-based line and column (in characters) of the byte at `offset`.
    static func lineAndColumn(ofByte offset: Int, in input: UnsafeBufferPointer<UInt8>?) -> (line: Int, column: Int) {
        guard let input else { return (1, 1) }
        let end = min(max(offset, 0), input.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where input[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        // Characters, not bytes: count the bytes that start a UTF-8 sequence.
        let column = input[lineStart..<end].filter { $0 & 0xC0 != 0x80 }.count + 1
        return (line, column)
    }

    private func problem(_ message: String, mark: yaml_mark_t) -> YAMLProblem {
        problem(message, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private func problem(_ message: String, line: Int, column: Int) -> YAMLProblem {
        YAMLProblem(
            kind: .syntax, message: message,
            location: SourceLocation(file: file, line: line, column: column))
    }
}

/// Finds a repeated key among a mapping's pairs so far (first occurrences only: a repeated
/// pair is left out): names compared by length first, through a dictionary of the names once a
/// mapping has more than a few keys.
struct YAMLMappingKeys {
    private var nameIndex: [String: Int]?

    /// Checks `key` against `pairs`, the pairs kept so far; returns the problem when it repeats
    /// one of their keys (the new pair is then to be left out, the first value kept), else nil,
    /// and the caller appends the pair. Keys that are not scalars are not compared.
    mutating func check(_ key: YAMLNode, against pairs: [(key: YAMLNode, value: YAMLNode)]) -> YAMLProblem? {
        guard case .scalar(let name, _) = key.value else { return nil }
        let found: Int?
        if nameIndex == nil, pairs.count > 16 {
            var index: [String: Int] = [:]
            for (offset, pair) in pairs.enumerated() {
                if case .scalar(let earlier, _) = pair.key.value, index[earlier] == nil { index[earlier] = offset }
            }
            nameIndex = index
        }
        if nameIndex != nil {
            found = nameIndex?[name]
        } else {
            let length = name.utf8.count
            found = pairs.firstIndex { pair in
                guard case .scalar(let earlier, _) = pair.key.value else { return false }
                return earlier.utf8.count == length && earlier == name
            }
        }
        if let found { return Self.duplicate(name, at: key.location, first: pairs[found].key.location) }
        nameIndex?[name] = pairs.count
        return nil
    }

    /// The problem of a key `name` at `location` that repeats the key at `first`.
    static func duplicate(_ name: String, at location: SourceLocation, first: SourceLocation) -> YAMLProblem {
        YAMLProblem(
            kind: .duplicateKey,
            message: "duplicate key '\(Sanitize.inline(name))' in one mapping; first at line \(first.line)",
            location: location, related: first)
    }
}

/// Names a composer shares instead of making a new string for every key that spells one of
/// them. Only names longer than 15 bytes are kept: shorter strings are stored inline and cost
/// no allocation. (`display_metric_id` appears in every metric of a catalog: one shared string
/// instead of one allocation per metric, in the nodes and in each entry's key locations.)
public struct YAMLKeyNames: Sendable {
    /// By UTF-8 length, the names of that length with their bytes.
    private var byLength: [Int: [(name: String, bytes: [UInt8])]] = [:]

    public init() {}

    public init(_ names: some Sequence<String>) {
        for name in Set(names) where name.utf8.count > 15 {
            byLength[name.utf8.count, default: []].append((name, Array(name.utf8)))
        }
    }

    /// The shared name spelled by `bytes`, or nil.
    func name(matching bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.count > 15, let candidates = byLength[bytes.count] else { return nil }
        for candidate in candidates
        where candidate.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 })
        {
            return candidate.name
        }
        return nil
    }
}
