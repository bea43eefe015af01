import Foundation

/// The last reading of each file, by path, for loads that repeat with one file changed
/// (`CatalogLoader.load(paths:keepingTexts:overlay:cache:)`). Files no longer read are let go
/// at the next `prune`.
package final class FileReadingCache: @unchecked Sendable {
    private var entries: [String: (name: String, text: String, reading: FileReading)] = [:]
    private let lock = NSLock()

    package init() {}

    /// The reading of `file` (its text under its name) at `path`: the kept one when the name and
    /// text are the same, else a new one, kept.
    func reading(_ file: SourceFile, at path: String) -> FileReading {
        if let kept = lock.withLock({ entries[path] }), kept.name == file.path, kept.text == file.text {
            return kept.reading
        }
        let reading = FileReading.read(file)
        lock.withLock { entries[path] = (file.path, file.text, reading) }
        return reading
    }

    /// Keeps only the readings of `paths`.
    package func prune(keeping paths: Set<String>) {
        lock.withLock { entries = entries.filter { paths.contains($0.key) } }
    }

    package var count: Int { lock.withLock { entries.count } }
}
