/// Composes the plain YAML that catalog files are written in, without libyaml: block mappings
/// with plain keys, block sequences of mappings or scalars, single-line plain and quoted
/// scalars, single-line flow mappings and sequences of scalars, comments and blank lines.
///
/// It gives exactly what `YAMLComposer`'s libyaml reading gives (the same nodes, texts,
/// quoting, locations and duplicate keys), or nil for anything else: tabs, CR, directives,
/// document markers, anchors, aliases, tags, block scalars, escapes, multi-line scalars or flow
/// collections, empty values, keys that are not plain words, unusual indentation, characters
/// libyaml refuses, a document past the depth or node limits, and every syntax error. The
/// caller then composes the file with libyaml, which says what is wrong in its own words.
/// (libyaml's parser, and the events turned into nodes, were half the time of `vitals validate`.)
/// A property test composes generated files both ways and compares the results.
struct YAMLPlainComposer {
    /// Thrown to leave a file to libyaml.
    struct Declined: Error {}

    private let input: UnsafeBufferPointer<UInt8>
    private let file: String
    private let maxDepth: Int
    private let nodeBudget: Int
    private let keyNames: YAMLKeyNames
    private var position = 0
    /// The 1-based line of `position`, and where that line starts.
    private var line = 1
    private var lineStart = 0
    /// UTF-8 continuation bytes read on this line so far (columns count characters).
    private var continuationBytes = 0
    private var nodes = 0
    private var duplicates: [YAMLProblem] = []

    init(_ input: UnsafeBufferPointer<UInt8>, file: String, maxDepth: Int, nodeBudget: Int, keyNames: YAMLKeyNames) {
        self.input = input
        self.file = file
        self.maxDepth = maxDepth
        self.nodeBudget = nodeBudget
        self.keyNames = keyNames
    }

    /// The composed document, or nil when libyaml must read it.
    mutating func compose() -> YAMLComposer.Result? {
        do {
            guard try nextContentLine(), column == 0 else { return nil }
            let root = try blockMapping(depth: 0)
            guard atEnd else { return nil }
            return YAMLComposer.Result(root: root, duplicates: duplicates)
        } catch {
            return nil
        }
    }

    // MARK: Blocks

    /// A block mapping whose first key is at `position`; returns at the first content line
    /// less indented than its keys (or at the end).
    private mutating func blockMapping(depth: Int) throws(Declined) -> YAMLNode {
        let indent = column
        let location = try node(depth: depth)
        var pairs: [(key: YAMLNode, value: YAMLNode)] = []
        pairs.reserveCapacity(16)   // room for an entry's keys at once (an array grown from 1 was copied 5 times)
        var keys = KeyHashes()
        while true {
            let (key, hash) = try plainKey(depth: depth + 1, flow: false)
            skipSpaces()
            let value: YAMLNode
            if atLineEnd {
                try finishLine()
                // The value is the block on the next lines: more indented, or a sequence at the
                // keys' indentation. Anything else (an empty value) is left to libyaml.
                guard try nextContentLine() else { throw Declined() }
                if column > indent {
                    value = isSequenceEntry ? try blockSequence(depth: depth + 1) : try blockMapping(depth: depth + 1)
                } else if column == indent, isSequenceEntry {
                    value = try blockSequence(depth: depth + 1)
                } else {
                    throw Declined()
                }
            } else {
                value = try inlineValue(depth: depth + 1)
                try finishLine()
                _ = try nextContentLine()
            }
            keys.add(key, value, hash: hash, to: &pairs, duplicates: &duplicates)
            if atEnd || column < indent { break }
            guard column == indent else { throw Declined() }
        }
        return YAMLNode(.mapping(pairs), at: location)
    }

    /// A block sequence whose first `- ` is at `position`; returns at the first content line
    /// that is less indented or is not an entry at its indentation (or at the end).
    private mutating func blockSequence(depth: Int) throws(Declined) -> YAMLNode {
        let indent = column
        let location = try node(depth: depth)
        var items: [YAMLNode] = []
        items.reserveCapacity(8)
        while true {
            position += 2               // "- "
            skipSpaces()
            guard !atLineEnd else { throw Declined() }
            if isMappingKey {
                items.append(try blockMapping(depth: depth + 1))
            } else {
                items.append(try inlineValue(depth: depth + 1))
                try finishLine()
                _ = try nextContentLine()
            }
            if atEnd || column < indent { break }
            guard column == indent else { throw Declined() }
            if !isSequenceEntry { break }
        }
        return YAMLNode(.sequence(items), at: location)
    }

