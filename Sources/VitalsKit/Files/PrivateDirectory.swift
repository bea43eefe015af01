import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A directory only this user can enter (0700, made by `mkdtemp`), for a report page while it
/// prints and for the browser profile that prints it; its files are written 0600. `remove()`
/// deletes it with everything in it; the printer calls it on every way out.
package struct PrivateDirectory {
    package let url: URL
    package var path: String { url.path }

    /// A new directory `vitals-report-XXXXXX` under `$TMPDIR` (else /tmp).
    package init(prefix: String = "vitals-report") throws {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/\(prefix)-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let start = buffer.baseAddress else { return false }
            return mkdtemp(start) != nil
        }
        guard made else {
            throw PrivateFileError(
                path: base, reason: "cannot make a private directory: " + String(cString: strerror(errno)))
        }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        url = URL(fileURLWithPath: path, isDirectory: true)
        // mkdtemp makes it 0700 whatever the umask; say so again in case a file system ignored it.
        chmod(path, 0o700)
    }

    /// Writes `data` to a new file `name` in the directory, created 0600.
    @discardableResult
    package func write(_ data: Data, to name: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try PrivateFile.create(data, at: file.path)
        return file
    }

    /// Makes the subdirectory `name`, 0700.
    @discardableResult
    package func makeDirectory(_ name: String) throws -> URL {
        let sub = url.appendingPathComponent(name, isDirectory: true)
        guard mkdir(sub.path, 0o700) == 0 else {
            throw PrivateFileError(path: sub.path, reason: String(cString: strerror(errno)))
        }
        return sub
    }

    /// Removes the directory and everything in it.
    package func remove() { try? FileManager.default.removeItem(at: url) }
}
