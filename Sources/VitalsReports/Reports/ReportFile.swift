import Foundation
import VitalsKit

/// A report file that could not be written, with the system's reason ("No space left on
/// device", "Permission denied", "No such file or directory").
package struct ReportFileError: VitalsError {
    package var path: String
    package var reason: String
    package var message: String { "cannot write \(Sanitize.inline(path)): \(Sanitize.inline(reason))" }
    package var hints: [String] { ["check that the directory exists, is writable and has room"] }
    package var kind: VitalsErrorKind { .cannotRun }
}

extension ReportFileError {
    /// A private file's failure, said as a report's.
    init(_ error: PrivateFileError) { self.init(path: error.path, reason: error.reason) }
}

/// Writing a report file whole or not at all: a new file is made 0600 (it holds health
/// data), an existing file keeps its mode, and a failed write leaves nothing behind.
package enum ReportFile {
    /// Writes `data` to `destination` through a temporary file beside it, renamed over it.
    package static func write(_ data: Data, to destination: URL) throws {
        do {
            try PrivateFile.write(data, to: destination.path)
        } catch {
            throw ReportFileError(error)
        }
    }
}
