import Foundation

/// What loading the YAML files gave: the catalog (as much of it as could be read) and every
/// problem found on the way.
public struct LoadedCatalog: Sendable {
    public var catalog: Catalog
    public var diagnostics: [Diagnostic]

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Reads every `.yaml`/`.yml` file under the given paths into one `Catalog`.
public enum CatalogLoader {
    /// Loads the files under `paths` (files or directories). Never stops at the first problem.
    public static func load(paths: [String]) -> LoadedCatalog {
        LoadedCatalog(catalog: Catalog(), diagnostics: [])   // filled in by the loader work
    }
}
