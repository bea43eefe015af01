/// Where each key of a catalog entry was written (its value's location), first occurrence per
/// key: what `CatalogEntry.location(of:)` answers from.
///
/// An entry has a dozen keys and a catalog tens of thousands of entries, so this is a short
/// array, not a dictionary: a key and a line and column of 32 bits each, the file named once
/// (a dictionary of `SourceLocation`s took 1.6 KB per metric, this about 0.4 KB). Lookups scan
/// the array, comparing lengths first.
public struct KeyLocations: Sendable, ExpressibleByDictionaryLiteral, Sequence {
    private struct Entry: Sendable {
        var key: String
        var line: Int32
        var column: Int32
        var file: Int32
    }

    private var entries: [Entry] = []
    /// The files named, nearly always one.
    private var files: [String] = []

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
        get {
            guard let index = index(of: key) else { return nil }
            let entry = entries[index]
            return SourceLocation(file: files[Int(entry.file)], line: Int(entry.line), column: Int(entry.column))
        }
        set {
            let existing = index(of: key)
            guard let location = newValue else {
                if let existing { entries.remove(at: existing) }
                return
            }
            let file: Int
            if let known = files.lastIndex(of: location.file) {
                file = known
            } else {
                files.append(location.file)
                file = files.count - 1
            }
            let entry = Entry(key: key, line: Int32(truncatingIfNeeded: location.line),
                              column: Int32(truncatingIfNeeded: location.column), file: Int32(file))
            if let existing { entries[existing] = entry } else { entries.append(entry) }
        }
    }

    /// Records `location` for `key` unless the key already has one (the first occurrence wins).
    public mutating func addFirst(_ key: String, _ location: SourceLocation) {
        if index(of: key) == nil { self[key] = location }
    }

    /// The same locations as a dictionary.
    public var dictionary: [String: SourceLocation] {
        Dictionary(map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    public func makeIterator() -> AnyIterator<(key: String, value: SourceLocation)> {
        var index = 0
        return AnyIterator {
            guard index < entries.count else { return nil }
            let entry = entries[index]
            index += 1
            return (entry.key, SourceLocation(file: files[Int(entry.file)], line: Int(entry.line), column: Int(entry.column)))
        }
    }

    private func index(of key: String) -> Int? {
        let length = key.utf8.count
        return entries.firstIndex { $0.key.utf8.count == length && $0.key == key }
    }
}
