import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The user's own secret for compiled catalogs: 32 random bytes in `cache-secret` in the cache
/// directory, created 0600 on first use. A compiled catalog carries an HMAC-SHA-256 of its
/// header and payload under this secret (`CatalogCache+File`), so a file someone else wrote
/// into the cache directory, with a checksum recomputed after an edit, is not trusted: only
/// a process that can read the secret can sign.
///
/// The secret is used only when it is a regular file of exactly 32 bytes, owned by this user
/// and readable by nobody else; otherwise the cache is not used at all (every command then
/// loads and checks the catalog itself).
enum CacheSecret {
    static let fileName = "cache-secret"
    static let byteCount = 32

    /// The secret in `directory`, created when missing; nil when it cannot be made or trusted.
    static func load(in directory: String) -> [UInt8]? {
        let path = directory + "/" + fileName
        if let secret = read(path) { return secret }
        guard FileKind(atPath: path) == .missing, (try? PrivateFile.createDirectory(directory)) != nil else { return nil }
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        // Written to a name of its own, then linked to the final name: two processes starting
        // at once agree on whichever secret was linked first.
        let temporary = directory + "/.\(fileName)-\(UUID().uuidString).tmp"
        defer { unlink(temporary) }
        guard (try? PrivateFile.write(bytes, to: temporary)) != nil else { return nil }
        _ = link(temporary, path)
        return read(path)
    }

    /// The secret at `path` if it is one this user alone can read.
    private static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid(),
              info.st_mode & 0o077 == 0, info.st_size == off_t(byteCount) else { return nil }
        var bytes = [UInt8](repeating: 0, count: byteCount)
        let count = bytes.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, byteCount) }
        return count == byteCount ? bytes : nil
    }
}

/// `read(2)` (a free function, so `CacheSecret.read` does not shadow it).
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
