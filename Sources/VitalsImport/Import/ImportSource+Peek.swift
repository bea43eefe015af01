import Foundation
import GRDB
import VitalsKit

extension ImportSource {
    /// What `path` holds, for the importers to recognise it by: its first bytes, a zip's entry
    /// names (its central directory only), a SQLite file's tables (opened read-only), a
    /// folder's names. `-` (standard input) cannot be looked at without being read: it holds
    /// nothing here, and `--format` names its importer.
    package static func peek(_ path: String) throws -> ImportSource {
        guard path != "-" else { return ImportSource(path: path, fileName: "standard input") }
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw ImporterError.unreadable(file: path, reason: "no such file or folder", kind: .cannotRun)
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return ImportSource(path: path, isDirectory: true, folderEntries: names.sorted())
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ImporterError.unreadable(file: path, reason: "cannot be opened", kind: .cannotRun)
        }
        let head = [UInt8]((try? handle.read(upToCount: headLength)) ?? Data())
        try? handle.close()
        var source = ImportSource(path: path, head: head)
        if source.isZip, status.st_mode & S_IFMT == S_IFREG {
            do {
                source.zipEntries = try ZipDirectory(path: path).entries.map(\.path)
            } catch let damage as ZipDirectory.Damage {
                throw ImporterError.unreadable(file: path, reason: "the zip cannot be read: \(damage.description)")
            }
        }
        if source.isSQLite { source.sqliteTables = (try? sqliteTables(path)) ?? [] }
        return source
    }

    /// The tables of the SQLite file at `path`, opened read-only.
    static func sqliteTables(_ path: String) throws -> [String] {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
    }
}
