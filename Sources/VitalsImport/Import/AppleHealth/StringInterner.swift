import Foundation
import VitalsKit

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
        // Eight bytes at a time: at most the first and last 24 bytes (equal hashes are confirmed
        // byte by byte anyway, and long device strings differ near either end).
        let count = bytes.count
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(count)
        @inline(__always) func mix(_ word: UInt64) {
            hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 32
        }
        if count >= 8 {
            let raw = UnsafeRawPointer(bytes.base)
            func word(_ offset: Int) -> UInt64 { raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
            mix(word(0))
            mix(word(min(8, count - 8)))
            mix(word(min(16, count - 8)))
            mix(word(max(0, count - 24)))
            mix(word(max(0, count - 16)))
            mix(word(count - 8))
        } else {
            var word: UInt64 = 0
            for index in 0..<count { word |= UInt64(bytes.base[index]) << (8 * UInt64(index)) }
            mix(word)
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
        return string.withUTF8Bytes { utf8 in
            utf8.count == bytes.count && memcmp(utf8.baseAddress!, bytes.base, bytes.count) == 0
        }
    }
}
