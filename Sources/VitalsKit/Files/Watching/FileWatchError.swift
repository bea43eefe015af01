#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why files cannot be watched.
package enum FileWatchError: VitalsError, Equatable {
    /// The kernel refused an inotify instance or a watch (`errno`): usually the per-user limit
    /// (`fs.inotify.max_user_instances`, `max_user_watches`).
    case kernelRefused(call: String, path: String?, errno: Int32)
    /// Nothing to watch was given.
    case nothingToWatch

    package var kind: VitalsErrorKind { .cannotRun }

    package var message: String {
        switch self {
        case .kernelRefused(let call, let path, let code):
            let subject = path.map { " for \(Sanitize.inline($0))" } ?? ""
            return "cannot watch files: \(call)\(subject) failed: \(String(cString: strerror(code)))"
        case .nothingToWatch:
            return "cannot watch files: nothing to watch"
        }
    }

    package var hints: [String] {
        switch self {
        case .kernelRefused(_, _, let code) where code == ENOSPC || code == EMFILE:
            return [
                "the system's inotify limit is reached (sysctl fs.inotify.max_user_watches, fs.inotify.max_user_instances)"
            ]
        default:
            return []
        }
    }
}
