import Foundation

/// Turns repeated byte runs (type names, sources, devices, units) into one shared String.
///
/// An export repeats a few hundred distinct strings millions of times; interning avoids a heap
/// allocation per attribute. The table is bounded: when it fills up it starts over.
struct StringInterner {
    private var hashes: [UInt64]
    private var strings: [String?]
    private var used = 0
    private let mask: Int
    /// Strings created for the first time that held control characters.
    private(set) var controlCharacterStrings = 0

    init(slots: Int = 8192) {
        hashes = Array(repeating: 0, count: slots)
        strings = Array(repeating: nil, count: slots)
        mask = slots - 1
    }

    /// The String for `bytes`, shared with earlier equal byte runs.
    mutating func string(_ bytes: XMLBytes) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in 0..<bytes.count {
            hash = (hash ^ UInt64(bytes.base[index])) &* 0x0000_0100_0000_01B3
        }
        var slot = Int(truncatingIfNeeded: hash) & mask
        while let existing = strings[slot] {
            if hashes[slot] == hash, Self.equal(existing, bytes) { return existing }
            slot = (slot + 1) & mask
        }
        if used * 2 >= strings.count {
            for index in strings.indices { strings[index] = nil }
            used = 0
            slot = Int(truncatingIfNeeded: hash) & mask
        }
        let created = bytes.string
        if bytes.containsControlCharacter { controlCharacterStrings += 1 }
        strings[slot] = created
        hashes[slot] = hash
        used += 1
        return created
    }

    private static func equal(_ string: String, _ bytes: XMLBytes) -> Bool {
        var string = string
        return string.withUTF8 { utf8 in
            utf8.count == bytes.count && memcmp(utf8.baseAddress!, bytes.base, bytes.count) == 0
        }
    }
}
