import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which files are the catalog's own: a file whose real location (every symbolic link on the
/// way followed) is inside its catalog root. A catalog reaches the machine from a pull request
/// or a git revision, so a file `metrics/environ.yaml -> /proc/self/environ` (or a directory
/// `metrics -> /etc`) must not be read: its lines would be quoted under a diagnostic in a CI log.
///
/// A file's catalog root is the nearest catalog root (`CatalogLocation.isCatalogRoot`) at or
/// above the path it was listed under, found by name, not by following links; a path under no
/// catalog root (a directory of YAML files given alone) is its own boundary (a file given alone:
/// its directory). Each directory's real path is found once (`realpath`) in the initialiser, so
/// a file that is not a link costs the one `lstat` the reader makes anyway.
package struct CatalogContainment: Sendable {

    package init() {
    }
    /// The real path of each listed file's directory and of its boundary, by the directory as
    /// written in the listing.
    private var directories: [String: (real: String?, boundary: String?)] = [:]

    /// Containment for `files`, each listed under one of `paths` (as `CatalogLoader.files(under:)`
    /// lists them; a file under none of them is its own boundary's, its directory).
    package init(paths: [String], files: [String]) {
        var boundaries: [(given: String, boundary: String?)] = []
        for path in paths {
            var info = stat()
            let isDirectory = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
            let start = isDirectory ? path : Self.directory(of: path)
            let root = Self.catalogRoot(above: PathNames.lexicalAbsolute(start)) ?? PathNames.lexicalAbsolute(start)
            boundaries.append((path, PathNames.realPath(root)))
        }
        for file in files {
            let directory = Self.directory(of: file)
            guard directories[directory] == nil else { continue }
            let given = boundaries.first {
                file == $0.given || file.hasPrefix($0.given.hasSuffix("/") ? $0.given : $0.given + "/")
            }
            let boundary = given?.boundary ?? PathNames.realPath(directory)
            directories[directory] = (PathNames.realPath(directory), boundary)
        }
    }

    /// Why `path` is not the catalog's, nil when it is. `info` is the path's `lstat`.
    func refusal(of path: String, info: stat) -> String? {
        let directory = Self.directory(of: path)
        let known = directories[directory] ?? (PathNames.realPath(directory), PathNames.realPath(directory))
        guard let boundary = known.boundary, let real = known.real else { return "cannot read the file" }
        if !Self.isInside(real, boundary) {
            return
                "the file is reached through a link outside the catalog (\(Sanitize.inline(directory)) is \(Sanitize.inline(real))); it is not read"
        }
        guard info.st_mode & S_IFMT == S_IFLNK else { return nil }
        let target = Self.linkText(path)
        guard let resolved = PathNames.realPath(path) else {
            return "the file is a link to nothing (\(Sanitize.inline(target))); it is not read"
        }
        if !Self.isInside(resolved, boundary) {
            return "the file links outside the catalog (to \(Sanitize.inline(target))); it is not read"
        }
        return nil
    }

    /// The path to open for `path` once `refusal` let it through: a link's real target (so the
    /// open need not follow links, `O_NOFOLLOW`), else the path itself.
    static func openable(_ path: String, info: stat) -> String {
        info.st_mode & S_IFMT == S_IFLNK ? PathNames.realPath(path) ?? path : path
    }

    private static func isInside(_ path: String, _ boundary: String) -> Bool {
        path == boundary || path.hasPrefix(boundary == "/" ? "/" : boundary + "/")
    }

    /// `path` up to its last slash ("." for a bare name, "/" for a name at the root); the
    /// listing names files by appending to a directory, so no trailing slash needs trimming.
    private static func directory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
    }

    /// The nearest catalog root at or above `directory`, by name.
    private static func catalogRoot(above directory: String) -> String? {
        var current = directory
        while true {
            if CatalogLocation.isCatalogRoot(current) { return current }
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current || parent.isEmpty { return nil }
            current = parent
        }
    }

    private static func linkText(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return "?" }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
