import Foundation
import VitalsKit
import VitalsSettings

/// The files `render --watch` and `explore` watch.
enum WatchedFiles {
    /// The catalog's `screens/` and `metrics/` (none for the built-in catalog or one in
    /// PostgreSQL), the settings file, and the database file with its `-wal` (none for a
    /// PostgreSQL database).
    static func targets(catalog: CatalogOptions, store: StoreOptions, backends: StoreBackends) -> [WatchTarget] {
        var targets: [WatchTarget] = []
        if catalog.catalogRoot.map(StoreBackends.isURL) != true,
            case .directory(let root)? = try? CatalogLocation.resolve(root: catalog.catalogRoot, allowBuiltIn: true)
        {
            targets += CatalogLocation.directoryNames.map {
                .catalogTree((root as NSString).appendingPathComponent($0))
            }
        }
        targets.append(.file(SettingsFile.path(environment: RunSettings.environment)))
        if let location = try? store.location(backends), !location.isURL {
            targets += [.file(location.path), .file(location.path + "-wal")]
        }
        return targets
    }
}
