import Foundation

/// The compiled catalog file: a header, then the payload: the length of the catalog's bytes,
/// the catalog (`CatalogCodec`), then the check's findings.
///
///     8 bytes   magic "VITALSC\n"
///     4 bytes   CatalogCache.formatVersion, little-endian
///     32 bytes  the key, hexadecimal ASCII
///     8 bytes   payload length
///     8 bytes   payload checksum (ContentHash)
///     payload
///
/// Anything else (another magic, version, key or length, a checksum that does not match, a
/// payload the codec refuses) is not a compiled catalog: `read` returns nil.
extension CatalogCache {
    static let magic: [UInt8] = Array("VITALSC\n".utf8)
    static let headerSize = 8 + 4 + 32 + 8 + 8

    /// The file's bytes for a checked catalog; nil when it cannot be stored (nested too deep).
    static func fileBytes(_ checked: Checked, key: String) -> [UInt8]? {
        guard let catalog = try? CatalogCodec.encode(checked.loaded) else { return nil }
        var findings = CacheWriter()
        findings.array(checked.findings) { $0.diagnostic($1) }
        var payload = CacheWriter()
        payload.u64(UInt64(catalog.count))
        let bytes = payload.body + catalog + findings.finished()
        var checksum = ContentHash()
        checksum.add(bytes)
        var header = CacheWriter()
        for byte in magic { header.u8(byte) }
        header.u32(UInt32(formatVersion))
        for byte in key.utf8 { header.u8(byte) }
        header.u64(UInt64(bytes.count))
        header.u64(checksum.value64)
        return header.body + bytes
    }

    /// The checked catalog in `bytes`, if they are a sound compiled catalog of `key`.
    static func checked(from bytes: UnsafeRawBufferPointer, key: String) -> Checked? {
        guard bytes.count >= headerSize, key.utf8.count == 32,
              bytes.prefix(8).elementsEqual(magic),
              UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self)) == UInt32(formatVersion),
              bytes[12..<44].elementsEqual(key.utf8),
              UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 44, as: UInt64.self)) == UInt64(bytes.count - headerSize)
        else { return nil }
        let payload = UnsafeRawBufferPointer(rebasing: bytes[headerSize...])
        var checksum = ContentHash()
        checksum.add(payload)
        guard UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 52, as: UInt64.self)) == checksum.value64 else { return nil }
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

    func read(key: String, in directory: String) -> Checked? {
        let path = directory + "/" + Self.fileName(key: key)
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return data.withUnsafeBytes { Self.checked(from: $0, key: key) }
    }

    /// Writes the compiled catalog under a name of this process's own and renames it into
    /// place; removes all but the `keptFiles` newest compiled catalogs and temporary files of
    /// runs killed while writing. False when nothing could be written.
    func store(_ checked: Checked, key: String, in directory: String) -> Bool {
        guard let bytes = Self.fileBytes(checked, key: key) else { return false }
        let manager = FileManager.default
        guard (try? manager.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil else { return false }
        let temporary = directory + "/.catalog-\(UUID().uuidString).tmp"
        defer { try? manager.removeItem(atPath: temporary) }
        guard manager.createFile(atPath: temporary, contents: Data(bytes)),
              rename(temporary, directory + "/" + Self.fileName(key: key)) == 0 else { return false }
        prune(directory)
        return true
    }

    private func prune(_ directory: String) {
        let manager = FileManager.default
        var compiled: [(name: String, modified: Date)] = []
        for name in (try? manager.contentsOfDirectory(atPath: directory)) ?? [] {
            let path = directory + "/" + name
            guard let modified = (try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date else { continue }
            if name.hasPrefix("catalog-") && name.hasSuffix(".bin") {
                compiled.append((name, modified))
            } else if name.hasPrefix(".catalog-"), name.hasSuffix(".tmp"), Date().timeIntervalSince(modified) > 600 {
                try? manager.removeItem(atPath: path)
            }
        }
        for old in compiled.sorted(by: { $0.modified > $1.modified }).dropFirst(Self.keptFiles) {
            try? manager.removeItem(atPath: directory + "/" + old.name)
        }
    }
}
