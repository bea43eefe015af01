import Foundation

/// Directories shared by all the tests of one test process (fixture catalogs written once, an
/// isolated `$XDG_CACHE_HOME`): made in `$TMPDIR` on first use and removed when the process
/// exits (`atexit`, which XCTest's and Swift Testing's runners both reach), so `swift test`
/// leaves nothing behind. A test's own directory is removed by its teardown instead.
public enum ProcessScratch {
    /// A new empty directory `<prefix>-<uuid>` in `$TMPDIR`, removed at exit.
    public static func directory(_ prefix: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        lock.lock()
        defer { lock.unlock() }
        if paths.isEmpty {
            atexit {
                ProcessScratch.lock.lock()
                let all = ProcessScratch.paths
                ProcessScratch.lock.unlock()
                for path in all { try? FileManager.default.removeItem(atPath: path) }
            }
        }
        paths.append(url.path)
        return url
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var paths: [String] = []
}
