import Foundation
import VitalsDemo
import VitalsKit

/// Where the database is: `--db`, else `$VITALS_DB`, else the XDG data directory. A
/// `postgres://` or `postgresql://` URL names a database on a PostgreSQL server instead of a file.
public struct DatabaseLocation: Sendable, Hashable {
    /// How the path was chosen, for messages.
    public enum Origin: String, Sendable {
        case option = "--db"
        case environment = "$VITALS_DB"
        case settings = "settings file"
        case xdg = "XDG data directory"
        case home = "home directory"
    }

    public var path: String
    public var origin: Origin
    /// The store backends a URL path is opened with (`Extensions.storeBackends`).
    public var backends: StoreBackends

    public init(path: String, origin: Origin, backends: StoreBackends = .sqliteOnly) {
        self.path = path
        self.origin = origin
        self.backends = backends
    }

    public static func == (lhs: DatabaseLocation, rhs: DatabaseLocation) -> Bool {
        lhs.path == rhs.path && lhs.origin == rhs.origin
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(origin)
    }

    /// Resolves the path from an explicit option and the environment (injectable for tests).
    ///
    /// Order: `option`, `$VITALS_DB`, `configured` (the settings file's `db`), `$XDG_DATA_HOME/vitals/vitals.sqlite`,
    /// `$HOME/.local/share/vitals/vitals.sqlite`. Empty values count as unset; `~/` expands.
    /// A URL is opened with `backends`.
    public static func resolve(
        option: String?, configured: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        backends: StoreBackends = .sqliteOnly
    ) -> DatabaseLocation {
        func nonEmpty(_ value: String?) -> String? { (value?.isEmpty ?? true) ? nil : value }
        let home = nonEmpty(environment["HOME"]) ?? NSHomeDirectory()
        func expand(_ path: String) -> String {
            path == "~" ? home : path.hasPrefix("~/") ? home + path.dropFirst(1) : path
        }
        // A URL is kept as written (`path` then holds it; `isURL` tells).
        if let option = nonEmpty(option) {
            return DatabaseLocation(path: expand(option), origin: .option, backends: backends)
        }
        if let env = nonEmpty(environment["VITALS_DB"]) {
            return DatabaseLocation(path: expand(env), origin: .environment, backends: backends)
        }
        if let configured = nonEmpty(configured) {
            return DatabaseLocation(path: expand(configured), origin: .settings, backends: backends)
        }
        if let xdg = nonEmpty(environment["XDG_DATA_HOME"]), xdg.hasPrefix("/") {
            return DatabaseLocation(path: xdg + "/vitals/vitals.sqlite", origin: .xdg, backends: backends)
        }
        return DatabaseLocation(path: home + "/.local/share/vitals/vitals.sqlite", origin: .home, backends: backends)
    }

    /// Whether `path` is a URL (a database of another store backend, a server) rather than a file.
    public var isURL: Bool { StoreBackends.isURL(path) }

    /// `path` as messages may show it (a URL without its password).
    public var display: String { backends.display(path) }

    /// Whether a file exists at the path (a server database counts as existing).
    public var exists: Bool { isURL || FileManager.default.fileExists(atPath: path) }

    /// Opens the store for writing; the default (XDG/home) directory is created when missing.
    /// A server database is migrated.
    public func openForWriting() throws -> SampleStore {
        if let backend = try backends.backend(for: path) {
            return try backend.open(path, forWriting: true, environment: ProcessInfo.processInfo.environment)
        }
        return try SampleStore.open(path: path, createDirectory: origin == .xdg || origin == .home)
    }

    /// Runs `body`, a writing command, with the store for writing. When `body` fails and the
    /// database file did not exist before, the file it created is removed again (unless
    /// something else wrote to it meanwhile): a failed first import or log leaves nothing
    /// behind, and reading commands go on showing the demo data.
    public func writing<T>(_ body: (SampleStore) throws -> T) throws -> T {
        let existed = exists
        let store: SampleStore
        do {
            store = try openForWriting()
        } catch {
            // Creating the file failed half way (a full disk): what it left (a 0-byte or
            // half-migrated file, its -wal and -shm) is removed, unless another process has
            // meanwhile stored samples in it or holds it for a first import.
            if !existed, !isURL, Self.holdsNothing(path) { removeFiles() }
            throw error
        }
        do {
            return try body(store)
        } catch {
            if !existed, (try? store.isEmpty()) == true {
                try? store.close()
                removeFiles()
            } else {
                // The rolled-back pages stay in the -wal file (as large as the failed import)
                // until a checkpoint: truncated now, so a full disk gets its space back.
                store.truncateWAL()
                try? store.close()
            }
            throw error
        }
    }

    private func removeFiles() {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    private static func size(of path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    }

    /// Whether the file at `path` is empty, unreadable as a store, or a store without samples.
    private static func holdsNothing(_ path: String) -> Bool {
        guard FileKind(atPath: path) == .regular else { return false }
        if size(of: path) == 0 { return true }
        do {
            let store = try SampleStore.openForReading(path: path)
            defer { try? store.close() }
            return (try? store.isEmpty()) ?? true
        } catch StoreError.lockedByImport {
            return false
        } catch {
            return true
        }
    }

    /// Whether the path was chosen by the user (`--db`, `$VITALS_DB`, the settings file) rather
    /// than being the default: a chosen file that is missing is an error for reading commands,
    /// where the default's absence means "show the demo data".
    public var isChosen: Bool { origin == .option || origin == .environment || origin == .settings }

    /// The store reading commands use: the file when it exists (opened read-only, never
    /// migrated), else the embedded demo data for `asOf` (a cached file, see `DemoCache`). `notice` is the line to print on stderr in the second case.
    ///
    /// The demo data stands in only for the default file: a path the user chose that is
    /// missing throws `StoreError.missingDatabase` (an export or a backup script must never
    /// get invented data for a mistyped path).
    public func openForReading(asOf: LocalDate) throws -> (store: SampleStore, notice: String?) {
        if let backend = try backends.backend(for: path) {
            return (try backend.open(path, forWriting: false, environment: ProcessInfo.processInfo.environment), nil)
        }
        if exists { return (try SampleStore.openForReading(path: path), nil) }
        if isChosen {
            throw StoreError.missingDatabase(
                path: path, origin: origin == .settings ? "the settings file's db" : origin.rawValue)
        }
        let store = try DemoCache().store(for: DemoData(asOf: asOf)).store
        return (
            store, "vitals: no database at \(path); showing the embedded demo data (vitals demo --db \(path) writes it)"
        )
    }
}
