import Foundation

/// Paths inside the package checkout, for tests that read the shipped catalog or goldens.
enum TestPaths {
    /// The package root (…/Tests/VitalsKitTests/<file> → …).
    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    static let fixtures = packageRoot.appendingPathComponent("Tests/VitalsKitTests/Fixtures")
    static let shippedCatalog = ["screens", "metrics"].map { packageRoot.appendingPathComponent($0).path }
}
