import VitalsKit

/// Why the demo data set was not written.
package enum DemoError: VitalsError, Equatable {
    /// The target file exists and `--force` was not given.
    case fileExists(String)
    /// The target PostgreSQL database holds samples or milestones and `--force` was not given.
    case databaseNotEmpty(String)

    package var message: String {
        switch self {
        case .fileExists(let path): return "\(path) already exists"
        case .databaseNotEmpty(let database): return "\(database) already holds samples"
        }
    }

    package var hints: [String] { ["pass --force to replace it with the demo data"] }

    package var kind: VitalsErrorKind { .refused }
}