    /// A value written on its key's (or entry's) line.
    private mutating func inlineValue(depth: Int) throws(Declined) -> YAMLNode {
        switch byte(0) {
        case UInt8(ascii: "'"), UInt8(ascii: "\""): return try quoted(depth: depth)
        case UInt8(ascii: "{"): return try flowMapping(depth: depth)
        case UInt8(ascii: "["): return try flowSequence(depth: depth)
        default: return try plain(depth: depth, flow: false)
        }
    }

    // MARK: Flow collections (on one line, of scalars)

    private mutating func flowMapping(depth: Int) throws(Declined) -> YAMLNode {
        let location = try node(depth: depth)
        position += 1
        skipSpaces()
        var pairs: [(key: YAMLNode, value: YAMLNode)] = []
        pairs.reserveCapacity(4)
        var keys = KeyHashes()
        if byte(0) == UInt8(ascii: "}") {
            position += 1
            return YAMLNode(.mapping(pairs), at: location)
        }
        while true {
            let (key, hash) = try plainKey(depth: depth + 1, flow: true)
            skipSpaces()
            let value = try flowScalar(depth: depth + 1)
            keys.add(key, value, hash: hash, to: &pairs, duplicates: &duplicates)
            guard try flowSeparator(closing: UInt8(ascii: "}")) else { break }
        }
        return YAMLNode(.mapping(pairs), at: location)
    }

    private mutating func flowSequence(depth: Int) throws(Declined) -> YAMLNode {
        let location = try node(depth: depth)
        position += 1
        skipSpaces()
        var items: [YAMLNode] = []
        if byte(0) == UInt8(ascii: "]") {
            position += 1
            return YAMLNode(.sequence(items), at: location)
        }
        while true {
            items.append(try flowScalar(depth: depth + 1))
            guard try flowSeparator(closing: UInt8(ascii: "]")) else { break }
        }
        return YAMLNode(.sequence(items), at: location)
    }

    /// After an item of a flow collection: true after a `,` (another item follows), false after
    /// the closing bracket.
    private mutating func flowSeparator(closing: UInt8) throws(Declined) -> Bool {
        skipSpaces()
        if byte(0) == closing {
            position += 1
            return false
        }
        guard byte(0) == UInt8(ascii: ",") else { throw Declined() }
        position += 1
        skipSpaces()
        // `[a, ]` and `[a,, b]` are left to libyaml.
        let next = byte(0)
        guard next != closing, next != UInt8(ascii: ","), !atLineEnd else { throw Declined() }
        return true
    }

    private mutating func flowScalar(depth: Int) throws(Declined) -> YAMLNode {
        let first = byte(0)
        if first == UInt8(ascii: "'") || first == UInt8(ascii: "\"") { return try quoted(depth: depth) }
        return try plain(depth: depth, flow: true)
    }

    // MARK: Scalars

    /// A key of letters, digits and `_`, then `:` and a space (or the line's end, in a block);
    /// with an FNV-1a hash of its bytes.
    private mutating func plainKey(depth: Int, flow: Bool) throws(Declined) -> (YAMLNode, UInt64) {
        let start = position
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        while position < input.count, Self.isKeyByte(input[position]) {
            hash = (hash ^ UInt64(input[position])) &* 0x100_0000_01b3
            position += 1
        }
        let length = position - start
        // libyaml takes a simple key of up to 1,024 characters.
        guard length > 0, length < 1000, byte(0) == UInt8(ascii: ":") else { throw Declined() }
        let after = byte(1)
        guard after == UInt8(ascii: " ") || (!flow && (after == UInt8(ascii: "\n") || position + 1 >= input.count))
        else { throw Declined() }
        let location = try node(depth: depth, at: start)
        let bytes = UnsafeBufferPointer(rebasing: input[start..<position])
        position += 1                   // ":"
        let key = YAMLNode(.scalar(keyNames.name(matching: bytes) ?? String(decoding: bytes, as: UTF8.self), isQuoted: false),
                           at: location)
        return (key, hash)
    }

