import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `stat` says of each watched path, compared between two looks: the polling watcher's
/// whole view of the files (where the system has no inotify).
struct FileStamps: Equatable, Sendable {
    /// One path's identity and contents as far as `stat` tells: a save through a rename
    /// changes the inode, a write the size or the modification time (nanoseconds).
    struct Stamp: Equatable, Sendable {
        var inode: UInt64
        var size: Int64
        var modified: Int64
        var isDirectory: Bool
    }

    private(set) var stamps: [String: Stamp] = [:]

    /// Every path `targets` watch that exists now.
    init(_ targets: [WatchTarget]) {
        for target in targets {
            switch target {
            case .file(let path):
                stamps[path] = Self.stamp(path)  // nil (missing) leaves it out
            case .tree(let root, _):
                for directory in WatchTarget.directories(under: root) {
                    stamps[directory] = Self.stamp(directory)
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
                    for name in names where target.matches(fileNamed: name) {
                        let path = (directory as NSString).appendingPathComponent(name)
                        stamps[path] = Self.stamp(path)
                    }
                }
            }
        }
    }

    /// The paths whose stamp differs between `self` and `newer` (added, removed or changed),
    /// sorted.
    func changes(to newer: FileStamps) -> [String] {
        let paths = Set(stamps.keys).union(newer.stamps.keys)
        return paths.filter { stamps[$0] != newer.stamps[$0] }.sorted()
    }

    static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
            let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        // A directory counts by its identity alone: its time changes with any file made in it
        // (an editor's swap file), and the files that matter have stamps of their own.
        let isDirectory = info.st_mode & S_IFMT == S_IFDIR
        return Stamp(
            inode: UInt64(info.st_ino), size: isDirectory ? 0 : Int64(info.st_size),
            modified: isDirectory ? 0 : modified, isDirectory: isDirectory)
    }
}
