import Foundation
import VitalsDemo
import VitalsKit

/// A catalog checked once and kept compiled under `$XDG_CACHE_HOME/vitals/` (else
/// `~/.cache/vitals/`), so that a command reading an unchanged catalog decodes one small
/// binary file instead of composing, decoding and checking every YAML file again.
///
/// A compiled catalog is named by a key: a 128-bit hash (`ContentHash`) of the cache format
/// version, `buildIdentity` (this binary and the screen modules and chart kinds it knows, on
/// which the checks depend) and every catalog file's name as diagnostics show it and its
/// exact bytes. Changing, adding, removing or renaming a file, or running another build,
/// gives another key: a miss. Only a catalog whose load and check found no error is stored;
/// its warnings are stored with it. A cache file that is damaged, truncated, from another
/// format or of another key is ignored (and replaced by the next store); one that another
/// user owns or could have written, or one in such a directory, is ignored the same way
/// (`CacheTrust`), silently: the command loads and checks the catalog itself.
///
/// Like `DemoCache`, a file is written under a name of its own and renamed into place; when
/// the directory cannot be written, the catalog is simply loaded and checked every time.
/// `VITALS_NO_CACHE=1` turns the cache off (nothing read, nothing written).
package struct CatalogCache: Sendable {
    /// Bump with any change to what is stored (`CatalogCodec`) or to the catalog types.
    package static let formatVersion = 6
    /// How many compiled catalogs are kept (the most recently written): one per catalog in use.
    package static let keptFiles = 8

    /// Where the files are kept; nil: no cache (no HOME, or turned off).
    package var directory: String?
    /// What besides the files the stored result depends on; see `buildIdentity(screenModuleIDs:chartKindIDs:)`.
    package var buildIdentity: String

    /// How `load` got its catalog.
    package enum Origin: Equatable, Sendable {
        /// Read from a compiled catalog.
        case cached
        /// Loaded and checked, then stored.
        case stored
        /// Loaded and checked, not stored (errors, no cache directory, or it cannot be written).
        case checked
    }

    /// A loaded catalog and the findings of its check (`loaded.diagnostics` holds the load's).
    package struct Checked: Sendable {
        package var loaded: LoadedCatalog
        package var findings: [Diagnostic]
        package var origin: Origin

        /// Whether the load or the check found an error.
        package var hasErrors: Bool {
            loaded.hasErrors || findings.contains { $0.severity == .error }
        }
    }

    package init(directory: String?, buildIdentity: String) {
        self.directory = directory
        self.buildIdentity = buildIdentity
    }

    /// The cache directory of `DemoCache(environment:)`; none when `VITALS_NO_CACHE` is set to
    /// anything but `0` or empty.
    package init(environment: [String: String] = ProcessInfo.processInfo.environment, buildIdentity: String?) {
        let off = environment["VITALS_NO_CACHE"].map { !$0.isEmpty && $0 != "0" } ?? false
        let directory = off || buildIdentity == nil ? nil : DemoCache(environment: environment).directory
        self.init(directory: directory, buildIdentity: buildIdentity ?? "")
    }

    /// This binary as a string that changes when it is rebuilt (its path, size, modification
    /// time and inode), plus the version and what it registered: the screen modules' ids and
    /// the chart kinds' ids. Nil when the executable cannot be found.
    package static func buildIdentity(screenModuleIDs: [String], chartKindIDs: [String], ruleIDs: [String] = [])
        -> String?
    {
        guard let executable = executablePath() else { return nil }
        var info = stat()
        guard stat(executable, &info) == 0 else { return nil }
        #if os(Linux)
            let modified = "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        #else
            let modified = "\(info.st_mtimespec.tv_sec).\(info.st_mtimespec.tv_nsec)"
        #endif
        return [
            "vitals \(VitalsKitVersion.string)", executable,
            "\(info.st_dev):\(info.st_ino):\(info.st_size):\(modified)",
            screenModuleIDs.joined(separator: ","), chartKindIDs.joined(separator: ","),
            ruleIDs.joined(separator: ","),
        ].joined(separator: "\n")
    }

    /// The running executable's path. On Linux the target of `/proc/self/exe` (read with
    /// `readlink`, which tools such as valgrind answer with the program they run, where a
    /// `stat` of the link itself would see the tool).
    private static func executablePath() -> String? {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: 4097)
            let count = readlink("/proc/self/exe", &buffer, 4096)
            guard count > 0 else { return nil }
            return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
            return Bundle.main.executablePath
        #endif
    }

    // MARK: Loading

    /// Loads the catalog files under `paths` (as `CatalogLoader.load(paths:)`) and checks it
    /// with `check`, or reads the compiled catalog of exactly these files.
    package func load(paths: [String], check: (LoadedCatalog) -> [Diagnostic]) throws -> Checked {
        guard let directory else { return checkedUncached(try CatalogLoader.load(paths: paths), check) }
        let files = try CatalogFileScan.files(under: paths)
        guard let keyed = key(ofFilesAt: files) else {
            return checkedUncached(try CatalogLoader.load(paths: paths), check)
        }
        let key = keyed.key
        if let cached = read(key: key, in: directory) { return cached }
        var checked = checkedUncached(try CatalogLoader.load(paths: paths), check)
        // Stored only when the loader read the files the key names, under the names the key
        // holds, and they did not change while they were loaded.
        if !checked.hasErrors, checked.loaded.catalog.files == keyed.shown,
            (try? CatalogLoader.files(under: paths)) == files, self.key(ofFilesAt: files)?.key == key,
            store(checked, key: key, in: directory)
        {
            checked.origin = .stored
        }
        return checked
    }

    /// Loads catalog files already in memory (the catalog built into the binary) and checks
    /// them, or reads their compiled catalog.
    package func load(_ files: [SourceFile], check: (LoadedCatalog) -> [Diagnostic]) -> Checked {
        guard let directory else { return checkedUncached(CatalogLoader.load(files), check) }
        let key = key(of: files)
        if let cached = read(key: key, in: directory) { return cached }
        var checked = checkedUncached(CatalogLoader.load(files), check)
        if !checked.hasErrors, store(checked, key: key, in: directory) { checked.origin = .stored }
        return checked
    }

    private func checkedUncached(_ loaded: LoadedCatalog, _ check: (LoadedCatalog) -> [Diagnostic]) -> Checked {
        Checked(loaded: loaded, findings: check(loaded), origin: .checked)
    }

    // MARK: Keys

    private func startKey() -> ContentHash {
        var hash = ContentHash()
        hash.add("vitals catalog cache \(Self.formatVersion)")
        hash.add(buildIdentity)
        return hash
    }

    /// The key of files in memory, by the names they carry.
    func key(of files: [SourceFile]) -> String {
        var hash = startKey()
        hash.add(files.count)
        for file in files {
            hash.add(file.path)
            hash.add(file.text.utf8.count)
            hash.add(file.text)
        }
        return hash.hex
    }

    /// The key of the files at `paths` as `CatalogLoader.load(paths:)` would read them (by
    /// their display names and bytes), with those names; nil when one cannot be read or is too
    /// large.
    func key(ofFilesAt paths: [String]) -> (key: String, shown: [String])? {
        var hash = startKey()
        let scan = CatalogFileScan(directoriesOf: paths)
        var shown: [String] = []
        hash.add(paths.count)
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path),
                data.count <= CatalogLoader.maximumFileSize
            else { return nil }
            let name = scan.displayPath(path)
            shown.append(name)
            hash.add(name)
            hash.add(data.count)
            data.withUnsafeBytes { hash.add($0) }
        }
        return (hash.hex, shown)
    }

    /// The compiled catalog's file name for `key`.
    static func fileName(key: String) -> String { "catalog-\(key).bin" }
}
