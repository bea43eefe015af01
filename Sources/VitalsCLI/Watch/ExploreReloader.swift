import VitalsExplorer
import VitalsKit

/// The explorer's reloader: a `FileWatcher` on the catalog, the settings file and the
/// database; when they change, `load` makes the explorer's new catalog and screen source
/// (or a source showing why there is none).
final class ExploreReloader: ExplorerReloader {
    private let watcher: FileWatcher
    private let load: () -> ExplorerReload
    private let targets: () -> [WatchTarget]

    init(targets: @escaping () -> [WatchTarget], load: @escaping () -> ExplorerReload) throws {
        watcher = try FileWatcher(targets())
        self.targets = targets
        self.load = load
        watcher.markRead()
    }

    var descriptor: Int32? { watcher.descriptor }

    func millisecondsUntilNextCheck() -> Int { watcher.millisecondsUntilNextCheck() }

    func reload() -> ExplorerReload? {
        guard watcher.check() != nil else { return nil }
        RunSettings.forgetReadFiles()
        watcher.retarget(targets())
        watcher.markRead()
        return load()
    }
}
