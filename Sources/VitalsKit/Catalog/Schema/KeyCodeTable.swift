/// The schema's key names by code, looked up without hashing: a name's bucket is a mix of its
/// UTF-8 length and its first and last bytes, and a bucket holds the few names that share it.
///
/// `KeyLocations` looks up the code of every key of every entry (300,000 look-ups for a
/// catalog of 20,000 metrics); a `[String: UInt16]` hashed each name with SipHash, 360
/// instructions a look-up and 4 % of `vitals validate`. `KeyCodeTableTests` compares it with a
/// dictionary on the schema's names and on generated ones.
struct KeyCodeTable: Sendable {
    /// Every name, grouped by bucket: bucket `b` is `entries[starts[b]..<starts[b + 1]]`.
    private let entries: [(name: String, code: UInt16)]
    private let starts: [Int32]
    private let mask: Int

    /// A table of `names`, each coded by its index; a repeated name keeps its first code.
    init(_ names: [String]) {
        var size = 64
        while size < names.count * 2 { size *= 2 }
        mask = size - 1
        var firsts: [String: UInt16] = [:]
        for (index, name) in names.enumerated() where firsts[name] == nil { firsts[name] = UInt16(index) }
        var buckets = [[(name: String, code: UInt16)]](repeating: [], count: size)
        for (index, name) in names.enumerated() where firsts[name] == UInt16(index) {
            buckets[Self.bucket(of: name, mask: size - 1)].append((name, UInt16(index)))
        }
        entries = buckets.flatMap { $0 }
        var starts: [Int32] = [0]
        for bucket in buckets { starts.append(starts[starts.count - 1] + Int32(bucket.count)) }
        self.starts = starts
    }

    /// The code of `name`, or nil when it is not in the table.
    ///
    /// Names are equal as Swift strings are (canonically equivalent: "é" written as one scalar
    /// or as "e" and a combining accent); two such spellings have different bytes, hence maybe
    /// different buckets, so a name that is not ASCII and not found in its bucket is looked for
    /// in every entry (the schema's names are ASCII: a key that is not is a mistake, and rare).
    func code(of name: String) -> UInt16? {
        let bucket = Self.bucket(of: name, mask: mask)
        for index in Int(starts[bucket])..<Int(starts[bucket + 1]) where entries[index].name == name {
            return entries[index].code
        }
        guard !name.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        return entries.filter { $0.name == name }.map(\.code).min()
    }

    @inline(__always) private static func bucket(of name: String, mask: Int) -> Int {
        // The bytes in place (a native string's; `utf8.last` walked the view's indices).
        (name.utf8.withContiguousStorageIfAvailable { mix($0) } ?? mix(Array(name.utf8))) & mask
    }

    @inline(__always) private static func mix(_ bytes: some RandomAccessCollection<UInt8>) -> Int {
        guard let first = bytes.first, let last = bytes.last else { return 0 }
        return bytes.count &* 31 &+ Int(first) &* 7 &+ Int(last) &* 131
    }
}
