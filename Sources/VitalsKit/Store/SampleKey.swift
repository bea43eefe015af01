/// A sample's natural key — (series, subject, start, end, value, category, tag, source) — as
/// one 64-bit integer, stored in `sample.key_hash` under a unique index (schema v3).
///
/// The integer is the start second times 2^24 plus 24 bits of a hash of the whole key, so the
/// index is in time order: an export, which is written in time order, appends to it instead of
/// touching random pages. Different keys can share an integer (a collision, about one in 16
/// million among samples starting in the same second); `SampleInserter` then compares the
/// columns and stores the newcomer with a NULL `key_hash`. The value must never change between
/// versions: it is stored. Texts are hashed as their UTF-8 bytes and values by their bits
/// (with -0 as 0), which is exactly the equality SQLite's index used before (BINARY collation,
/// REAL comparison).
package struct SampleKey {
    private var state: UInt64 = 0x6A09_E667_F3BC_C909

    /// The stored integer for one natural key.
    package static func value(
        series: String, subject: String, start: Int64, end: Int64, value: Double,
        category: String, tag: String, source: String
    ) -> Int64 {
        var key = SampleKey()
        key.text(series)
        key.text(subject)
        key.word(UInt64(bitPattern: start))
        key.word(UInt64(bitPattern: end))
        key.word(value == 0 ? 0 : value.bitPattern)
        key.text(category)
        key.text(tag)
        key.text(source)
        return start &* (1 << 24) &+ Int64(key.finish() & 0xFF_FFFF)
    }

    private mutating func word(_ word: UInt64) {
        state = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
        state ^= state >> 29
    }

    /// The bytes eight at a time, then the length (so "ab","c" and "a","bc" differ).
    private mutating func text(_ text: String) {
        text.withUTF8Bytes { bytes in
            var index = 0
            while index + 8 <= bytes.count {
                var chunk: UInt64 = 0
                for offset in 0..<8 { chunk |= UInt64(bytes[index + offset]) << (8 * UInt64(offset)) }
                word(chunk)
                index += 8
            }
            var tail: UInt64 = 0
            for offset in 0..<(bytes.count - index) { tail |= UInt64(bytes[index + offset]) << (8 * UInt64(offset)) }
            word(tail)
            word(UInt64(bytes.count) | 0xFF00_0000_0000_0000)
        }
    }

    private func finish() -> UInt64 {
        var mixed = state
        mixed ^= mixed >> 33
        mixed = mixed &* 0xFF51_AFD7_ED55_8CCD
        mixed ^= mixed >> 33
        mixed = mixed &* 0xC4CE_B9FE_1A85_EC53
        mixed ^= mixed >> 33
        return mixed
    }
}
