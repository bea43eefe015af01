import Foundation
import VitalsKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `vitals import --watch DIR`: imports every file of DIR that an importer recognises, then
/// each new or changed one as it lands (the watcher of `render --watch`), until Ctrl-C or
/// SIGTERM (exit 0). A file that cannot be imported yet — still being written, cut off — is
/// reported and tried again when it changes; nothing ends the watch but a signal. Every file
/// is its own import, with its own receipt: overlapping files store each sample once.
struct ImportWatch {
    var directory: String
    /// Imports one file; returns its receipt lines (throws what the import throws).
    var importFile: (String) throws -> [String]
    /// The files it recognises (others in the folder are left alone, without a word).
    var recognises: (String) -> Bool

    /// Size and modification time of each file imported, so a file is imported again only when changed.
    private struct Stamp: Equatable {
        var size: Int64
        var modified: Int64
    }

    static func stamp(_ path: String) -> (size: Int64, modified: Int64)? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        #if canImport(Darwin)
            let seconds = Int64(status.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(status.st_mtimespec.tv_nsec)
        #else
            let seconds = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        #endif
        return (Int64(status.st_size), seconds)
    }

    func run() throws {
        StopSignals.install()
        let watcher = try FileWatcher([.tree(directory, suffixes: [".json", ".csv", ".zip", ".db"])])
        var done: [String: Stamp] = [:]
        watcher.markRead()
        try sweep(&done)
        try say("vitals: watching \(Sanitize.inline(directory)) for new files (Ctrl-C ends)")
        while StopSignals.requested == nil {
            guard watcher.waitForChange(timeoutMilliseconds: 500) != nil, StopSignals.requested == nil else { continue }
            watcher.markRead()
            try sweep(&done)
        }
    }

    /// Imports the files of the folder that are new or changed since their last import.
    private func sweep(_ done: inout [String: Stamp]) throws {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        for name in names where !name.hasPrefix(".") {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let (size, modified) = Self.stamp(path) else { continue }
            let stamp = Stamp(size: size, modified: modified)
            guard done[path] != stamp, recognises(path) else { continue }
            do {
                for line in try importFile(path) { try say(Sanitize.inline(line)) }
                done[path] = stamp
            } catch {
                for line in ErrorReport(error)?.lines ?? ["vitals: error: \(error)"] { printError(line) }
                printError("vitals: \(Sanitize.inline(name)) is tried again when it changes")
                done[path] = stamp
            }
        }
    }
}
