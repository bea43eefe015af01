import Foundation

/// The compiled catalog file: a header, then the payload: the length of the catalog's bytes,
/// the catalog (`CatalogCodec`), then the check's findings.
///
///     8 bytes   magic "VITALSC\n"
///     4 bytes   CatalogCache.formatVersion, little-endian
///     32 bytes  the key, hexadecimal ASCII
///     8 bytes   payload length
///     32 bytes  HMAC-SHA-256 of the 52 bytes above and the payload, under the user's secret
///               (`CacheSecret`)
///     payload
///
/// Anything else (another magic, version, key or length, a signature that does not match, a
/// payload the codec refuses) is not a compiled catalog: `read` returns nil. The signature
/// makes a file only this user's vitals can have written trusted, not one that merely looks
/// sound (a checksum anyone can recompute after editing the payload).
extension CatalogCache {
    static let magic: [UInt8] = Array("VITALSC\n".utf8)
    static let signedHeaderSize = 8 + 4 + 32 + 8
    static let headerSize = signedHeaderSize + 32

    /// The file's bytes for a checked catalog, signed with `secret`; nil when it cannot be
    /// stored (nested too deep).
    static func fileBytes(_ checked: Checked, key: String, secret: [UInt8]) -> [UInt8]? {
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
        let signed = header.body
        let signature = signed.withUnsafeBytes { head in
            bytes.withUnsafeBytes { body in SHA256.hmac(key: secret, [head, body]) }
        }
        return signed + signature + bytes
    }

    /// The checked catalog in `bytes`, if they are a sound compiled catalog of `key` signed
    /// with `secret`.
    static func checked(from bytes: UnsafeRawBufferPointer, key: String, secret: [UInt8]) -> Checked? {
        guard bytes.count >= headerSize, key.utf8.count == 32,
              bytes.prefix(8).elementsEqual(magic),
              UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self)) == UInt32(formatVersion),
              bytes[12..<44].elementsEqual(key.utf8),
              UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 44, as: UInt64.self)) == UInt64(bytes.count - headerSize)
        else { return nil }
        let payload = UnsafeRawBufferPointer(rebasing: bytes[headerSize...])
        let expected = SHA256.hmac(key: secret, [UnsafeRawBufferPointer(rebasing: bytes[..<signedHeaderSize]), payload])
        // Compared in full whatever differs first (no early exit to time).
        let stored = bytes[signedHeaderSize..<headerSize]
        guard zip(stored, expected).reduce(0, { $0 | ($1.0 ^ $1.1) }) == 0 else { return nil }
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
        // Only a regular file is read (a FIFO would block the read forever).
        guard FileKind(atPath: path) == .regular, let secret = CacheSecret.load(in: directory),
              let data = FileManager.default.contents(atPath: path) else { return nil }
        return data.withUnsafeBytes { Self.checked(from: $0, key: key, secret: secret) }
    }

    /// Writes the compiled catalog under a name of this process's own and renames it into
    /// place; removes all but the `keptFiles` newest compiled catalogs and temporary files of
    /// runs killed while writing. False when nothing could be written.
    func store(_ checked: Checked, key: String, in directory: String) -> Bool {
        guard (try? PrivateFile.createDirectory(directory)) != nil, let secret = CacheSecret.load(in: directory),
              let bytes = Self.fileBytes(checked, key: key, secret: secret) else { return false }
        // Written to a temporary name, 0600, and renamed into place (PrivateFile).
        guard (try? PrivateFile.write(bytes, to: directory + "/" + Self.fileName(key: key))) != nil else { return false }
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
