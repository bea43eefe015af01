import Foundation

/// A report file that could not be written, with the system's reason ("No space left on
/// device", "Permission denied", "No such file or directory").
public struct ReportFileError: VitalsError {
    public var path: String
    public var reason: String
    public var message: String { "cannot write \(Sanitize.inline(path)): \(Sanitize.inline(reason))" }
    public var hints: [String] { ["check that the directory exists, is writable and has room"] }
    public var kind: VitalsErrorKind { .cannotRun }
}

/// Writing a report file whole or not at all: a new file is made 0600 (it holds health
/// data), an existing file keeps its mode, and a failed write leaves nothing behind.
public enum ReportFile {
    /// Writes `data` to `destination` through a temporary file beside it, renamed over it.
    public static func write(_ data: Data, to destination: URL) throws {
        let path = destination.path
        var existing = stat()
        let mode: mode_t = stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o600
        let temporary = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).tmp").path
        do {
            try ExclusiveFile.create(temporary, data: data, mode: mode)
        } catch let error as ReportFileError {
            throw ReportFileError(path: path, reason: error.reason)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ReportFileError(path: path, reason: reason)
        }
    }
}
