import Foundation
import VitalsKit

/// Unescapes an XML attribute value in place.
///
/// Every escape is at least as long as what it stands for, so decoding never grows the value
/// and can overwrite the scanner's buffer. Unknown or broken references are kept literally (a
/// lenient choice: a bare `&` in a device name should not stop an import).
enum XMLValueDecoder {
    /// The index of the first byte that decoding would change (`&`, tab, newline, carriage
    /// return), or nil when the value reads as it is (most values).
    @inline(__always)
    static func firstEscape(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int? {
        for index in 0..<count {
            let byte = bytes[index]
            // One comparison for the usual byte: all four are below 0x27.
            if byte < 0x27, byte == 0x26 || byte == 0x09 || byte == 0x0A || byte == 0x0D { return index }
        }
        return nil
    }

    /// Decodes `count` bytes at `bytes`, the first `from` of which need no decoding; returns the
    /// decoded length.
    static func decodeInPlace(_ bytes: UnsafeMutablePointer<UInt8>, count: Int, from: Int = 0) -> Int {
        var read = from
        var write = from
        while read < count {
            let byte = bytes[read]
            if byte == 0x26, let (scalar, length) = reference(bytes + read, available: count - read) {
                write += encode(scalar, into: bytes + write)
                read += length
                continue
            }
            // Attribute-value normalisation: literal tab, newline and carriage return become spaces.
            bytes[write] = (byte == 0x09 || byte == 0x0A || byte == 0x0D) ? 0x20 : byte
            write += 1
            read += 1
        }
        return write
    }

    /// Reads `&name;` or `&#…;` at `bytes`; returns the scalar and the reference's length.
    private static func reference(_ bytes: UnsafeMutablePointer<UInt8>, available: Int) -> (UInt32, Int)? {
        var end = 1
        while end < available, end < 12, bytes[end] != 0x3B { end += 1 }
        guard end < available, bytes[end] == 0x3B, end > 1 else { return nil }
        let body = UnsafeBufferPointer(start: bytes + 1, count: end - 1)
        if body[0] == 0x23 {  // #
            var value: UInt32 = 0
            var digits = 0
            let isHex = body.count > 1 && (body[1] == 0x78 || body[1] == 0x58)
            for byte in body.dropFirst(isHex ? 2 : 1) {
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x61...0x66 where isHex: digit = UInt32(byte - 0x61 + 10)
                case 0x41...0x46 where isHex: digit = UInt32(byte - 0x41 + 10)
                default: return nil
                }
                value = value &* (isHex ? 16 : 10) &+ digit
                digits += 1
                if value > 0x10FFFF { value = 0xFFFD }
            }
            guard digits > 0 else { return nil }
            let valid = value != 0 && value <= 0x10FFFF && !(0xD800...0xDFFF).contains(value)
            return (valid ? value : 0xFFFD, end + 1)
        }
        func named(_ literal: StaticString) -> Bool {
            literal.utf8CodeUnitCount == body.count && memcmp(body.baseAddress!, literal.utf8Start, body.count) == 0
        }
        if named("lt") { return (0x3C, end + 1) }
        if named("gt") { return (0x3E, end + 1) }
        if named("amp") { return (0x26, end + 1) }
        if named("quot") { return (0x22, end + 1) }
        if named("apos") { return (0x27, end + 1) }
        return nil
    }

    /// Writes `scalar` as UTF-8; returns the byte count.
    private static func encode(_ scalar: UInt32, into bytes: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case ..<0x80:
            bytes[0] = UInt8(scalar)
            return 1
        case ..<0x800:
            bytes[0] = UInt8(0xC0 | (scalar >> 6))
            bytes[1] = UInt8(0x80 | (scalar & 0x3F))
            return 2
        case ..<0x10000:
            bytes[0] = UInt8(0xE0 | (scalar >> 12))
            bytes[1] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
            bytes[2] = UInt8(0x80 | (scalar & 0x3F))
            return 3
        default:
            bytes[0] = UInt8(0xF0 | (scalar >> 18))
            bytes[1] = UInt8(0x80 | ((scalar >> 12) & 0x3F))
            bytes[2] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
            bytes[3] = UInt8(0x80 | (scalar & 0x3F))
            return 4
        }
    }
}
