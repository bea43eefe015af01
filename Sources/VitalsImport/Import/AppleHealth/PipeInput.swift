import Foundation
import VitalsKit

/// An export coming through a pipe (`-`, `/dev/stdin`, `<(cat export.xml)`, a FIFO): opened
/// once and read once, front to back. The first bytes, read to tell a zip from XML, are kept
/// and handed over before the rest, so nothing is read twice and nothing is re-opened (a
/// process substitution cannot be, and re-opening a FIFO waits for a second writer).
final class PipeInput: @unchecked Sendable {
    private let descriptor: Int32
    let name: String
    private var prefix: [UInt8] = []
    private var consumed = false

    init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    deinit { close(descriptor) }

    /// Reads until at least `minimum` bytes are buffered or the input ends; returns them.
    func readPrefix(minimum: Int) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while prefix.count < minimum {
            let count = try readSome(into: &buffer)
            if count == 0 { break }
            prefix.append(contentsOf: buffer[0..<count])
        }
        return prefix
    }

    /// Hands the buffered prefix, then the rest of the input, to `body` in chunks.
    func read(chunkSize: Int, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard !consumed else { throw HealthExportError.unreadable(path: name, reason: "a pipe can be read only once") }
        consumed = true
        if !prefix.isEmpty { try prefix.withUnsafeBytes { try body($0) } }
        prefix = []
        var buffer = [UInt8](repeating: 0, count: max(chunkSize, 4096))
        while true {
            let count = try readSome(into: &buffer)
            if count == 0 { return }
            try buffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
    }

    private func readSome(into buffer: inout [UInt8]) throws -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count >= 0 { return count }
            if errno == EINTR { continue }
            throw HealthExportError.unreadable(path: name, reason: String(cString: strerror(errno)))
        }
    }
}

/// A zip that came through a pipe, copied to a temporary file: a zip is read from its end.
/// The file is removed when the last reader using it is gone, or when a signal ends the
/// process first (`TemporaryFileCleanup`).
final class SpooledFile: @unchecked Sendable {
    let path: String
    private var cleanupSlot: Int?

    init(copying pipe: PipeInput) throws {
        let directory = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        guard let file = TemporaryFileCleanup.createFile(in: directory, prefix: "vitals-import-", suffix: ".zip") else {
            throw HealthExportError.unreadable(
                path: pipe.name,
                reason: "a zip from a pipe is copied to \(directory) first, which failed: "
                    + String(cString: strerror(errno)))
        }
        let descriptor = file.descriptor
        path = file.path
        cleanupSlot = file.slot
        defer { close(descriptor) }
        do {
            try pipe.read(chunkSize: 1 << 18) { chunk in
                var offset = 0
                while offset < chunk.count {
                    let written = write(descriptor, chunk.baseAddress! + offset, chunk.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw HealthExportError.unreadable(
                            path: pipe.name,
                            reason: "copying the zip to \(path) failed: " + String(cString: strerror(errno)))
                    }
                    offset += written
                }
            }
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