    /// A plain scalar that ends on its line: before ` #`, the line's end, or (in a flow
    /// collection) `,`, `]` or `}`; trailing spaces are not part of it.
    private mutating func plain(depth: Int, flow: Bool) throws(Declined) -> YAMLNode {
        let start = position
        let first = byte(0)
        // Indicators that start something else; `-` only when a space or the line's end follows.
        switch first {
        case UInt8(ascii: "-"):
            let next = byte(1)
            guard next != UInt8(ascii: " "), next != UInt8(ascii: "\n"), position + 1 < input.count else { throw Declined() }
        case UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"),
             UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "%"), UInt8(ascii: "@"),
             UInt8(ascii: "`"), UInt8(ascii: " "), UInt8(ascii: "\n"):
            throw Declined()
        default:
            break
        }
        let location = try node(depth: depth, at: start)
        var end = position
        scan: while position < input.count {
            switch input[position] {
            case UInt8(ascii: "\n"):
                break scan
            case UInt8(ascii: " "):
                var next = position
                while next < input.count, input[next] == UInt8(ascii: " ") { next += 1 }
                let after: UInt8 = next < input.count ? input[next] : UInt8(ascii: "\n")
                if after == UInt8(ascii: "\n") || after == UInt8(ascii: "#") {
                    // The scalar ends; a comment in a flow collection is left to libyaml.
                    if flow { throw Declined() }
                    position = next
                    break scan
                }
                if flow, after == UInt8(ascii: ",") || after == UInt8(ascii: "]") || after == UInt8(ascii: "}") {
                    position = next
                    break scan
                }
                position = next
                end = position
            case UInt8(ascii: ":"):
                // `a: b: c` is an error; in a flow collection `:` is left to libyaml altogether.
                let next = byte(1)
                if flow || next == UInt8(ascii: " ") || next == UInt8(ascii: "\n") || position + 1 >= input.count {
                    throw Declined()
                }
                position += 1
                end = position
            case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"):
                if flow { break scan }
                position += 1
                end = position
            case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "?"):
                if flow { throw Declined() }
                position += 1
                end = position
            case 0x20..<0x7F:
                position += 1           // printable ASCII: most of a catalog
                end = position
            default:
                try character()
                end = position
            }
        }
        let bytes = UnsafeBufferPointer(rebasing: input[start..<end])
        return YAMLNode(.scalar(String(decoding: bytes, as: UTF8.self), isQuoted: false), at: location)
    }

    /// A single- or double-quoted scalar on one line, without escapes.
    private mutating func quoted(depth: Int) throws(Declined) -> YAMLNode {
        let quote = byte(0)
        let location = try node(depth: depth, at: position)
        position += 1
        let start = position
        while true {
            guard position < input.count else { throw Declined() }
            let current = input[position]
            if current == quote {
                // `''` in single quotes is an escape.
                if quote == UInt8(ascii: "'"), byte(1) == quote { throw Declined() }
                break
            }
            if current == UInt8(ascii: "\\"), quote == UInt8(ascii: "\"") { throw Declined() }
            if current == UInt8(ascii: "\n") { throw Declined() }
            if current >= 0x20 && current < 0x7F { position += 1 } else { try character() }
        }
        let bytes = UnsafeBufferPointer(rebasing: input[start..<position])
        position += 1
        return YAMLNode(.scalar(String(decoding: bytes, as: UTF8.self), isQuoted: true), at: location)
    }

    /// Steps over one character of a scalar or comment: printable ASCII, or a UTF-8 character
    /// libyaml reads as an ordinary one. Tabs, CR, control characters, the line breaks NEL,
    /// LS and PS, and a byte-order mark are declined.
    private mutating func character() throws(Declined) {
        let byte = input[position]
        if byte < 0x80 {
            guard byte >= 0x20, byte != 0x7F else { throw Declined() }
            position += 1
            return
        }
        // The text is valid UTF-8 (the loader checked it), so the lead byte gives the length.
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        guard position + length <= input.count else { throw Declined() }
        var scalar = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { scalar = scalar << 6 | UInt32(input[position + offset] & 0x3F) }
        let ordinary = (scalar >= 0xA0 && scalar <= 0xD7FF && scalar != 0x2028 && scalar != 0x2029)
            || (scalar >= 0xE000 && scalar <= 0xFFFD && scalar != 0xFEFF)
            || (scalar >= 0x10000 && scalar <= 0x10FFFF)
        guard ordinary else { throw Declined() }
        position += length
        continuationBytes += length - 1
    }

    // MARK: Lines

    /// Counts a node and checks the limits; returns its location (at `position`).
    private mutating func node(depth: Int) throws(Declined) -> SourceLocation {
        try node(depth: depth, at: position)
    }

    private mutating func node(depth: Int, at offset: Int) throws(Declined) -> SourceLocation {
        nodes += 1
        guard depth <= maxDepth, nodes <= nodeBudget else { throw Declined() }
        return SourceLocation(file: file, line: line, column: offset - lineStart - continuationBytes + 1)
    }

    /// Ends the line after a value: spaces, then a comment after a space, then the line break.
    private mutating func finishLine() throws(Declined) {
        skipSpaces()
        guard position < input.count else { return }
        if input[position] == UInt8(ascii: "#") {
            guard position > 0, input[position - 1] == UInt8(ascii: " ") else { throw Declined() }
            try comment()
        }
        guard position >= input.count || input[position] == UInt8(ascii: "\n") else { throw Declined() }
    }

    /// Skips a comment up to its line break, checking its characters as libyaml's reader does.
    private mutating func comment() throws(Declined) {
        while position < input.count, input[position] != UInt8(ascii: "\n") { try character() }
    }

    /// From a line break (or a line's start), skips blank and comment lines; stops at the first
    /// character of the next line with content and returns true, or false at the end.
    private mutating func nextContentLine() throws(Declined) -> Bool {
        while true {
            if position < input.count, input[position] == UInt8(ascii: "\n") {
                position += 1
                line += 1
                lineStart = position
                continuationBytes = 0
            }
            skipSpaces()
            guard position < input.count else { return false }
            switch input[position] {
            case UInt8(ascii: "\n"): continue
            case UInt8(ascii: "#"): try comment()
            default:
                // `---`, `...` and `%` lines (documents, directives) are libyaml's.
                if column == 0, input[position] == UInt8(ascii: "%") || Self.startsDocumentMarker(input, at: position) {
                    throw Declined()
                }
                return true
            }
        }
    }

    private static func startsDocumentMarker(_ input: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        guard offset + 2 < input.count else { return false }
        let a = input[offset], b = input[offset + 1], c = input[offset + 2]
        return (a == UInt8(ascii: "-") || a == UInt8(ascii: ".")) && a == b && b == c
    }

    private mutating func skipSpaces() {
        while position < input.count, input[position] == UInt8(ascii: " ") { position += 1 }
    }

    private var atEnd: Bool { position >= input.count }

    /// At the line's end or a comment (which follows a space: the callers skipped spaces).
    private var atLineEnd: Bool {
        position >= input.count || input[position] == UInt8(ascii: "\n") || input[position] == UInt8(ascii: "#")
    }

    /// The column (from 0) of `position`.
    private var column: Int { position - lineStart - continuationBytes }

    private var isSequenceEntry: Bool {
        byte(0) == UInt8(ascii: "-") && byte(1) == UInt8(ascii: " ")
    }

    /// Whether a plain key and `: ` (or `:` at the line's end) start at `position`.
    private var isMappingKey: Bool {
        var offset = position
        while offset < input.count, Self.isKeyByte(input[offset]) { offset += 1 }
        guard offset > position, offset < input.count, input[offset] == UInt8(ascii: ":") else { return false }
        return offset + 1 >= input.count || input[offset + 1] == UInt8(ascii: " ") || input[offset + 1] == UInt8(ascii: "\n")
    }

    /// The byte `offset` past `position`, or a line break past the end.
    private func byte(_ offset: Int) -> UInt8 {
        position + offset < input.count ? input[position + offset] : UInt8(ascii: "\n")
    }

    @inline(__always) private static func isKeyByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }
}

