import VitalsKit

/// The byte layer of the compiled catalog cache: little-endian fixed-width numbers, counts, and
/// strings stored once in a table and referred to by index (a file path appears in every
/// source location; a key such as `name` in most entries).
///
/// The reader checks every read against the end of its bytes and every count against what is
/// left, and throws `CacheBytesError` instead of trapping, so a damaged file is rejected.
struct CacheWriter {
    private(set) var body: [UInt8] = []
    private var stringIndex: [String: UInt32] = [:]
    private var strings: [String] = []

    init() { body.reserveCapacity(1 << 16) }

    mutating func u8(_ value: UInt8) { body.append(value) }

    mutating func u32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { body.append(contentsOf: $0) }
    }

    mutating func u64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { body.append(contentsOf: $0) }
    }

    mutating func int(_ value: Int) { u64(UInt64(bitPattern: Int64(value))) }
    mutating func double(_ value: Double) { u64(value.bitPattern) }
    mutating func bool(_ value: Bool) { u8(value ? 1 : 0) }
    mutating func count(_ value: Int) { u32(UInt32(value)) }

    mutating func string(_ value: String) {
        if let index = stringIndex[value] {
            u32(index)
            return
        }
        let index = UInt32(strings.count)
        stringIndex[value] = index
        strings.append(value)
        u32(index)
    }

    mutating func optional<T>(_ value: T?, _ write: (inout CacheWriter, T) -> Void) {
        guard let value else {
            u8(0)
            return
        }
        u8(1)
        write(&self, value)
    }

    mutating func array<T>(_ values: [T], _ write: (inout CacheWriter, T) -> Void) {
        count(values.count)
        for value in values { write(&self, value) }
    }

    /// The string table (count, then each string's length and UTF-8 bytes) followed by the body.
    func finished() -> [UInt8] {
        var table = CacheWriter()
        table.body.reserveCapacity(body.count + strings.count * 16)
        table.count(strings.count)
        for string in strings {
            let utf8 = Array(string.utf8)
            table.count(utf8.count)
            table.body.append(contentsOf: utf8)
        }
        return table.body + body
    }
}

/// Why cache bytes were refused.
enum CacheBytesError: Error, Equatable {
    case truncated
    case invalid(String)
}

struct CacheReader {
    private let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0
    private var strings: [String] = []

    /// Reads the string table at the start of `bytes`; the body follows.
    init(_ bytes: UnsafeRawBufferPointer) throws {
        self.bytes = bytes
        let count = try self.count()
        var table: [String] = []
        table.reserveCapacity(count)
        for _ in 0..<count {
            let length = try self.count()
            let start = offset
            offset += length
            guard let text = String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
            else {
                throw CacheBytesError.invalid("string is not UTF-8")
            }
            table.append(text)
        }
        strings = table
    }

    var isAtEnd: Bool { offset == bytes.count }
    private var remaining: Int { bytes.count - offset }

    mutating func u8() throws -> UInt8 {
        guard remaining >= 1 else { throw CacheBytesError.truncated }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func u32() throws -> UInt32 {
        guard remaining >= 4 else { throw CacheBytesError.truncated }
        defer { offset += 4 }
        return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    mutating func u64() throws -> UInt64 {
        guard remaining >= 8 else { throw CacheBytesError.truncated }
        defer { offset += 8 }
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    mutating func int() throws -> Int {
        let value = Int64(bitPattern: try u64())
        guard let int = Int(exactly: value) else { throw CacheBytesError.invalid("integer out of range") }
        return int
    }

    mutating func double() throws -> Double { Double(bitPattern: try u64()) }

    mutating func bool() throws -> Bool {
        switch try u8() {
        case 0: return false
        case 1: return true
        default: throw CacheBytesError.invalid("boolean")
        }
    }

    /// A count of things that each take at least one byte: never more than the bytes left.
    mutating func count() throws -> Int {
        let value = Int(try u32())
        guard value <= remaining else { throw CacheBytesError.truncated }
        return value
    }

    mutating func string() throws -> String {
        let index = Int(try u32())
        guard index < strings.count else { throw CacheBytesError.invalid("string index") }
        return strings[index]
    }

    /// A string that must be the raw value of `T`.
    mutating func raw<T: RawRepresentable>(_ type: T.Type) throws -> T where T.RawValue == String {
        guard let value = T(rawValue: try string()) else { throw CacheBytesError.invalid("\(T.self)") }
        return value
    }

    mutating func optional<T>(_ read: (inout CacheReader) throws -> T) throws -> T? {
        switch try u8() {
        case 0: return nil
        case 1: return try read(&self)
        default: throw CacheBytesError.invalid("optional tag")
        }
    }

    mutating func array<T>(_ read: (inout CacheReader) throws -> T) throws -> [T] {
        let count = try count()
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try read(&self)) }
        return values
    }
}
