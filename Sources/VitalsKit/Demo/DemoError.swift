/// Why the demo data set was not written.
public enum DemoError: VitalsError, Equatable {
    /// The target file exists and `--force` was not given.
    case fileExists(String)

    public var message: String {
        switch self {
        case .fileExists(let path): return "\(path) already exists"
        }
    }

    public var hints: [String] { ["pass --force to replace it with the demo data"] }

    public var kind: VitalsErrorKind { .refused }
}
