import Foundation

/// One catalog file's text and the name diagnostics give it.
public struct SourceFile: Sendable {
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// An id as declared in a file, kept even when it repeats an earlier one.
public struct Declaration: Sendable {
    public enum Kind: String, Sendable { case pillar, subject, series, screen, metric }
    public var kind: Kind
    public var id: String
    public var location: SourceLocation

    public init(kind: Kind, id: String, location: SourceLocation) {
        self.kind = kind
        self.id = id
        self.location = location
    }
}

/// What loading the YAML files gave: the catalog (as much of it as could be read), every
/// problem found on the way, and what later rules need to know about the files.
public struct LoadedCatalog: Sendable {
    public var catalog: Catalog
    public var diagnostics: [Diagnostic]
    /// Every id declaration in load order, duplicates included.
    public var declarations: [Declaration] = []
    /// The text of each file read, for reporters that quote source lines (see `unkeptSources`).
    public var sources: [String: String] = [:]

    /// A catalog read from elsewhere than files (a backend's catalog tables).
    public init(
        catalog: Catalog, diagnostics: [Diagnostic], declarations: [Declaration] = [],
        sources: [String: String] = [:], unkeptSources: [String: String] = [:]
    ) {
        self.catalog = catalog
        self.diagnostics = diagnostics
        self.declarations = declarations
        self.sources = sources
        self.unkeptSources = unkeptSources
    }

    /// Files read whose text was not kept in `sources`, by display name: the path to read
    /// again (`CatalogLoader.load(paths:keepingTexts: false)`).
    public var unkeptSources: [String: String] = [:]

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The texts of the files `locations` name, for quoting lines: kept ones from `sources`,
    /// the others read again (a file that can no longer be read is left out, as a file that
    /// was never read is: its lines are not quoted).
    public func quotedSources(for locations: [SourceLocation]) -> [String: String] {
        var result: [String: String] = [:]
        for file in Set(locations.map(\.file)) {
            if let text = sources[file] {
                result[file] = text
            } else if let path = unkeptSources[file], case .success(let text) = CatalogLoader.read(path, shown: file) {
                result[file] = text
            }
        }
        return result
    }
}

/// Reads every `.yaml`/`.yml` file under the given paths into one `Catalog`.
///
/// Three phases, every problem collected: YAML syntax (one diagnostic, the file is skipped),
/// strict decoding of each entry (unknown keys, wrong types, missing keys), then the
/// cross-file rules, which `Validator` runs on the result.
public enum CatalogLoader {
    /// Files larger than this are refused unread.
    public static let maximumFileSize = 4 * 1024 * 1024

