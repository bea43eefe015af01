import Foundation
import VitalsKit

/// What `vitals init` writes: the built-in catalog's files (screens/, metrics/, languages/)
/// and the JSON Schema they name (schemas/vitals.schema.json), under a directory, as a person
/// would edit them.
///
/// Nothing is replaced: when any of the files (or a link in its place) exists, nothing is
/// written. A write that fails removes what was written before it, directories included.
package struct CatalogInit: Sendable {
    /// Paths relative to the directory, and their text.
    package var files: [(path: String, text: String)]

    package init(files: [(path: String, text: String)]) { self.files = files }

    /// Writes every file under `root` (created when missing); returns the paths written.
    @discardableResult
    package func write(under root: String) throws(ScaffoldError) -> [String] {
        let manager = FileManager.default
        for file in files {
            // lstat: a link in a file's or a directory's place counts as there, never followed.
            var path = root
            for component in file.path.split(separator: "/") {
                path += "/" + component
                guard let type = (try? manager.attributesOfItem(atPath: path))?[.type] as? FileAttributeType else {
                    break
                }
                if type != .typeDirectory || path == root + "/" + file.path {
                    throw ScaffoldError.fileExists(file.path)
                }
            }
        }
        var createdDirectories: [String] = []
        var written: [String] = []
        do {
            for file in files {
                var directory = root
                for component in file.path.split(separator: "/").dropLast() {
                    directory += "/" + component
                    if !manager.fileExists(atPath: directory) {
                        try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
                        createdDirectories.append(directory)
                    }
                }
                let path = root + "/" + file.path
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
                written.append(path)
            }
        } catch {
            for path in written.reversed() { try? manager.removeItem(atPath: path) }
            for directory in createdDirectories.reversed() { try? manager.removeItem(atPath: directory) }
            throw ScaffoldError.writeFailed(reason: error.localizedDescription)
        }
        return written
    }
}