/// The keys of one mapping so far, for finding a duplicate as `YAMLMappingKeys` does (the same
/// problem, the first value kept), by the hash of each key's bytes: keys here are ASCII words,
/// equal exactly when their bytes are, so texts are compared only when two hashes are equal.
private struct KeyHashes {
    /// The hash of each kept pair's key, in order; past 32 keys also by hash.
    private var hashes: [UInt64] = []
    private var byHash: [UInt64: [Int]]?

    mutating func add(_ key: YAMLNode, _ value: YAMLNode, hash: UInt64, to pairs: inout [(key: YAMLNode, value: YAMLNode)],
                      duplicates: inout [YAMLProblem]) {
        if let byHash {
            for index in byHash[hash] ?? [] where Self.same(key, pairs[index].key) {
                duplicates.append(YAMLMappingKeys.duplicate(key.scalarText ?? "", at: key.location, first: pairs[index].key.location))
                return
            }
        } else {
            for index in hashes.indices where hashes[index] == hash && Self.same(key, pairs[index].key) {
                duplicates.append(YAMLMappingKeys.duplicate(key.scalarText ?? "", at: key.location, first: pairs[index].key.location))
                return
            }
        }
        if hashes.isEmpty { hashes.reserveCapacity(pairs.capacity) }
        hashes.append(hash)
        pairs.append((key, value))
        if byHash != nil {
            byHash?[hash, default: []].append(hashes.count - 1)
        } else if hashes.count > 32 {
            byHash = Dictionary(grouping: hashes.indices, by: { hashes[$0] })
        }
    }

    /// Whether two scalar keys spell the same name.
    private static func same(_ a: YAMLNode, _ b: YAMLNode) -> Bool {
        guard case .scalar(let x, _) = a.value, case .scalar(let y, _) = b.value else { return false }
        return x == y
    }
}
