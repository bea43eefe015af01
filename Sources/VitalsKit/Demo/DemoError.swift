/// Why the demo data set was not written.
public enum DemoError: VitalsError, Equatable {
    /// The target file exists and `--force` was not given.
    case fileExists(String)
    /// The target PostgreSQL database holds samples or milestones and `--force` was not given.
    case databaseNotEmpty(String)

    public var message: String {
        switch self {
        case .fileExists(let path): return "\(path) already exists"
        case .databaseNotEmpty(let database): return "\(database) already holds samples"
        }
    }

    public var hints: [String] { ["pass --force to replace it with the demo data"] }

    public var kind: VitalsErrorKind { .refused }
}
