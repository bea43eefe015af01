import Foundation

/// JSON string literals as UTF-8 bytes, escaping only what JSON requires (quote, backslash,
/// C0 controls): the form stored sample metadata keeps, so stored bytes stay as they were.
package enum JSONBytes {
    /// Appends `value` as a JSON string literal.
    package static func quote(_ value: String, into bytes: inout [UInt8]) {
        bytes.append(0x22)
        value.withUTF8Bytes { utf8 in
            var plain = true
            for unit in utf8 where unit < 0x20 || unit == 0x22 || unit == 0x5C {
                plain = false
                break
            }
            if plain {
                bytes.append(contentsOf: utf8)
                return
            }
            for unit in utf8 {
                switch unit {
                case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
                case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
                case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
                case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
                case ..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(unit >> 4)], hex[Int(unit & 15)]])
                default: bytes.append(unit)
                }
            }
        }
        bytes.append(0x22)
    }

    /// `value` as a JSON string literal.
    package static func quoted(_ value: String) -> String {
        var bytes: [UInt8] = []
        quote(value, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
