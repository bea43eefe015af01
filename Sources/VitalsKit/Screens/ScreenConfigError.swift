/// A screen drawn with a `config:` its module refuses (the first error; validate lists all).
public enum ScreenConfigError: VitalsError, Equatable {
    case invalid(location: SourceLocation, message: String)

    public var message: String {
        switch self {
        case .invalid(let location, let message): return "\(location): \(message)"
        }
    }

    public var hints: [String] { ["vitals validate lists every problem in the catalog"] }

    public var kind: VitalsErrorKind { .refused }
}
