import Foundation

/// What the compiled catalog's key needs from the file system, read more cheaply than
/// `CatalogLoader` reads it for loading: the same list of files and the same display names.
///
/// `CatalogLoader.files(under:)` walks directories with Foundation's enumerator (costly an
/// entry on Linux) and `CatalogLoader.displayPath` standardises each path component by
/// component, a `readlink` each: together most of the cost of reading a compiled catalog.
/// Here directories are read with `readdir`, and a file's display name is its directory's
/// standardised path (computed once per directory) and its own name; any case
/// the shortcut does not cover exactly (a file that is a symbolic link, `.` or `..`, repeated
/// slashes, a `/private` or `/var/automount` prefix) takes `CatalogLoader.displayPath`.
/// `CatalogFileScanTests` compare both with the loader's on trees with links, hidden files and
/// directories named like catalog files; `CatalogCache` also stores a catalog only when the
/// two lists agree.
package struct CatalogFileScan {
    private var standardizedDirectories: [String: String] = [:]
    /// What the files of each standardised directory are named relative to (`namingBase(above:)`).
    private var namingBases: [String: String?] = [:]
    private let workingDirectory = FileManager.default.currentDirectoryPath
    /// The catalog root the working directory is below (`enclosingRoot(of:)`), looked up once.
    private let enclosingRoot = CatalogFileScan.enclosingRoot(of: FileManager.default.currentDirectoryPath)

    /// The files `CatalogLoader.files(under:)` lists, in the same order.
    package static func files(under paths: [String]) throws -> [String] {
        var result: [String] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else { throw CatalogLocationError.noSuchPath(path) }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                result.append(path)
                continue
            }
            // Walked at the target of a link to a directory, with the names asked for (as the loader).
            let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            var found: [String] = []
            guard walk(target, relative: "", into: &found) else { throw CatalogLocationError.unreadableDirectory(path) }
            result += found.map { (path as NSString).appendingPathComponent($0) }.sorted()
        }
        return result
    }

    /// The relative paths below `directory` that Foundation's directory enumerator lists and
    /// that end in `.yaml` or `.yml` (unsorted), read with `readdir`; nil where this walk might
    /// not list what the enumerator lists: a directory it cannot open, a name that is not UTF-8,
    /// a directory on another file system (the enumerator does not cross into one). The loader
    /// then asks the enumerator (`CatalogLoader.files(under:)`, which costs far more an entry,
    /// on one thread, before any file is read).
    static func catalogEntries(under directory: String) -> [String]? {
        var info = stat()
        guard lstat(directory, &info) == 0 else { return nil }
        var found: [String] = []
        return walk(directory, relative: "", into: &found, strictOnDevice: info.st_dev) ? found : nil
    }

    /// Every entry below `directory` whose relative path ends in `.yaml` or `.yml`; descends
    /// into directories but not into links to them. False when `directory` cannot be read; with
    /// `strictOnDevice`, also false when any directory below cannot be read, a name is not
    /// UTF-8 or a directory is on another device than that one.
    private static func walk(
        _ directory: String, relative: String, into found: inout [String],
        strictOnDevice device: dev_t? = nil
    ) -> Bool {
        guard let handle = opendir(directory) else { return false }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            let name: String
            if device != nil {
                guard let valid = String(validating: bytes, as: UTF8.self) else { return false }
                name = valid
            } else {
                name = String(decoding: bytes, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let path = relative.isEmpty ? name : relative + "/" + name
            if path.hasSuffix(".yaml") || path.hasSuffix(".yml") { found.append(path) }
            var isDirectory = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_UNKNOWN) || (isDirectory && device != nil) {
                var info = stat()
                isDirectory = lstat(directory + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
                if isDirectory, let device, info.st_dev != device { return false }
            }
            if isDirectory, !walk(directory + "/" + name, relative: path, into: &found, strictOnDevice: device),
                device != nil
            {
                return false
            }
        }
        return true
    }

    /// A scan that names files without standardising their directories.
    package init() {}

    /// A scan with the directory of each of `paths` standardised once, so that `displayPath`
    /// (which may then run on any thread: the loader names each file on the thread that reads
    /// it) only looks it up.
    package init(directoriesOf paths: [String]) {
        // A listing is sorted: the files of one directory come one after another, and only the
        // first of them is split here.
        var previous: Substring?
        for path in paths {
            let written = path[..<(path.utf8.lastIndex(of: UInt8(ascii: "/")) ?? path.startIndex)]
            if written == previous { continue }
            previous = written
            guard let (directory, _) = split(path), standardizedDirectories[directory] == nil else { continue }
            let standard = (directory as NSString).standardizingPath
            standardizedDirectories[directory] = standard
            if namingBases[standard] == nil { namingBases[standard] = Self.namingBase(above: standard) }
        }
    }

    /// `CatalogLoader.displayPath(path)`, the directory standardised once by the initialiser
    /// (else here, each time).
    package func displayPath(_ path: String) -> String {
        guard let (directory, name) = split(path) else { return CatalogLoader.displayPath(path) }
        let standardDirectory = standardizedDirectories[directory] ?? (directory as NSString).standardizingPath
        guard standardDirectory.hasPrefix("/"), standardDirectory != "/",
            !standardDirectory.hasPrefix("/private"), !standardDirectory.hasPrefix("/var/automount"),
            !standardDirectory.hasSuffix("/")
        else { return CatalogLoader.displayPath(path) }
        let standard = standardDirectory + "/" + name
        var info = stat()
        guard lstat(standard, &info) == 0, info.st_mode & S_IFMT != S_IFLNK else {
            return CatalogLoader.displayPath(path)
        }
        let base = namingBases[standardDirectory] ?? Self.namingBase(above: standardDirectory)
        return Self.name(
            standard: standard, base: base, given: path, workingDirectory: workingDirectory,
            enclosingRoot: enclosingRoot)
    }

    /// How a file whose standardised absolute path is `standard` is named: relative to the
    /// working directory when inside it (a run in the catalog root names `metrics/steps.yaml`);
    /// else relative to `base` (`namingBase(above:)`: its catalog root, or the top of the git
    /// work tree holding it), so `vitals validate --catalog /abs/catalog` run from another
    /// directory (a CI step's) names it `metrics/steps.yaml` too, never by an absolute path a
    /// CI cannot place; else as `given`.
    ///
    /// Run from a directory inside a catalog (`enclosingRoot`: `screens/`), the files of that
    /// catalog are all named from `base`, those below the working directory too: otherwise
    /// `screens/protein.yaml` would be `protein.yaml` beside `metrics/steps.yaml` in one run.
    static func name(
        standard: String, base: String?, given: String, workingDirectory: String,
        enclosingRoot: String?
    ) -> String {
        let inEnclosingCatalog = enclosingRoot.map { standard.hasPrefix($0 + "/") } ?? false
        if !inEnclosingCatalog, standard.hasPrefix(workingDirectory + "/") {
            return String(standard.dropFirst(workingDirectory.count + 1))
        }
        if let base, standard.hasPrefix(base + "/") { return String(standard.dropFirst(base.count + 1)) }
        return given
    }

    /// What the files in the standardised directory `directory` are named relative to: the
    /// top of the git work tree (a directory holding `.git`) at or above their catalog root —
    /// GitHub places annotations and code-scanning results by the path from there, and a
    /// revision's files are named so (`GitRevisionCatalog`) — else the catalog root itself
    /// (the nearest `CatalogLocation.isCatalogRoot` at or above, as `CatalogContainment` finds
    /// a file's catalog); nil when the directory is in no catalog.
    static func namingBase(above directory: String) -> String? {
        guard let root = ancestors(of: directory).first(where: CatalogLocation.isCatalogRoot) else { return nil }
        var info = stat()
        return ancestors(of: root).first { lstat($0 + "/.git", &info) == 0 } ?? root
    }

    /// The catalog root above `workingDirectory` when the working directory is inside one of that
    /// catalog's directories (`screens/` or `metrics/`, or a folder in them); nil otherwise (a
    /// directory elsewhere below a catalog root, such as a test fixture's, is not in the catalog).
    static func enclosingRoot(of workingDirectory: String) -> String? {
        guard let root = ancestors(of: workingDirectory).first(where: CatalogLocation.isCatalogRoot),
            root != workingDirectory
        else { return nil }
        let inside = CatalogLocation.directoryNames.contains { name in
            let directory = (root as NSString).appendingPathComponent(name)
            return workingDirectory == directory || workingDirectory.hasPrefix(directory + "/")
        }
        return inside ? root : nil
    }

    /// `directory` and each directory above it, `/` left out (a name relative to it would be
    /// the absolute path).
    private static func ancestors(of directory: String) -> [String] {
        var result: [String] = []
        var current = directory
        while current != "/", !current.isEmpty {
            result.append(current)
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current { break }
            current = parent
        }
        return result
    }

    /// The absolute directory of `path` and its name; nil where the shortcut does not apply.
    private func split(_ path: String) -> (directory: String, name: String)? {
        let absolute = path.hasPrefix("/") ? path : (workingDirectory as NSString).appendingPathComponent(path)
        guard let slash = absolute.lastIndex(of: "/"), slash != absolute.startIndex,
            !absolute.contains("//")
        else { return nil }
        let directory = String(absolute[..<slash])
        let name = String(absolute[absolute.index(after: slash)...])
        guard !name.isEmpty, name != ".", name != ".." else { return nil }
        return (directory, name)
    }
}
