import VitalsKit

/// A 128-bit hash of bytes, eight at a time in two independently mixed lanes: names a
/// compiled catalog by the content it was compiled from, and checks a cache file's payload.
///
/// Not cryptographic (nobody gains by forging a catalog cache that sits in their own home
/// directory); 128 bits make an accidental match of two different catalogs negligible.
struct ContentHash {
    private var a: UInt64 = 0x243F_6A88_85A3_08D3
    private var b: UInt64 = 0x1319_8A2E_0370_7344
    private var length: UInt64 = 0

    init() {}

    private static func scramble(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 31
        x &*= 0x7FB5_D329_728E_A185
        x ^= x >> 27
        x &*= 0x81DA_DEF4_BC2D_D44D
        x ^= x >> 33
        return x
    }

    private mutating func word(_ w: UInt64) {
        a = ((a ^ Self.scramble(w)) &* 0x9E37_79B9_7F4A_7C15).rotated(29)
        b = (b &+ Self.scramble(w ^ 0xC2B2_AE3D_27D4_EB4F)).rotated(37) &* 0xD6E8_FEB8_6659_FD93
    }

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        let count = bytes.count
        while offset + 8 <= count {
            word(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        // The tail word carries how many bytes it holds, so "a" + "" and "" + "a" differ.
        word(tail ^ (UInt64(count & 7) << 56) ^ 0x5A)
        length &+= UInt64(count)
    }

    mutating func add(_ bytes: [UInt8]) { bytes.withUnsafeBytes { add($0) } }

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }

    mutating func add(_ number: Int) {
        withUnsafeBytes(of: UInt64(bitPattern: Int64(number)).littleEndian) { add($0) }
    }

    /// The hash so far as 32 hexadecimal digits.
    var hex: String {
        let high = Self.scramble(a ^ length.rotated(17))
        let low = Self.scramble(b ^ high ^ length)
        return Self.hex(high) + Self.hex(low)
    }

    /// The hash so far as one number (for a checksum).
    var value64: UInt64 { Self.scramble(a ^ Self.scramble(b ^ length)) }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension UInt64 {
    fileprivate func rotated(_ count: UInt64) -> UInt64 { (self << count) | (self >> (64 - count)) }
}
