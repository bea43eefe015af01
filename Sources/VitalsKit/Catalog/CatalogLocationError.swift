/// Why the catalog files could not be found or listed: a command cannot run without them.
public enum CatalogLocationError: VitalsError, Equatable {
    /// `--catalog` names nothing that exists.
    case noSuchCatalogDirectory(String)
    /// `--catalog` names a file.
    case catalogIsAFile(String)
    /// `--catalog` names a directory without `screens/` or `metrics/`.
    case notACatalog(String)
    /// No catalog in `searched` or above it, and no built-in one to fall back on.
    case noCatalogFound(searched: String)
    /// A file or directory named to validate or load does not exist.
    case noSuchPath(String)
    /// A directory that cannot be listed.
    case unreadableDirectory(String)

    public var message: String {
        switch self {
        case .noSuchCatalogDirectory(let root):
            return "--catalog \(Sanitize.inline(root)): no such directory"
        case .catalogIsAFile(let root):
            return "--catalog \(Sanitize.inline(root)) is a file, not a directory"
        case .notACatalog(let root):
            return "--catalog \(Sanitize.inline(root)) has no screens/ or metrics/ directory"
        case .noCatalogFound(let searched):
            return
                "no catalog found: no screens/ or metrics/ directory in \(Sanitize.inline(searched)) or any directory above it"
        case .noSuchPath(let path):
            return "no such file or directory: \(Sanitize.inline(path))"
        case .unreadableDirectory(let path):
            return "cannot read directory: \(Sanitize.inline(path))"
        }
    }

    public var hints: [String] {
        switch self {
        case .catalogIsAFile:
            return ["name the directory that holds screens/ and metrics/; to check one file: vitals validate FILE"]
        case .notACatalog:
            return ["name the directory that holds screens/ and metrics/"]
        case .noCatalogFound:
            return [
                "run it in the directory that holds screens/ and metrics/ (or below it)",
                "or pass --catalog DIR, or name the files to check",
            ]
        default:
            return []
        }
    }

    public var kind: VitalsErrorKind { .cannotRun }
}
