import Foundation
import VitalsKit

/// One zip entry inflated into a private temporary file (0600, removed when this is freed or
/// the process is stopped by a signal): for a SQLite database inside a zip, which SQLite can
/// only open as a file. The inflating is streamed and its CRC-32 checked (`ZipDirectory`).
final class ExtractedEntry: @unchecked Sendable {
    let path: String
    private var cleanupSlot: Int?

    init(_ entry: ZipDirectory.Entry, of archive: String) throws {
        let directory = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        guard let file = TemporaryFileCleanup.createFile(in: directory, prefix: "vitals-import-", suffix: ".db") else {
            throw ImporterError.unreadable(
                file: archive,
                reason: "\(entry.path) is inflated into \(directory) first, which failed: "
                    + String(cString: strerror(errno)), kind: .cannotRun)
        }
        let descriptor = file.descriptor
        path = file.path
        cleanupSlot = file.slot
        defer { close(descriptor) }
        do {
            try ZipDirectory.extract(entry, from: archive, chunkSize: 1 << 20) { data in
                try data.withUnsafeBytes { bytes in
                    var offset = 0
                    while offset < bytes.count {
                        let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                        if written < 0 {
                            if errno == EINTR { continue }
                            throw ImporterError.unreadable(
                                file: archive,
                                reason: "writing \(entry.path) out failed: "
                                    + String(cString: strerror(errno)), kind: .cannotRun)
                        }
                        offset += written
                    }
                }
            }
        } catch let damage as ZipDirectory.Damage {
            unlink(path)
            TemporaryFileCleanup.forget(cleanupSlot)
            throw ImporterError.unreadable(file: archive, reason: "the zip is damaged: \(damage.description)")
        } catch {
            unlink(path)
            TemporaryFileCleanup.forget(cleanupSlot)
            throw error
        }
    }

    deinit {
        unlink(path)
        TemporaryFileCleanup.forget(cleanupSlot)
    }
}
