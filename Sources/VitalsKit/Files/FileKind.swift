#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What stands at a path, symbolic links followed (`stat`): vitals opens only regular files
/// as databases, settings and caches. A FIFO would block the `open` until something writes
/// to it (every command hung); a device or socket is never a database.
package enum FileKind: Equatable, Sendable {
    case missing, regular, directory, fifo, socket, characterDevice, blockDevice, other

    package init(atPath path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            self = .missing
            return
        }
        self.init(mode: info.st_mode)
    }

    /// The kind a `stat`'s `st_mode` gives.
    package init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        default: self = .other
        }
    }

    /// "a FIFO", "a directory", … for messages.
    package var described: String {
        switch self {
        case .missing: return "nothing"
        case .regular: return "a file"
        case .directory: return "a directory"
        case .fifo: return "a FIFO (named pipe)"
        case .socket: return "a socket"
        case .characterDevice: return "a character device"
        case .blockDevice: return "a block device"
        case .other: return "not a regular file"
        }
    }
}
