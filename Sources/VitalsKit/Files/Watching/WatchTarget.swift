import Foundation

/// Something `FileWatcher` watches.
package enum WatchTarget: Hashable, Sendable {
    /// A directory and every directory below it: a file whose name ends in one of `suffixes`
    /// created, written, renamed or removed, a directory added or removed anywhere in it, or
    /// the directory itself appearing or going (a catalog's `screens/`, `metrics/`).
    case tree(String, suffixes: [String])
    /// One file: written, replaced (an editor saving through a rename), created or removed
    /// (a settings file, a database and its `-wal`). Its directory need not exist yet.
    case file(String)

    /// The path watched.
    package var path: String {
        switch self {
        case .tree(let path, _), .file(let path): return path
        }
    }

    /// Whether a file named `name` in a directory of this tree is one the tree watches.
    func matches(fileNamed name: String) -> Bool {
        guard case .tree(_, let suffixes) = self else { return false }
        return suffixes.contains { name.hasSuffix($0) }
    }

    /// The same target with its path absolute (resolved against the working directory), so a
    /// relative `--db data.sqlite` is watched in the directory it is in.
    var absolute: WatchTarget {
        let path =
            self.path.hasPrefix("/")
            ? self.path
            : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(self.path)
        let standard = (path as NSString).standardizingPath
        switch self {
        case .tree(_, let suffixes): return .tree(standard, suffixes: suffixes)
        case .file: return .file(standard)
        }
    }

    /// The catalog's `.yaml` and `.yml` files under `path`.
    package static func catalogTree(_ path: String) -> WatchTarget { .tree(path, suffixes: [".yaml", ".yml"]) }

    /// The nearest directory from `path`'s parent up that exists, and the name of the entry in
    /// it that leads to `path` (the path itself when its parent exists): where a watch sees
    /// `path` created, renamed or removed.
    static func nearestExistingAncestor(of path: String) -> (directory: String, entry: String) {
        var child = (path as NSString).standardizingPath
        var parent = (child as NSString).deletingLastPathComponent
        while !parent.isEmpty, parent != child {
            if FileKind(atPath: parent) == .directory {
                return (parent, (child as NSString).lastPathComponent)
            }
            child = parent
            parent = (parent as NSString).deletingLastPathComponent
        }
        return ("/", (child as NSString).lastPathComponent)
    }

    /// `path` and every directory below it (a link at `path` is followed, links below are not),
    /// sorted; empty when `path` is not a directory.
    static func directories(under path: String) -> [String] {
        guard FileKind(atPath: path) == .directory else { return [] }
        var found = [path]
        let root = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return found }
        while let relative = walker.nextObject() as? String {
            if let type = walker.fileAttributes?[.type] as? FileAttributeType, type == .typeDirectory {
                found.append((path as NSString).appendingPathComponent(relative))
            }
        }
        return found.sorted()
    }
}
