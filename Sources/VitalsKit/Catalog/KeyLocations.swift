/// Where each key of a catalog entry was written (its value's location), first occurrence per
/// key: what `CatalogEntry.location(of:)` answers from.
///
/// An entry has a dozen keys and a catalog tens of thousands of entries, so this is a short
/// array, not a dictionary: a key as its index among the schema's key names (a key the schema
/// does not know is kept as text beside, rare) with a line of 32 bits and a column of 16, 8
/// bytes each (a column past 65,534 is kept beside, rare), and the file named once: far smaller
/// than a dictionary of `SourceLocation`s. Lookups scan the array of small integers.
public struct KeyLocations: Sendable, ExpressibleByDictionaryLiteral, Sequence {
    private struct Entry: Sendable {
        /// The index in `CatalogSchema.knownKeys`, or `unknownBit` + the index in `unknownKeys`.
        var key: UInt16
        /// The column, or `wideColumn` when it does not fit (then it is in `wideColumns`).
        var column: UInt16
        var line: UInt32

        init(key: UInt16, _ location: SourceLocation) {
            self.key = key
            line = UInt32(truncatingIfNeeded: location.line)
            column =
                location.column >= 0 && location.column < Int(KeyLocations.wideColumn)
                ? UInt16(location.column) : KeyLocations.wideColumn
        }
    }

    private static let wideColumn = UInt16.max

    private static let unknownBit: UInt16 = 0x8000
    /// The bytes one key's entry takes (8), for the memory tests.
    static var entryStride: Int { MemoryLayout<Entry>.stride }
    /// Keys the schema does not name, in the order first recorded: nearly always nil.
    private var unknownKeys: [String]?
    private var entries: [Entry] = []
    /// The file of every entry not listed in `otherFiles`.
    private var file = ""
    /// Files of entries written elsewhere than `file` (by entry index): nearly always nil.
    private var otherFiles: [Int: String]?
    /// Columns that do not fit an entry (by entry index): nearly always nil.
    private var wideColumns: [Int: Int]?

    public init() {}

    public init(minimumCapacity: Int) {
        entries.reserveCapacity(minimumCapacity)
    }

    public init(_ locations: [String: SourceLocation]) {
        entries.reserveCapacity(locations.count)
        for (key, location) in locations.sorted(by: { $0.key < $1.key }) { self[key] = location }
    }

    public init(dictionaryLiteral elements: (String, SourceLocation)...) {
        for (key, location) in elements where self[key] == nil { self[key] = location }
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    /// The location of `key`'s value; setting one for a key already present replaces it.
    public subscript(key: String) -> SourceLocation? {
        get { index(of: key).map(location(at:)) }
        set {
            let existing = index(of: key)
            guard let location = newValue else {
                if let existing { remove(at: existing) }
                return
            }
            guard let code = existing.map({ entries[$0].key }) ?? code(adding: key) else { return }
            let entry = Entry(key: code, location)
            let index: Int
            if let existing {
                entries[existing] = entry
                index = existing
            } else {
                entries.append(entry)
                index = entries.count - 1
            }
            recordWideColumn(of: location, at: index)
            if entries.count == 1 { file = location.file }
            if location.file == file {
                otherFiles?[index] = nil
            } else {
                otherFiles = otherFiles ?? [:]
                otherFiles?[index] = location.file
            }
        }
    }

    /// Records `location` for `key` unless the key already has one (the first occurrence wins).
    public mutating func addFirst(_ key: String, _ location: SourceLocation) {
        // One look-up of the key's code, then a scan of the small codes.
        if let known = self.code(of: key) {
            guard !entries.contains(where: { $0.key == known }) else { return }
            append(code: known, location)
        } else if let added = self.code(adding: key) {
            append(code: added, location)
        }
    }

    /// As the subscript's setter does for a new key, without looking the key up again.
    private mutating func append(code: UInt16, _ location: SourceLocation) {
        entries.append(Entry(key: code, location))
        if entries[entries.count - 1].column == Self.wideColumn {
            recordWideColumn(of: location, at: entries.count - 1)
        }
        if entries.count == 1 {
            file = location.file
        } else if location.file != file {
            otherFiles = otherFiles ?? [:]
            otherFiles?[entries.count - 1] = location.file
        }
    }

    /// The same locations as a dictionary.
    public var dictionary: [String: SourceLocation] {
        Dictionary(map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    public func makeIterator() -> AnyIterator<(key: String, value: SourceLocation)> {
        var index = 0
        return AnyIterator {
            guard index < entries.count else { return nil }
            defer { index += 1 }
            return (name(of: entries[index].key), location(at: index))
        }
    }

    private func location(at index: Int) -> SourceLocation {
        let entry = entries[index]
        let column = entry.column == Self.wideColumn ? wideColumns?[index] ?? Int(entry.column) : Int(entry.column)
        return SourceLocation(file: otherFiles?[index] ?? file, line: Int(entry.line), column: column)
    }

    /// Keeps `location`'s column beside the entry at `index` when the entry cannot hold it.
    private mutating func recordWideColumn(of location: SourceLocation, at index: Int) {
        if entries[index].column == Self.wideColumn {
            wideColumns = wideColumns ?? [:]
            wideColumns?[index] = location.column
        } else if wideColumns != nil {
            wideColumns?[index] = nil
            // None left is nil, as if there had never been one: one value, one form (the
            // compiled catalog stores both as none, and reads back nil).
            if wideColumns?.isEmpty == true { wideColumns = nil }
        }
    }

    private mutating func remove(at index: Int) {
        let files = (0..<entries.count).map { otherFiles?[$0] ?? file }
        entries.remove(at: index)
        var kept = files
        kept.remove(at: index)
        file = kept.first ?? ""
        let others = kept.enumerated().filter { $0.element != file }
        otherFiles = others.isEmpty ? nil : Dictionary(uniqueKeysWithValues: others.map { ($0.offset, $0.element) })
        // The wide columns of the entries after the removed one move down one place.
        if let wide = wideColumns {
            let moved = wide.compactMap { $0.key == index ? nil : ($0.key > index ? $0.key - 1 : $0.key, $0.value) }
            wideColumns = moved.isEmpty ? nil : Dictionary(uniqueKeysWithValues: moved)
        }
    }

    private func index(of key: String) -> Int? {
        guard let code = code(of: key) else { return nil }
        return entries.firstIndex { $0.key == code }
    }

    /// The code `key` is stored under here, nil for a key the schema does not know and this
    /// entry has not recorded.
    private func code(of key: String) -> UInt16? {
        if let known = CatalogSchema.knownKeys.index[key] { return known }
        return unknownKeys?.firstIndex(of: key).map { Self.unknownBit | UInt16($0) }
    }

    /// The code of `key`, recording it as an unknown key when the schema does not name it; nil
    /// past 32,767 unknown keys in one entry (their locations fall back to the entry's).
    private mutating func code(adding key: String) -> UInt16? {
        if let code = code(of: key) { return code }
        let count = unknownKeys?.count ?? 0
        guard count < Int(Self.unknownBit) else { return nil }
        unknownKeys = (unknownKeys ?? []) + [key]
        return Self.unknownBit | UInt16(count)
    }

    private func name(of code: UInt16) -> String {
        code & Self.unknownBit == 0
            ? CatalogSchema.knownKeys.names[Int(code)]
            : unknownKeys![Int(code & ~Self.unknownBit)]
    }
}
