import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The cache directory and its files trusted the way ssh trusts `~/.ssh` and git a
/// repository: by who owns them and who may write them, not by hashing their bytes. A file
/// is used only when the cache directory, reached from `/` one component at a time without
/// following a link, has no ancestor that another user could rename it in (each owned by root
/// or this user and writable by no one else, or sticky like /tmp), the directory itself is
/// this user's and writable by no one else (vitals makes it 0700), and the file, checked on
/// its open descriptor (no window between check and read), is a regular file of this user's
/// that no one else can write (0600). Then only this user (or root) can have written it or
/// can replace it; anything else is not a cache: the compiled catalog or demo database is
/// built again, and nothing is written into a directory that is not trusted.
///
/// What a trusted file holds is still decoded defensively (`CatalogCodec` refuses any bytes
/// it did not write), since the same user's other programs or a full disk can damage it.
package enum CacheTrust {
    /// Runs `body` with a descriptor of `directory` when it is trusted (created 0700 first
    /// when `create` and missing); nil without running it otherwise.
    package static func withDirectory<T>(_ directory: String, create: Bool, _ body: (Int32) -> T?) -> T? {
        if create, FileKind(atPath: directory) == .missing, (try? PrivateFile.createDirectory(directory)) == nil {
            return nil
        }
        guard let fd = openDirectory(directory) else { return nil }
        defer { close(fd) }
        return body(fd)
    }

    /// Whether `info` is a file of `kind` (S_IFREG, S_IFDIR) this user owns and no one else can
    /// write.
    static func isOwn(_ info: stat, kind: mode_t) -> Bool {
        (info.st_mode & S_IFMT) == kind && info.st_uid == geteuid() && info.st_mode & 0o022 == 0
    }

    /// The descriptor of `name` in the trusted directory `directoryFD`, opened for reading
    /// when it is a regular file this user owns and no one else can write, with its status.
    package static func openFile(_ name: String, in directoryFD: Int32) -> (fd: Int32, info: stat)? {
        let fd = openat(directoryFD, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, isOwn(info, kind: S_IFREG) else {
            close(fd)
            return nil
        }
        return (fd, info)
    }

    /// The bytes of `name` in the trusted directory `directoryFD` when the file is trusted and
    /// at most `limit` bytes long.
    package static func read(_ name: String, in directoryFD: Int32, limit: Int) -> [UInt8]? {
        guard let (fd, info) = openFile(name, in: directoryFD) else { return nil }
        defer { close(fd) }
        let size = Int(info.st_size)
        guard size <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        while offset < size {
            let count = bytes.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + offset, size - offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            offset += count
        }
        return bytes
    }

    /// `directory` opened when it and the way to it are trusted (see the type's comment).
    private static func openDirectory(_ directory: String) -> Int32? {
        guard let resolved = realpath(directory, nil) else { return nil }
        let path = String(cString: resolved)
        free(resolved)
        var fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        let components = path.split(separator: "/").map(String.init)
        if components.isEmpty {
            close(fd)
            return nil
        }
        for (index, component) in components.enumerated() {
            var info = stat()
            // An ancestor: root's or this user's, and no one else may rename what is in it
            // (not writable by others, or sticky).
            guard fstat(fd, &info) == 0, info.st_uid == 0 || info.st_uid == geteuid(),
                info.st_mode & 0o022 == 0 || info.st_mode & mode_t(S_ISVTX) != 0
            else {
                close(fd)
                return nil
            }
            let next = openat(fd, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            close(fd)
            guard next >= 0 else { return nil }
            fd = next
            if index == components.count - 1 {
                guard fstat(fd, &info) == 0, isOwn(info, kind: S_IFDIR) else {
                    close(fd)
                    return nil
                }
            }
        }
        return fd
    }
}

/// `read(2)` (a free function, so `CacheTrust.read` does not shadow it).
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