    /// The catalog files under `paths`, sorted; a path that does not exist is a
    /// `CatalogLocationError`.
    public static func files(under paths: [String]) throws -> [String] {
        var result: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CatalogLocationError.noSuchPath(path)
            }
            guard isDirectory.boolValue else {
                result.append(path)
                continue
            }
            // A directory reached through a symbolic link (`metrics -> ../shared/metrics`) is
            // walked at its target (the walker does not enter a link it starts at); the files
            // keep the name they were asked for. Links below it are not followed (no cycles).
            let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            if let entries = CatalogFileScan.catalogEntries(under: target) {
                result += entries.map { (path as NSString).appendingPathComponent($0) }.sorted()
                continue
            }
            guard let walker = manager.enumerator(atPath: target) else {
                throw CatalogLocationError.unreadableDirectory(path)
            }
            var found: [String] = []
            while let relative = walker.nextObject() as? String {
                if relative.hasSuffix(".yaml") || relative.hasSuffix(".yml") {
                    found.append((path as NSString).appendingPathComponent(relative))
                }
            }
            result += found.sorted()
        }
        return result
    }

    /// Loads the files under `paths` (files or directories).
    ///
    /// Each file is read, composed and decoded in one task (on every core), so a file's text
    /// and YAML nodes are let go as soon as its entries are decoded. With `keepingTexts` false
    /// only the texts of files with a finding of their own are kept in `sources`; the others
    /// are named in `unkeptSources` for `LoadedCatalog.quotedSources(for:)` to read again if a
    /// later rule reports on them (`vitals validate`, which quotes only lines with findings).
    public static func load(paths: [String], keepingTexts: Bool = true) throws -> LoadedCatalog {
        try load(paths: paths, keepingTexts: keepingTexts, overlay: [:])
    }

    /// `load(paths:keepingTexts:)` with the texts of `overlay` read instead of the files they
    /// name, by the file each key is (`CatalogLocation.identity(of:)`): an editor's unsaved
    /// buffers over the files on disk (`vitals lsp`). A file of the overlay is read, named and
    /// checked as the one on disk would be.
    ///
    /// With `cache`, a file whose name and text are those of its last reading is not composed
    /// and decoded again: its entries and findings are the ones kept (an editor's catalog after
    /// a keystroke in one file).
    package static func load(
        paths: [String], keepingTexts: Bool = true, overlay: [String: String],
        cache: FileReadingCache? = nil
    ) throws -> LoadedCatalog {
        let files = try files(under: paths)
        let overlay = Dictionary(
            overlay.map { (CatalogLocation.identity(of: $0.key), $0.value) }, uniquingKeysWith: { _, last in last })
        // Display names with each directory standardised once (`CatalogFileScan`: Foundation's
        // standardizingPath resolves every component with a readlink), each file named on the
        // thread that reads it (not all first, on one thread, before any file is read). Each file
        // joins the catalog as soon as it and the files before it are read, so its decoded
        // entries are let go then (not held with every other file's until the catalog is built).
        let scan = CatalogFileScan(directoriesOf: files)
        let containment = CatalogContainment(paths: paths, files: files)
        var merge = CatalogMerge(files: files.count)
        ParallelMap.forEachInOrder(
            files,
            { file -> FileLoad in
                let name = scan.displayPath(file)
                let buffer = overlay.isEmpty ? nil : overlay[CatalogLocation.identity(of: file)]
                switch buffer.map(Result.success) ?? read(file, shown: name, containment: containment) {
                case .failure(let diagnostic): return FileLoad(name: name, path: file, failure: diagnostic)
                case .success(let text):
                    let reading =
                        cache?.reading(SourceFile(path: name, text: text), at: file)
                        ?? FileReading.read(SourceFile(path: name, text: text))
                    let keep = keepingTexts || !reading.diagnostics.isEmpty
                    return FileLoad(name: name, path: file, text: keep ? text : nil, reading: reading)
                }
            }, consume: { merge.add($0) })
        var loaded = merge.finish()
        // Every file named, read or not; those that could not be read lead the findings.
        loaded.catalog.files = merge.allNames
        loaded.diagnostics = merge.failures + loaded.diagnostics
        return loaded
    }

    /// One file as `load(paths:keepingTexts:)` read it: its text when kept, its entries and
    /// findings, or why it could not be read.
    struct FileLoad: Sendable {
        var name: String
        var path: String
        var text: String?
        var reading = FileReading()
        var failure: Diagnostic?
    }

    /// Loads catalog files already in memory (tests, rule examples).
    ///
    /// Files are read (composed and decoded) in parallel; their entries then join the catalog
    /// in file order, so the result does not depend on scheduling.
    public static func load(_ files: [SourceFile]) -> LoadedCatalog {
        var merge = CatalogMerge(files: files.count)
        ParallelMap.forEachInOrder(
            files,
            { file in
                FileLoad(name: file.path, path: file.path, text: file.text, reading: FileReading.read(file))
            }, consume: { merge.add($0) })
        return merge.finish()
    }

    /// A path as diagnostics show it: relative to the working directory when inside it, else to
    /// its catalog root or the git work tree holding it (`CatalogFileScan.name`).
    static func displayPath(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let absolute = path.hasPrefix("/") ? path : (cwd as NSString).appendingPathComponent(path)
        let standard = (absolute as NSString).standardizingPath
        let base = CatalogFileScan.namingBase(above: (standard as NSString).deletingLastPathComponent)
        return CatalogFileScan.name(
            standard: standard, base: base, given: path, workingDirectory: cwd,
            enclosingRoot: CatalogFileScan.enclosingRoot(of: cwd))
    }

    /// Reads a file as UTF-8 text, or says at which line and column it stops being UTF-8.
    ///
    /// A file that is not the catalog's (`CatalogContainment`: a link leaving the catalog, or a
    /// file reached through one) is refused unread, and so is anything but a regular file (a
    /// FIFO would block the read). Without `containment` the file's own is worked out.
    package static func read(_ path: String, shown: String? = nil, containment: CatalogContainment? = nil) -> Result<
        String, Diagnostic
    > {
        let shown = shown ?? displayPath(path)
        func fail(_ message: String, line: Int = 1, column: Int = 1) -> Result<String, Diagnostic> {
            .failure(
                Diagnostic(
                    .error, rule: RuleID.fileFormat, message,
                    at: SourceLocation(file: shown, line: line, column: column)))
        }
        var info = stat()
        guard lstat(path, &info) == 0 else { return fail("cannot read the file") }
        let containment = containment ?? CatalogContainment(paths: [path], files: [path])
        if let refusal = containment.refusal(of: path, info: info) { return fail(refusal) }
        // Opened without following links (a link inside the catalog is opened at its target)
        // and without blocking (a FIFO), then checked to be a regular file before any read.
        let fd = open(CatalogContainment.openable(path, info: info), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return fail("cannot read the file") }
        defer { close(fd) }
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return fail("cannot read the file: it is \(FileKind(mode: info.st_mode).described), not a regular file")
        }
        let size = Int(info.st_size)
        if size > maximumFileSize {
            let megabytes = String(format: "%.1f", Double(size) / 1_048_576)
            return fail("file is \(megabytes) MB; catalog files are limited to \(maximumFileSize / 1_048_576) MB")
        }
        // Read to the end, but never more than one byte past the limit, whatever the size said
        // (a file still growing, or one of /proc's, whose size is 0).
        // Read into one buffer of the size and a byte (usually one read), grown only when full.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while count <= maximumFileSize {
            if count == bytes.count {
                bytes += [UInt8](repeating: 0, count: min(max(count, 65_536), maximumFileSize + 1 - count))
            }
            let got = bytes.withUnsafeMutableBytes { raw in
                raw.baseAddress.map { readFile(fd, $0 + count, raw.count - count) } ?? -1
            }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { return fail("cannot read the file: \(String(cString: strerror(errno)))") }
            if got == 0 { break }
            count += got
        }
        bytes.removeLast(bytes.count - count)
        if count > maximumFileSize {
            return fail(
                "file is over \(maximumFileSize / 1_048_576) MB; catalog files are limited to \(maximumFileSize / 1_048_576) MB"
            )
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
        let (line, column, offset) = firstInvalidUTF8(bytes)
        return fail("file is not valid UTF-8 (byte offset \(offset)); save it as UTF-8", line: line, column: column)
    }

    private static func firstInvalidUTF8(_ bytes: [UInt8]) -> (line: Int, column: Int, offset: Int) {
        var line = 1
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length =
                byte < 0x80 ? 1 : byte >> 5 == 0b110 ? 2 : byte >> 4 == 0b1110 ? 3 : byte >> 3 == 0b11110 ? 4 : 0
            let end = index + length
            if length == 0 || end > bytes.count
                || String(validating: bytes[index..<end], as: UTF8.self) == nil
            {
                let column =
                    (String(validating: bytes[lineStart..<index], as: UTF8.self)?.unicodeScalars.count ?? 0) + 1
                return (line, column, index)
            }
            if byte == 0x0A {
                line += 1
                lineStart = end
            }
            index = end
        }
        return (line, 1, index)
    }
}

/// `read(2)` (a free function, so `CatalogLoader.read` does not shadow it).
private func readFile(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
