import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a file of vitals' own could not be written.
package struct PrivateFileError: VitalsError, Equatable {
    package var path: String
    package var reason: String

    package var message: String { "cannot write \(Sanitize.inline(path)): \(reason)" }
    package var hints: [String] {
        reason == String(cString: strerror(ENOSPC)) || reason == String(cString: strerror(EFBIG))
            ? ["nothing was changed; free some space and run it again"] : []
    }
    package var kind: VitalsErrorKind { .cannotRun }
}

/// Files holding health data or vitals' state, written so that they are private and whole:
/// a new file is created 0600 and a new directory 0700 (whatever the umask lets through), an
/// existing file keeps its mode, and a file is replaced by writing a temporary file next to
/// it and renaming it over the old one, so a full disk or a kill leaves the old file (and no
/// temporary one) behind. Every write is checked.
package enum PrivateFile {
    /// The mode of files vitals creates.
    package static let fileMode: mode_t = 0o600
    /// The mode of directories vitals creates.
    package static let directoryMode: mode_t = 0o700

    /// Replaces (or creates) the file at `path` with `bytes`, atomically. The new file gets the
    /// old one's permission bits, or 0600 when there was none.
    ///
    /// Only a regular file is ever replaced. What is not one is written in place or refused,
    /// never renamed over (as root, `-o /dev/null` would otherwise make every process's
    /// `/dev/null` a file): a character device (`/dev/null`, a terminal) and a FIFO someone
    /// reads are opened and written without truncating; a path under `/dev/` or `/proc/`
    /// (`/dev/stdout` sent to a file) is appended to; a block device, a socket, a directory and
    /// a FIFO nobody reads are refused. A symbolic link to a regular file is kept: the file it
    /// points to is replaced (its own mode kept).
    package static func write(_ bytes: some Collection<UInt8>, to path: String) throws(PrivateFileError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return try replace(path, bytes, mode: fileMode) }
        let isLink = info.st_mode & S_IFMT == S_IFLNK
        if isLink, stat(path, &info) != 0 {
            throw PrivateFileError(path: path, reason: "it is a symbolic link to nothing; nothing was written")
        }
        let kind = FileKind(mode: info.st_mode)
        let special = PathNames.lexicalAbsolute(path)
        if kind == .regular, !special.hasPrefix("/dev/"), !special.hasPrefix("/proc/") {
            guard isLink else { return try replace(path, bytes, mode: info.st_mode & 0o7777) }
            guard let target = PathNames.realPath(path) else {
                throw PrivateFileError(path: path, reason: "cannot resolve the symbolic link; nothing was written")
            }
            return try replace(target, bytes, mode: info.st_mode & 0o7777, shown: path)
        }
        switch kind {
        case .regular, .characterDevice, .fifo: try writeInPlace(path, bytes, append: kind == .regular)
        default:
            throw PrivateFileError(
                path: path,
                reason: "it is \(kind.described), which vitals neither replaces nor writes into; nothing was written")
        }
    }

    /// Writes a temporary file beside `path` and renames it over `path`.
    private static func replace(
        _ path: String, _ bytes: some Collection<UInt8>, mode: mode_t,
        shown: String? = nil
    ) throws(PrivateFileError) {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (directory.isEmpty ? "." : directory) + "/.\(name).\(UUID().uuidString.prefix(8)).tmp"
        do throws(PrivateFileError) {
            try createNew(temporary, bytes, mode: mode)
        } catch {
            throw PrivateFileError(path: shown ?? path, reason: error.reason)
        }
        guard rename(temporary, path) == 0 else {
            let error = failure(shown ?? path)
            unlink(temporary)
            throw error
        }
    }

    /// Writes `bytes` into what stands at `path` (a device, a FIFO), never truncating or
    /// replacing it. A FIFO is opened without blocking: with nobody reading it, the open fails
    /// (ENXIO) at once instead of waiting forever.
    private static func writeInPlace(_ path: String, _ bytes: some Collection<UInt8>, append: Bool)
        throws(PrivateFileError)
    {
        let fd = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (append ? O_APPEND : 0))
        guard fd >= 0 else {
            if errno == ENXIO {
                throw PrivateFileError(path: path, reason: "no process is reading it; nothing was written")
            }
            throw failure(path)
        }
        do throws(PrivateFileError) {
            let flags = fcntl(fd, F_GETFL)
            guard flags >= 0, fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 else { throw failure(path) }
            try writeAll(fd, Array(bytes), path: path)
        } catch {
            _ = close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw failure(path) }
    }

    /// Creates `path`, which must not exist yet, 0600, holding `bytes` (a page or a profile file
    /// in a private directory); on any failure nothing is left there.
    package static func create(_ bytes: some Collection<UInt8>, at path: String) throws(PrivateFileError) {
        try createNew(path, bytes, mode: fileMode)
    }

    /// The one checked write of a new file: created with `O_EXCL`, given `mode` whatever the
    /// umask, every byte written and synced; removed again when any step fails.
    private static func createNew(_ path: String, _ bytes: some Collection<UInt8>, mode: mode_t)
        throws(PrivateFileError)
    {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
        guard fd >= 0 else { throw failure(path) }
        var isOpen = true
        do throws(PrivateFileError) {
            // fchmod, not the open's mode: the umask must not widen or narrow a kept mode.
            guard fchmod(fd, mode) == 0 else { throw failure(path) }
            try writeAll(fd, Array(bytes), path: path)
            // A file system that cannot sync (EINVAL) has nothing to sync to.
            guard fsync(fd) == 0 || errno == EINVAL else { throw failure(path) }
            isOpen = false
            guard close(fd) == 0 else { throw failure(path) }
        } catch {
            if isOpen { _ = close(fd) }
            unlink(path)
            throw error
        }
    }

    /// Creates `path` as an empty file, 0600, if nothing is there (for SQLite, which then opens
    /// it, and gives its -wal and -shm files the same mode). True when this call created it.
    @discardableResult
    package static func createEmptyIfMissing(_ path: String) throws(PrivateFileError) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
        if fd < 0 {
            if errno == EEXIST { return false }
            throw failure(path)
        }
        _ = fchmod(fd, fileMode)
        _ = close(fd)
        return true
    }

    /// Creates `path` and any missing parents as directories 0700; existing ones are left as
    /// they are.
    package static func createDirectory(_ path: String) throws(PrivateFileError) {
        if FileKind(atPath: path) == .directory { return }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, FileKind(atPath: parent) == .missing { try createDirectory(parent) }
        if mkdir(path, directoryMode) == 0 {
            _ = chmod(path, directoryMode)  // mkdir's mode passes through the umask
        } else if errno != EEXIST {
            throw failure(path)
        }
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(PrivateFileError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            offset += written
        }
    }

    private static func failure(_ path: String) -> PrivateFileError {
        PrivateFileError(path: path, reason: String(cString: strerror(errno)))
    }
}

/// `write(2)` (a free function, so `PrivateFile.write` does not shadow it).
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, bytes, count)
}
