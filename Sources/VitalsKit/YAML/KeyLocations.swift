/// Where each key of a catalog entry was written (its value's location), first occurrence per
/// key: what `CatalogEntry.location(of:)` answers from.
///
/// An entry has a dozen keys and a catalog tens of thousands of entries, so this is a short
/// array, not a dictionary: a key (inline for names up to 15 bytes) with a line and a column of
/// 32 bits, 24 bytes each, and the file named once (a dictionary of `SourceLocation`s took
/// 1.6 KB per metric, this about 0.4 KB). Lookups scan the array, comparing lengths first.
public struct KeyLocations: Sendable, ExpressibleByDictionaryLiteral, Sequence {
    private struct Entry: Sendable {
        var key: String
        var line: Int32
        var column: Int32
    }

    private var entries: [Entry] = []
    /// The file of every entry not listed in `otherFiles`.
    private var file = ""
    /// Files of entries written elsewhere than `file` (by entry index): nearly always nil.
    private var otherFiles: [Int: String]?

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
            let entry = Entry(key: key, line: Int32(truncatingIfNeeded: location.line),
                              column: Int32(truncatingIfNeeded: location.column))
            let index: Int
            if let existing { entries[existing] = entry; index = existing } else { entries.append(entry); index = entries.count - 1 }
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
        guard index(of: key) == nil else { return }
        // As the subscript's setter does for a new key, without looking the key up again.
        entries.append(Entry(key: key, line: Int32(truncatingIfNeeded: location.line),
                             column: Int32(truncatingIfNeeded: location.column)))
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
            return (entries[index].key, location(at: index))
        }
    }

    private func location(at index: Int) -> SourceLocation {
        let entry = entries[index]
        return SourceLocation(file: otherFiles?[index] ?? file, line: Int(entry.line), column: Int(entry.column))
    }

    private mutating func remove(at index: Int) {
        let files = (0..<entries.count).map { otherFiles?[$0] ?? file }
        entries.remove(at: index)
        var kept = files
        kept.remove(at: index)
        file = kept.first ?? ""
        let others = kept.enumerated().filter { $0.element != file }
        otherFiles = others.isEmpty ? nil : Dictionary(uniqueKeysWithValues: others.map { ($0.offset, $0.element) })
    }

    private func index(of key: String) -> Int? {
        let length = key.utf8.count
        return entries.firstIndex { $0.key.utf8.count == length && $0.key == key }
    }
}
