import Foundation
import VitalsKit
import ZIPFoundation

/// A zip's central directory, read with bounds checks on every field, and the inflating of one
/// entry that always ends.
///
/// ZIPFoundation lists entries but skips encrypted ones without a word, and its inflate loop
/// (0.9.20, zlib path) asks for more input forever once a damaged deflate stream has used up
/// the entry's bytes: the import never ended. Here the compressed bytes are handed over
/// by a provider that throws when asked past the entry's end, so a damaged stream ends with
/// "damaged" instead.
struct ZipDirectory {
    struct Entry: Sendable, Hashable {
        var path: String
        var flags: UInt16
        var method: UInt16
        var crc32: UInt32
        var compressedSize: UInt64
        var uncompressedSize: UInt64
        var localHeaderOffset: UInt64

        /// Bit 0 of the flags: the entry is encrypted (password-protected).
        var isEncrypted: Bool { flags & 1 != 0 }
    }

    let entries: [Entry]
    private let fileSize: UInt64

    /// Why a zip cannot be read, in words a person understands.
    struct Damage: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads the central directory of the zip at `path`.
    init(path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw Damage(description: "it cannot be opened")
        }
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        fileSize = size
        let tailLength = min(size, 65_557)
        try handle.seek(toOffset: size - tailLength)
        let tail = [UInt8](try handle.read(upToCount: Int(tailLength)) ?? Data())
        guard tail.count >= 22, let end = Self.lastIndex(of: 0x0605_4B50, in: tail) else {
            throw Damage(description: "it is not a complete zip (its end is missing: truncated download or copy?)")
        }
        var count = UInt64(Self.u16(tail, end + 10))
        var directorySize = UInt64(Self.u32(tail, end + 12))
        var directoryOffset = UInt64(Self.u32(tail, end + 16))
        // ZIP64: a locator just before the end record points at the 64-bit end record.
        if end >= 20, Self.u32(tail, end - 20) == 0x0706_4B50 {
            let recordOffset = Self.u64(tail, end - 20 + 8)
            guard recordOffset <= size - 56 else {
                throw Damage(description: "its ZIP64 directory record is out of bounds")
            }
            try handle.seek(toOffset: recordOffset)
            let record = [UInt8](try handle.read(upToCount: 56) ?? Data())
            guard record.count == 56, Self.u32(record, 0) == 0x0606_4B50 else {
                throw Damage(description: "its ZIP64 directory record is damaged")
            }
            count = Self.u64(record, 32)
            directorySize = Self.u64(record, 40)
            directoryOffset = Self.u64(record, 48)
        }
        guard directoryOffset <= size, directorySize <= size - directoryOffset, directorySize <= 256 << 20,
            count <= directorySize / 46
        else {
            throw Damage(description: "its table of contents is out of bounds")
        }
        try handle.seek(toOffset: directoryOffset)
        let directory = [UInt8](try handle.read(upToCount: Int(directorySize)) ?? Data())
        guard directory.count == Int(directorySize) else {
            throw Damage(description: "its table of contents is cut off")
        }
        var entries: [Entry] = []
        var index = 0
        for _ in 0..<count {
            guard index + 46 <= directory.count, Self.u32(directory, index) == 0x0201_4B50 else {
                throw Damage(description: "its table of contents is damaged")
            }
            let nameLength = Int(Self.u16(directory, index + 28))
            let extraLength = Int(Self.u16(directory, index + 30))
            let commentLength = Int(Self.u16(directory, index + 32))
            let next = index + 46 + nameLength + extraLength + commentLength
            guard next <= directory.count else { throw Damage(description: "its table of contents is damaged") }
            var entry = Entry(
                path: String(decoding: directory[(index + 46)..<(index + 46 + nameLength)], as: UTF8.self),
                flags: Self.u16(directory, index + 8), method: Self.u16(directory, index + 10),
                crc32: Self.u32(directory, index + 16), compressedSize: UInt64(Self.u32(directory, index + 20)),
                uncompressedSize: UInt64(Self.u32(directory, index + 24)),
                localHeaderOffset: UInt64(Self.u32(directory, index + 42)))
            Self.applyZIP64(
                &entry, extra: directory[(index + 46 + nameLength)..<(index + 46 + nameLength + extraLength)])
            entries.append(entry)
            index = next
        }
        self.entries = entries
    }

    /// Reads the 64-bit sizes and offset of the ZIP64 extra field (id 1), for the fields whose
    /// 32-bit value is 0xFFFFFFFF, in the order the format gives them.
    private static func applyZIP64(_ entry: inout Entry, extra: ArraySlice<UInt8>) {
        let bytes = Array(extra)
        var index = 0
        while index + 4 <= bytes.count {
            let id = u16(bytes, index)
            let length = Int(u16(bytes, index + 2))
            guard index + 4 + length <= bytes.count else { return }
            if id == 1 {
                var field = index + 4
                func take(_ value: inout UInt64) {
                    guard value == 0xFFFF_FFFF, field + 8 <= index + 4 + length else { return }
                    value = u64(bytes, field)
                    field += 8
                }
                take(&entry.uncompressedSize)
                take(&entry.compressedSize)
                take(&entry.localHeaderOffset)
                return
            }
            index += 4 + length
        }
    }

    /// Inflates `entry` of the zip at `path`, handing the output to `consumer` in chunks of
    /// about `chunkSize` bytes; checks its CRC-32. Throws `Damage` for anything wrong.
    static func extract(
        _ entry: Entry, from path: String, fileSize: UInt64? = nil, chunkSize: Int,
        consumer: (Data) throws -> Void
    ) throws {
        if entry.isEncrypted {
            throw Damage(
                description: "\(entry.path) is encrypted (password-protected): unzip it yourself and import the XML")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw Damage(description: "it cannot be opened") }
        defer { try? handle.close() }
        let size = try fileSize ?? handle.seekToEnd()
        guard entry.localHeaderOffset <= size, size - entry.localHeaderOffset >= 30 else {
            throw Damage(description: "the entry \(entry.path) lies outside the file")
        }
        try handle.seek(toOffset: entry.localHeaderOffset)
        let header = [UInt8](try handle.read(upToCount: 30) ?? Data())
        guard header.count == 30, u32(header, 0) == 0x0403_4B50 else {
            throw Damage(description: "the header of \(entry.path) is damaged")
        }
        let dataOffset = entry.localHeaderOffset + 30 + UInt64(u16(header, 26)) + UInt64(u16(header, 28))
        guard dataOffset <= size, entry.compressedSize <= size - dataOffset else {
            throw Damage(description: "\(entry.path) is cut off (truncated download or copy?)")
        }
        var checksum = CRC32Checksum()
        var produced: UInt64 = 0
        func counting(_ data: Data) throws {
            produced += UInt64(data.count)
            guard produced <= entry.uncompressedSize else {
                throw Damage(
                    description:
                        "\(entry.path) inflates to more than the \(entry.uncompressedSize) bytes its zip records")
            }
            data.withUnsafeBytes { checksum.update($0) }
            try consumer(data)
        }
        let compressed = entry.compressedSize
        let step = max(chunkSize, 64)
        switch entry.method {
        case 0:  // stored
            var position: UInt64 = 0
            try handle.seek(toOffset: dataOffset)
            while position < compressed {
                let want = Int(min(UInt64(step), compressed - position))
                guard let data = try handle.read(upToCount: want), data.count == want else {
                    throw Damage(description: "\(entry.path) is cut off")
                }
                position += UInt64(want)
                try counting(data)
            }
        case 8:  // deflate
            _ = try Data.decompress(
                size: Int64(compressed), bufferSize: step, skipCRC32: true,
                provider: { position, size in
                    guard position >= 0, UInt64(position) < compressed else {
                        throw Damage(
                            description:
                                "the compressed data of \(entry.path) is damaged (its deflate stream does not end)")
                    }
                    let want = Int(min(UInt64(size), compressed - UInt64(position)))
                    try handle.seek(toOffset: dataOffset + UInt64(position))
                    guard var data = try handle.read(upToCount: want), data.count == want else {
                        throw Damage(description: "\(entry.path) is cut off")
                    }
                    // ZIPFoundation's zlib loop hands zlib `size` bytes whatever the chunk's length.
                    if data.count < size { data.append(Data(count: size - data.count)) }
                    return data
                }, consumer: counting)
        default:
            throw Damage(
                description:
                    "\(entry.path) is compressed with method \(entry.method), which vitals cannot read (only stored and deflate)"
            )
        }
        guard produced == entry.uncompressedSize else {
            throw Damage(
                description:
                    "\(entry.path) inflates to \(produced) bytes, its zip says \(entry.uncompressedSize): the file is damaged"
            )
        }
        guard checksum.value == entry.crc32 else {
            throw Damage(
                description: "the inflated \(entry.path) has CRC-32 \(String(checksum.value, radix: 16)), "
                    + "its zip says \(String(entry.crc32, radix: 16)): the file is damaged")
        }
    }

    private static func lastIndex(of signature: UInt32, in bytes: [UInt8]) -> Int? {
        var index = bytes.count - 22
        while index >= 0 {
            if u32(bytes, index) == signature { return index }
            index -= 1
        }
        return nil
    }

    private static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    private static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(u16(bytes, at)) | UInt32(u16(bytes, at + 2)) << 16
    }

    private static func u64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        UInt64(u32(bytes, at)) | UInt64(u32(bytes, at + 4)) << 32
    }
}

/// ZIPFoundation's errors in words a person understands.
enum ZipErrorText {
    static func describe(_ error: any Error) -> String {
        if let damage = error as? ZipDirectory.Damage { return damage.description }
        if let archive = error as? Archive.ArchiveError {
            switch archive {
            case .unreadableArchive, .missingEndOfCentralDirectoryRecord:
                return "it is not a complete zip (its end is missing: truncated download or copy?)"
            case .invalidCRC32:
                return "a checksum does not match: the file is damaged"
            case .invalidCompressionMethod:
                return "it uses a compression method vitals cannot read"
            case .invalidEntrySize, .invalidLocalHeaderDataOffset, .invalidLocalHeaderSize,
                .invalidCentralDirectoryOffset, .invalidCentralDirectorySize, .invalidCentralDirectoryEntryCount:
                return "its table of contents is damaged"
            default:
                return "it cannot be read as a zip"
            }
        }
        // ZIPFoundation's inflate errors (`Data.CompressionError`, not public).
        switch "\(error)" {
        case "corruptedData", "invalidStream": return "its compressed data is damaged"
        default: return "\(error)"
        }
    }
}
