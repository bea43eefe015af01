/// The YAML catalog (`screens/` and `metrics/`) this binary was built with, embedded as text
/// at build time by `Plugins/EmbedCatalogPlugin`, so an installed `vitals` needs no checkout.
///
/// Commands use it only when the user named no catalog and none is found from the working
/// directory up, and then say so (see `CatalogLocation` in VitalsKit).
public enum ShippedCatalog {
    /// One embedded file: its path relative to the package root and its exact text.
    public struct File: Sendable, Equatable {
        public var path: String
        public var text: String

        public init(path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    /// Every `.yaml`/`.yml` file under `screens/` and `metrics/`, sorted by path.
    public static var files: [File] { generatedFiles }
}
