import Foundation
import VitalsKit
import VitalsSQLite

/// The embedded demo data as a database file built once and kept under
/// `$XDG_CACHE_HOME/vitals/` (else `~/.cache/vitals/`), so that reading commands without a
/// database open a file instead of generating 40,000 samples into memory on every run.
///
/// The file's name carries everything its contents depend on: the generator's version, the
/// seed, the number of days, the as-of day and the store's schema. A file with another name is
/// stale and removed when a new one is written. A new file is built under a name of its own
/// and renamed into place, so a run never sees half a file and runs starting together each
/// build one and the last rename wins (the files are identical). When the directory cannot
/// be written the data is built in memory as before.
package struct DemoCache: Sendable {
    /// Bump whenever the demo generator's output changes (DemoData and its parts, DemoRandom,
    /// DemoClock): cached files of the old version are then stale. `DemoCacheTests` holds a
    /// fingerprint of the output that fails until this is bumped with it.
    package static let generatorVersion = 3

    /// Where the files are kept; nil when no directory can be named (no HOME).
    package var directory: String?
    package var generatorVersion: Int

    /// How `store(for:)` got its store.
    package enum Origin: Equatable, Sendable { case cached, built, inMemory }

    package init(directory: String?, generatorVersion: Int = DemoCache.generatorVersion) {
        self.directory = directory
        self.generatorVersion = generatorVersion
    }

    /// `$XDG_CACHE_HOME/vitals` when it is an absolute path, else `$HOME/.cache/vitals`.
    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            self.init(directory: xdg + "/vitals")
        } else if let home = environment["HOME"], !home.isEmpty {
            self.init(directory: home + "/.cache/vitals")
        } else {
            self.init(directory: nil)
        }
    }

    /// The cache file's name for `demo`.
    package func fileName(for demo: DemoData) -> String {
        let schema = Schema.migrator.migrations.last ?? "none"
        return "demo-g\(generatorVersion)-\(schema)-seed\(demo.seed)-\(demo.days)d-\(demo.asOf).sqlite"
    }

    /// A read-only store with `demo`'s data: the cached file (built first when missing), or an
    /// in-memory store when the cache directory cannot be used. The cached file is used only
    /// when the directory and the file are trusted (`CacheTrust`: this user's, writable by no
    /// one else); an untrusted file is built again, and nothing is built in an untrusted
    /// directory.
    package func store(for demo: DemoData) throws -> (store: SampleStore, origin: Origin) {
        guard let directory else { return (try demo.makeInMemoryStore(), .inMemory) }
        let name = fileName(for: demo)
        let path = directory + "/" + name
        // A FIFO there would block the open forever: refused, naming it.
        try SampleStore.refuseNonRegular(path)
        // Checked on the file's descriptor; SQLite then opens the same name, which no one but
        // this user can have replaced since (the directory and the way to it are trusted).
        let trusted = CacheTrust.withDirectory(directory, create: false) { fd -> Bool? in
            guard let file = CacheTrust.openFile(name, in: fd) else { return nil }
            close(file.fd)
            return true
        }
        if trusted == true, let store = try? SampleStore.openForReading(path: path) {
            return (store, .cached)
        }
        let built = CacheTrust.withDirectory(directory, create: true) { _ -> Bool? in
            (try? build(demo, at: path, in: directory)) != nil
        }
        guard built == true, let store = try? SampleStore.openForReading(path: path) else {
            return (try demo.makeInMemoryStore(), .inMemory)
        }
        return (store, .built)
    }

    /// Writes `demo` to a file of this process's own and renames it to `path`; removes the
    /// other demo files in `directory` (stale: another version, day or schema) and building
    /// files older than ten minutes (a run killed while building; a live build takes seconds).
    private func build(_ demo: DemoData, at path: String, in directory: String) throws {
        let manager = FileManager.default
        try PrivateFile.createDirectory(directory)
        let temporary = directory + "/.building-\(UUID().uuidString).sqlite"
        defer {
            for suffix in ["", "-journal", "-wal", "-shm"] { try? manager.removeItem(atPath: temporary + suffix) }
        }
        let store = try SampleStore.openForBulkWrite(path: temporary)
        do {
            try demo.fill(store)
            try store.close()
        } catch {
            try? store.close()
            throw error
        }
        guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        let name = (path as NSString).lastPathComponent
        for other in (try? manager.contentsOfDirectory(atPath: directory)) ?? [] {
            let otherPath = directory + "/" + other
            if other.hasPrefix("demo-") && other.hasSuffix(".sqlite") && other != name {
                try? manager.removeItem(atPath: otherPath)
            } else if other.hasPrefix(".building-"),
                let modified = (try? manager.attributesOfItem(atPath: otherPath))?[.modificationDate] as? Date,
                Date().timeIntervalSince(modified) > 600
            {
                try? manager.removeItem(atPath: otherPath)  // left by a run that was killed while building
            }
        }
    }
}
