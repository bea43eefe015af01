import Foundation

/// Where a command's catalog comes from.
public enum CatalogSource: Sendable, Equatable {
    /// The `screens/` and `metrics/` directories under `root` (whichever exist).
    case directory(root: String)
    /// The catalog built into the binary; the caller supplies its files.
    case builtIn(searched: String)
}

/// Finds the catalog a command should read, like git finds its repository: `--catalog DIR`,
/// else the nearest directory from the working directory up that has `screens/` or
/// `metrics/`, else — only for commands that allow it, and never silently — the catalog built
/// into the binary.
public enum CatalogLocation {
    /// The directories a catalog root holds.
    public static let directoryNames = ["screens", "metrics"]

    /// Whether `root` has a `screens/` directory (where `new-screen` writes).
    public static func hasCatalog(_ root: String) -> Bool {
        isDirectory((root as NSString).appendingPathComponent("screens"))
    }

    /// Whether `root` has a `screens/` or a `metrics/` directory.
    public static func isCatalogRoot(_ root: String) -> Bool {
        directoryNames.contains { isDirectory((root as NSString).appendingPathComponent($0)) }
    }

    /// `root/screens` and `root/metrics`, leaving out one that does not exist (both when
    /// neither does, so that loading names what is missing).
    public static func paths(root: String) -> [String] {
        let all = directoryNames.map { (root as NSString).appendingPathComponent($0) }
        let existing = all.filter(isDirectory)
        return existing.isEmpty ? all : existing
    }

    /// The nearest directory that is a catalog root: `start` itself, else its parent, and so on
    /// up to `/`. Nil when there is none.
    public static func discover(from start: String) -> String? {
        var directory = absolute(start)
        while true {
            if isCatalogRoot(directory) { return directory }
            let parent = (directory as NSString).deletingLastPathComponent
            if parent == directory || parent.isEmpty { return nil }
            directory = parent
        }
    }

    /// The catalog a command reads: `root` (`--catalog`) when given — it must have `screens/`
    /// or `metrics/` —, else the nearest catalog root from `workingDirectory` up, else
    /// `.builtIn` when `allowBuiltIn`, else a `CatalogLocationError` saying where it looked.
    public static func resolve(
        root: String?, allowBuiltIn: Bool,
        workingDirectory: String = FileManager.default.currentDirectoryPath
    ) throws -> CatalogSource {
        if let root {
            guard isDirectory(root) else {
                guard FileManager.default.fileExists(atPath: root) else {
                    throw CatalogLocationError.noSuchCatalogDirectory(root)
                }
                throw CatalogLocationError.catalogIsAFile(root)
            }
            guard isCatalogRoot(root) else {
                throw CatalogLocationError.notACatalog(root)
            }
            return .directory(root: root)
        }
        if let found = discover(from: workingDirectory) { return .directory(root: found) }
        let searched = absolute(workingDirectory)
        if allowBuiltIn { return .builtIn(searched: searched) }
        throw CatalogLocationError.noCatalogFound(searched: searched)
    }

    /// The line a command prints on stderr when it falls back to the built-in catalog.
    public static func builtInNotice(searched: String) -> String {
        "vitals: no screens/ or metrics/ in \(Sanitize.inline(searched)) or above; using the catalog built into vitals (--catalog DIR reads another)"
    }

    /// `path` made absolute against the working directory, with `.`/`..` resolved.
    package static func absolute(_ path: String) -> String {
        let joined =
            path.hasPrefix("/")
            ? path
            : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        return (joined as NSString).standardizingPath
    }

    /// The file `path` names, as one string whatever way it was written: absolute, `.`/`..`
    /// resolved, symbolic links followed. Two paths to the same file give the same identity.
    package static func identity(of path: String) -> String {
        URL(fileURLWithPath: absolute(path)).resolvingSymlinksInPath().path
    }

    static func isDirectory(_ path: String) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &flag) && flag.boolValue
    }
}
