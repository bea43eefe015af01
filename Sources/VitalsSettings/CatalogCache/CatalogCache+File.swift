import Foundation
import VitalsKit

/// The compiled catalog file: a header, then the payload: the length of the catalog's bytes,
/// the catalog (`CatalogCodec`), then the check's findings.
///
///     8 bytes   magic "VITALSC\n"
///     4 bytes   CatalogCache.formatVersion, little-endian
///     32 bytes  the key, hexadecimal ASCII
///     8 bytes   payload length
///     4 bytes   CRC-32 of the 52 bytes above and the payload, little-endian
///     payload
///
/// Anything else (another magic, version, key or length, a checksum that does not match, a
/// payload the codec refuses) is not a compiled catalog: `read` returns nil. The file is
/// trusted for who owns it and who can write it and its directory (`CacheTrust`), as ssh and
/// git trust theirs; the checksum only finds damage (a disk's, an editor's), and the bytes
/// are decoded defensively all the same.
extension CatalogCache {
    static let magic: [UInt8] = Array("VITALSC\n".utf8)
    static let checkedHeaderSize = 8 + 4 + 32 + 8
    static let headerSize = checkedHeaderSize + 4

    /// The file's bytes for a checked catalog; nil when it cannot be stored (nested too deep).
    static func fileBytes(_ checked: Checked, key: String) -> [UInt8]? {
        guard let catalog = try? CatalogCodec.encode(checked.loaded) else { return nil }
        var findings = CacheWriter()
        findings.array(checked.findings) { $0.diagnostic($1) }
        var payload = CacheWriter()
        payload.u64(UInt64(catalog.count))
        let bytes = payload.body + catalog + findings.finished()
        var header = CacheWriter()
        for byte in magic { header.u8(byte) }
        header.u32(UInt32(formatVersion))
        for byte in key.utf8 { header.u8(byte) }
        header.u64(UInt64(bytes.count))
        var crc = CRC32Checksum()
        header.body.withUnsafeBytes { crc.update($0) }
        bytes.withUnsafeBytes { crc.update($0) }
        header.u32(crc.value)
        return header.body + bytes
    }

    /// The checked catalog in `bytes`, if they are a sound compiled catalog of `key`.
    static func checked(from bytes: UnsafeRawBufferPointer, key: String) -> Checked? {
        guard bytes.count >= headerSize, key.utf8.count == 32,
            bytes.prefix(8).elementsEqual(magic),
            UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self)) == UInt32(formatVersion),
            bytes[12..<44].elementsEqual(key.utf8),
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 44, as: UInt64.self))
                == UInt64(bytes.count - headerSize)
        else { return nil }
        let payload = UnsafeRawBufferPointer(rebasing: bytes[headerSize...])
        var crc = CRC32Checksum()
        crc.update(UnsafeRawBufferPointer(rebasing: bytes[..<checkedHeaderSize]))
        crc.update(payload)
        guard UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: checkedHeaderSize, as: UInt32.self)) == crc.value
        else { return nil }
        return try? decodePayload(payload)
    }

    /// The payload without the header's checks (the fuzz tests feed it mutated bytes).
    static func decodePayload(_ payload: UnsafeRawBufferPointer) throws -> Checked {
        // The catalog's length, its string table and body, then the findings' table and body.
        guard payload.count >= 8 else { throw CacheBytesError.truncated }
        let length = UInt64(littleEndian: payload.loadUnaligned(as: UInt64.self))
        guard length <= UInt64(payload.count - 8) else { throw CacheBytesError.truncated }
        let split = 8 + Int(length)
        let loaded = try CatalogCodec.decode(UnsafeRawBufferPointer(rebasing: payload[8..<split]))
        var r = try CacheReader(UnsafeRawBufferPointer(rebasing: payload[split...]))
        let findings = try r.array { try $0.diagnostic() }
        guard r.isAtEnd, !loaded.hasErrors, !findings.contains(where: { $0.severity == .error }) else {
            throw CacheBytesError.invalid("findings")
        }
        return Checked(loaded: loaded, findings: findings, origin: .cached)
    }

    /// The compiled catalog of `key` when the directory and the file are trusted
    /// (`CacheTrust`); a FIFO or anything but a regular file there is a miss, not a wait.
    func read(key: String, in directory: String) -> Checked? {
        CacheTrust.withDirectory(directory, create: false) { fd in
            // A compiled catalog is smaller than the catalog files it holds (each at most
            // CatalogLoader.maximumFileSize); the limit keeps a huge file from being read.
            guard let bytes = CacheTrust.read(Self.fileName(key: key), in: fd, limit: Self.maximumFileSize) else {
                return nil
            }
            return bytes.withUnsafeBytes { Self.checked(from: $0, key: key) }
        }
    }

    /// The largest compiled catalog read.
    static let maximumFileSize = 64 << 20

    /// Writes the compiled catalog, 0600, under a name of this process's own and renames it
    /// into place (over an untrusted file too, which thus gets this user's and 0600); removes
    /// all but the `keptFiles` newest compiled catalogs and temporary files of runs killed
    /// while writing. False when nothing could be written, or the directory is not trusted.
    func store(_ checked: Checked, key: String, in directory: String) -> Bool {
        let written: Bool? = CacheTrust.withDirectory(directory, create: true) { _ in
            guard let bytes = Self.fileBytes(checked, key: key) else { return false }
            let path = directory + "/" + Self.fileName(key: key)
            let temporary = directory + "/.\(Self.fileName(key: key)).\(UUID().uuidString.prefix(8)).tmp"
            guard (try? PrivateFile.create(bytes, at: temporary)) != nil else { return false }
            guard rename(temporary, path) == 0 else {
                unlink(temporary)
                return false
            }
            return true
        }
        guard written == true else { return false }
        prune(directory)
        return true
    }

    private func prune(_ directory: String) {
        let manager = FileManager.default
        var compiled: [(name: String, modified: Date)] = []
        for name in (try? manager.contentsOfDirectory(atPath: directory)) ?? [] {
            let path = directory + "/" + name
            guard let modified = (try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date else {
                continue
            }
            if name.hasPrefix("catalog-") && name.hasSuffix(".bin") {
                compiled.append((name, modified))
            } else if name.hasPrefix(".catalog-"), name.hasSuffix(".tmp"), Date().timeIntervalSince(modified) > 600 {
                try? manager.removeItem(atPath: path)
            } else if name == "cache-secret" {
                try? manager.removeItem(atPath: path)  // the signing key of format 4, no longer used
            }
        }
        for old in compiled.sorted(by: { $0.modified > $1.modified }).dropFirst(Self.keptFiles) {
            try? manager.removeItem(atPath: directory + "/" + old.name)
        }
    }
}
