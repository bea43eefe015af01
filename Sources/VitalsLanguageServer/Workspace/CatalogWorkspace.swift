import Foundation
import VitalsKit

/// One catalog directory as the editor sees it: the files on disk with the unsaved buffers
/// over them, checked by the loader and the validator `vitals validate` runs — nothing here
/// reads the catalog another way.
final class CatalogWorkspace {
    /// The catalog root (`CatalogLocation.identity(of:)`: absolute, links resolved).
    let root: String
    private let validator: Validator
    /// The open documents' texts, by path (an identity).
    private(set) var buffers: [String: String] = [:]
    /// The last check of the whole catalog.
    private(set) var analysis = Analysis()
    /// Each file's last reading by the loader: a keystroke decodes only the file it changed.
    private let readings = FileReadingCache()
    /// Each file's ids, with the text they were read from.
    private var indexes: [String: (text: String, index: FileIndex)] = [:]

    struct Analysis {
        /// What `validate` reports, by the path of the file each names.
        var diagnostics: [String: [Diagnostic]] = [:]
        /// Findings that name no file of the catalog (a table row, the built-in catalog).
        var unplaced: [Diagnostic] = []
        /// The catalog as read (the first declaration of each id).
        var catalog = Catalog()
        /// Every catalog file, in load order.
        var files: [String] = []
        /// The texts the findings were placed in (open buffers, or the files as read).
        var texts: [String: String] = [:]
        /// The path of each file by the name diagnostics give it.
        var paths: [String: String] = [:]
        /// Why the catalog could not be read at all, if so.
        var failure: String?
    }

    init(root: String, validator: Validator) {
        self.root = CatalogLocation.identity(of: root)
        self.validator = validator
    }

    /// Whether `path` (an identity) is a file of this catalog: under its `screens/`,
    /// `metrics/` or `languages/`.
    func owns(_ path: String) -> Bool {
        ["screens", "metrics", "languages"].contains { path.hasPrefix(root + "/" + $0 + "/") }
    }

    func setBuffer(_ text: String?, for path: String) { buffers[path] = text }

    /// Checks the catalog again: `CatalogValidation.run` over the catalog root with the
    /// buffers as overlay, and the language checks, as `vitals validate` without paths.
    @discardableResult
    func analyse() -> Analysis {
        var result = Analysis()
        do {
            var validation = try CatalogValidation.run(
                paths: [], catalogRoot: root, validator: validator, overlay: buffers, cache: readings)
            validation.checkLanguages(catalogRoot: root)
            let files = try CatalogLoader.files(under: CatalogLocation.paths(root: root))
            let languages =
                (try? FileManager.default.contentsOfDirectory(atPath: root + "/languages"))?
                .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.map { root + "/languages/" + $0 } ?? []
            let scan = CatalogFileScan(directoriesOf: files + languages)
            var byName: [String: String] = [:]
            for file in files + languages { byName[scan.displayPath(file)] = CatalogLocation.identity(of: file) }
            for diagnostic in validation.diagnostics {
                if let path = byName[diagnostic.location.file] {
                    result.diagnostics[path, default: []].append(diagnostic)
                } else {
                    result.unplaced.append(diagnostic)
                }
            }
            for path in result.diagnostics.keys { result.texts[path] = text(of: path) }
            result.paths = byName
            result.catalog = validation.catalogs.first ?? Catalog()
            result.files = files.map(CatalogLocation.identity(of:))
            readings.prune(keeping: Set(files))
        } catch {
            result.failure = "\(error)"
        }
        analysis = result
        return result
    }

    /// The text of `path`: its buffer, else the file as the loader reads it.
    func text(of path: String) -> String? {
        if let buffer = buffers[path] { return buffer }
        if case .success(let text) = CatalogLoader.read(path) { return text }
        return nil
    }

    /// The ids of every catalog file, each file read again only when its text changed.
    func fileIndexes() -> [(path: String, index: FileIndex)] {
        let files =
            analysis.files.isEmpty
            ? (try? CatalogLoader.files(under: CatalogLocation.paths(root: root)))?
                .map(CatalogLocation.identity(of:)) ?? [] : analysis.files
        return files.map { path in (path, fileIndex(path)) }
    }

    func fileIndex(_ path: String) -> FileIndex {
        guard let text = text(of: path) else { return FileIndex() }
        if let cached = indexes[path], cached.text == text { return cached.index }
        let index = FileIndex(path: path, text: text)
        indexes[path] = (text, index)
        return index
    }

    /// Every occurrence of the id `id` of `kind` across the catalog (former ids of screens
    /// count as the screen's).
    func occurrences(of kind: IDKind, _ id: String) -> [IDOccurrence] {
        fileIndexes().flatMap { $0.index.occurrences.filter { $0.kind == kind && $0.id == id } }
    }
}

/// `file:` URIs and the paths they name.
enum FileURI {
    /// The path of a `file://` URI (percent-decoded), else nil.
    static func path(_ uri: String) -> String? {
        guard uri.hasPrefix("file://"), let url = URL(string: uri), url.isFileURL else { return nil }
        let path = url.path
        return path.isEmpty ? nil : path
    }

    static func uri(_ path: String) -> String { URL(fileURLWithPath: path).absoluteString }
}
