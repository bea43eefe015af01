#if os(Linux)
    import Foundation
    import Glibc

    /// The Linux backend of `FileWatcher`: one inotify instance watching directories, never files,
    /// so that a file replaced by a rename (how most editors and `config set` save), created or
    /// removed is seen as well as one written in place.
    ///
    /// Each target is watched in the nearest directory above it that exists, for the one entry
    /// leading to it (a settings directory not made yet, a catalog's `screens/` renamed away and
    /// back); a tree in every directory it holds. Whenever a directory comes or goes the watches
    /// are worked out again (`refresh`), so directories created later are watched too.
    final class InotifyWatch {
        let descriptor: Int32
        private var targets: [WatchTarget]
        private var directoryOf: [Int32: String] = [:]
        private var watchOf: [String: Int32] = [:]
        /// Directory → the names in it that lead to a target.
        private var entries: [String: Set<String>] = [:]
        /// Directory → the trees it belongs to.
        private var trees: [String: [WatchTarget]] = [:]

        private static let mask: UInt32 =
            UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MODIFY)
            | UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_FROM) | UInt32(IN_MOVED_TO) | UInt32(IN_ATTRIB)
            | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR)

        init(_ targets: [WatchTarget]) throws(FileWatchError) {
            let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard fd >= 0 else { throw .kernelRefused(call: "inotify_init1", path: nil, errno: errno) }
            descriptor = fd
            self.targets = targets
            if let failure = refresh() {
                close(fd)
                throw failure
            }
        }

        deinit { close(descriptor) }

        /// Watches `targets` instead of the ones before.
        func retarget(_ targets: [WatchTarget]) {
            self.targets = targets
            _ = refresh()
        }

        /// The watched directories, sorted (for tests).
        var watchedDirectories: [String] { watchOf.keys.sorted() }

        /// Works out which directories to watch and adds or removes watches to match. Returns the
        /// first refusal other than a directory vanishing meanwhile.
        @discardableResult
        private func refresh() -> FileWatchError? {
            entries = [:]
            trees = [:]
            for target in targets {
                let (directory, entry) = WatchTarget.nearestExistingAncestor(of: target.path)
                entries[directory, default: []].insert(entry)
                if case .tree = target {
                    for directory in WatchTarget.directories(under: target.path) {
                        trees[directory, default: []].append(target)
                    }
                }
            }
            let wanted = Set(entries.keys).union(trees.keys)
            for (directory, watch) in watchOf where !wanted.contains(directory) {
                inotify_rm_watch(descriptor, watch)
                forget(watch)
            }
            var failure: FileWatchError?
            for directory in wanted.sorted() where watchOf[directory] == nil {
                let watch = inotify_add_watch(descriptor, directory, Self.mask)
                if watch < 0 {
                    if errno != ENOENT && errno != ENOTDIR && failure == nil {
                        failure = .kernelRefused(call: "inotify_add_watch", path: directory, errno: errno)
                    }
                    continue
                }
                if let earlier = directoryOf[watch] { watchOf[earlier] = nil }
                directoryOf[watch] = directory
                watchOf[directory] = watch
            }
            return failure
        }

        private func forget(_ watch: Int32) {
            if let directory = directoryOf.removeValue(forKey: watch), watchOf[directory] == watch {
                watchOf[directory] = nil
            }
        }

        /// Reads every event waiting (never blocks) and returns the paths that matter, or nil when
        /// nothing that matters happened. An overflowed queue counts as a change of unknown paths.
        func collect() -> [String]? {
            var changed: [String] = []
            var relevant = false
            var needsRefresh = false
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                var offset = 0
                while offset + 16 <= count {
                    let (watch, eventMask, length) = buffer.withUnsafeBytes { raw in
                        (
                            raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                            raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                            Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        )
                    }
                    let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                    let name = String(decoding: nameBytes, as: UTF8.self)
                    offset += 16 + length
                    let event = handle(watch: watch, mask: eventMask, name: name)
                    if event.relevant { relevant = true }
                    if let path = event.path, !changed.contains(path) { changed.append(path) }
                    if event.refresh { needsRefresh = true }
                }
            }
            if needsRefresh { refresh() }
            return relevant ? changed : nil
        }

        /// What one event means: whether it matters, the path it names, and whether the set of
        /// directories may have changed.
        private func handle(watch: Int32, mask: UInt32, name: String) -> (relevant: Bool, path: String?, refresh: Bool)
        {
            if mask & UInt32(IN_Q_OVERFLOW) != 0 { return (true, nil, true) }
            if mask & UInt32(IN_IGNORED) != 0 {
                forget(watch)
                return (false, nil, true)
            }
            guard let directory = directoryOf[watch] else { return (false, nil, false) }
            if mask & (UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)) != 0 {
                inotify_rm_watch(descriptor, watch)
                forget(watch)
                return (trees[directory] != nil, directory, true)
            }
            guard !name.isEmpty else { return (false, nil, false) }
            let path = (directory as NSString).appendingPathComponent(name)
            let isDirectory = mask & UInt32(IN_ISDIR) != 0
            if entries[directory]?.contains(name) == true { return (true, path, isDirectory) }
            if let owners = trees[directory], isDirectory || owners.contains(where: { $0.matches(fileNamed: name) }) {
                return (true, path, isDirectory)
            }
            return (false, nil, false)
        }
    }
#endif
