import ShippedCatalog

/// The language tables (`languages/*.yaml`) this binary was built with, embedded as text at
/// build time by `Plugins/EmbedCatalogPlugin`, as the catalog is (`ShippedCatalog`).
public enum ShippedLanguages {
    /// One embedded file: its path relative to the package root and its exact text, as the
    /// catalog's files are.
    public typealias File = ShippedCatalog.File

    /// Every `.yaml` file under `languages/`, sorted by path.
    public static var files: [File] { generatedFiles }
}
