import Foundation
import VitalsKit

extension DatabaseLocation {
    /// Whether the data read from here is the demo's: the embedded demo data (no database at
    /// the default path) or a database `vitals demo` wrote (a file or a server). One that
    /// cannot be read is not (its own commands say why).
    /// `forWriting`: a writing command creates a database where none is, which is not the demo.
    package func holdsDemoData(forWriting: Bool) -> Bool {
        if isURL {
            guard let backend = try? backends.backend(for: path),
                let store = try? backend.open(path, forWriting: false, environment: ProcessInfo.processInfo.environment)
            else { return false }
            defer { try? store.close() }
            return (try? store.holdsDemoData()) ?? false
        }
        if !exists { return !forWriting && !isChosen }
        guard let store = try? SampleStore.openForReading(path: path) else { return false }
        defer { try? store.close() }
        return (try? store.holdsDemoData()) ?? false
    }
}
