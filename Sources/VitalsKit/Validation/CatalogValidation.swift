import Foundation

/// What `vitals validate [PATH…]` checks and reports.
///
/// Without paths: the whole catalog `CatalogLocation` finds (never the built-in one). With
/// paths: each file is read within the catalog it belongs to — `--catalog`, else the nearest
/// catalog root from the file's directory up — so that its references to the rest of that
/// catalog resolve, and only diagnostics about the named files are reported. A file that
/// belongs to no catalog is checked on its own.
package struct CatalogValidation: Sendable {
    /// Every diagnostic reported, in the order of the groups, each group sorted.
    package var diagnostics: [Diagnostic] = []
    /// The counts of the reported files (the whole catalog when no path was named).
    package var summary: ValidationSummary
    /// The text of every file a reported diagnostic names, for reporters that quote source
    /// lines. Other files' texts are let go once read: a clean catalog of thousands of files
    /// keeps none (a file with a finding from a cross-file rule is read again for its lines).
    package var sources: [String: String] = [:]
    /// The catalog of each group read.
    package var catalogs: [Catalog] = []

    /// Runs `validator` over what `paths` (or the discovered catalog) name.
    /// `overlay`: texts read instead of the files they name (an editor's unsaved buffers, by
    /// path; `CatalogLoader.load(paths:keepingTexts:overlay:)`); `cache`: the files' last readings.
    package static func run(
        paths: [String], catalogRoot: String?, validator: Validator,
        workingDirectory: String = FileManager.default.currentDirectoryPath,
        overlay: [String: String] = [:], cache: FileReadingCache? = nil
    ) throws -> CatalogValidation {
        var result = CatalogValidation(
            summary: ValidationSummary(LoadedCatalog(catalog: Catalog(), diagnostics: []), []))
        for group in try groups(paths: paths, catalogRoot: catalogRoot, workingDirectory: workingDirectory) {
            let loaded = try CatalogLoader.load(paths: group.load, keepingTexts: false, overlay: overlay, cache: cache)
            var diagnostics = validator.validate(loaded)
            var summary = ValidationSummary(loaded, diagnostics)
            if let reported = group.reported {
                // Diagnostics name files by display name (relative to the catalog root, which
                // need not be the working directory, or as found): compared with the named files'
                // display names, and by the file they are.
                let names = Set(group.named.map(CatalogLoader.displayPath))
                let isReported = { (file: String) in
                    names.contains(file) || reported.contains(CatalogLocation.identity(of: file))
                }
                diagnostics = diagnostics.filter { diagnostic in
                    isReported(diagnostic.location.file) || diagnostic.related.contains { isReported($0.file) }
                }
                summary = ValidationSummary(loaded, diagnostics)
                let declared = loaded.declarations.filter { isReported($0.location.file) }
                summary.files = reported.count
                summary.screens = Set(declared.filter { $0.kind == .screen }.map(\.id)).count
                summary.metrics = Set(declared.filter { $0.kind == .metric }.map(\.id)).count
            }
            result.add(diagnostics, summary, loaded)
        }
        return result
    }

    private mutating func add(_ diagnostics: [Diagnostic], _ summary: ValidationSummary, _ loaded: LoadedCatalog) {
        self.diagnostics += diagnostics
        self.summary.files += summary.files
        self.summary.screens += summary.screens
        self.summary.metrics += summary.metrics
        self.summary.errors += summary.errors
        self.summary.warnings += summary.warnings
        let quoted = loaded.quotedSources(for: diagnostics.flatMap { [$0.location] + $0.related })
        sources.merge(quoted) { first, _ in first }
        catalogs.append(loaded.catalog)
    }

    /// One catalog to load and the files to report, by `CatalogLocation.identity(of:)` (nil: all).
    struct Group {
        var root: String?
        var load: [String]
        var reported: Set<String>?
        /// The files named (as listed under the paths given).
        var named: [String] = []
    }

    static func groups(paths: [String], catalogRoot: String?, workingDirectory: String) throws -> [Group] {
        if paths.isEmpty {
            guard
                case .directory(let root) = try CatalogLocation.resolve(
                    root: catalogRoot, allowBuiltIn: false, workingDirectory: workingDirectory)
            else { return [] }
            return [Group(root: root, load: CatalogLocation.paths(root: root), reported: nil)]
        }
        if let catalogRoot { _ = try CatalogLocation.resolve(root: catalogRoot, allowBuiltIn: false) }
        // The named files, grouped by the catalog root they belong to, in first-seen order.
        var order: [String?] = []
        var named: [String?: [String]] = [:]
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CatalogLocationError.noSuchPath(path)
            }
            let start = isDirectory.boolValue ? path : (path as NSString).deletingLastPathComponent
            let root = catalogRoot ?? CatalogLocation.discover(from: start.isEmpty ? "." : start)
            if named[root] == nil { order.append(root) }
            // A catalog root named as a directory means its catalog, not every YAML file below it.
            let under =
                isDirectory.boolValue && CatalogLocation.isCatalogRoot(path)
                ? CatalogLocation.paths(root: path) : [path]
            named[root, default: []] += try CatalogLoader.files(under: under)
        }
        return try order.map { root in
            let files = unique(named[root] ?? [])
            guard let root else { return Group(root: nil, load: files, reported: nil) }
            let catalogFiles = try CatalogLoader.files(under: CatalogLocation.paths(root: root))
            let load = unique(catalogFiles + files)
            let reported = Set(files.map(CatalogLocation.identity(of:)))
            let whole = Set(load.map(CatalogLocation.identity(of:))) == reported
            return Group(root: root, load: load, reported: whole ? nil : reported, named: files)
        }
    }

    /// `paths` without repeats (compared as the files they are: `../metrics/a.yaml`, an
    /// absolute path and a path through a symbolic link to the same file are one), in order.
    private static func unique(_ paths: [String]) -> [String] {
        var seen: Set<String> = []
        return paths.filter { seen.insert(CatalogLocation.identity(of: $0)).inserted }
    }
}
