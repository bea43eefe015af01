import Foundation

/// A kind of database the sample store can live in, other than the SQLite file every vitals has:
/// a server, say. A backend claims the locations it serves (by URL scheme) and opens them;
/// `StoreBackends` picks the one for a location, in one place, so nothing outside a backend's own
/// folder knows which backend a store runs on.
///
/// The PostgreSQL backend (`VitalsPostgres`, with the package's `PostgreSQL` trait) is one; a
/// package of its own can add another and give it to `Extensions(storeBackends:)`. The
/// article "Write a store backend" walks through one.
public protocol StoreBackend: Sendable {
    /// The backend's name in messages ("PostgreSQL").
    static var name: String { get }

    /// The URL schemes whose locations this backend serves (`["postgres", "postgresql"]`).
    static var schemes: [String] { get }

    /// The location as messages may show it: without passwords or other secrets.
    static func display(_ location: String) -> String

    /// Opens the store at `location`: migrated when `forWriting`, else checked that it can be
    /// read by this vitals and never changed. Errors are the backend's own, typed.
    static func open(_ location: String, forWriting: Bool, environment: [String: String]) throws -> SampleStore

    /// The catalog kept in the database at `location`, for `--catalog LOCATION` (nil when this
    /// backend keeps no catalog). The default keeps none.
    static func loadCatalog(from location: String, environment: [String: String]) throws -> LoadedCatalog?
}

extension StoreBackend {
    public static func loadCatalog(from location: String, environment: [String: String]) throws -> LoadedCatalog? {
        nil
    }

    /// Whether `location` is one of this backend's URLs.
    public static func claims(_ location: String) -> Bool {
        guard let scheme = StoreBackends.scheme(of: location) else { return false }
        return schemes.contains(scheme)
    }
}

/// The store backends of a run (`Extensions.storeBackends`), and the one place a location is
/// matched to one. A location with no URL scheme is a SQLite file; one whose scheme no backend
/// serves is refused (`StoreLocationError.noBackend`) instead of becoming a file of that name.
public struct StoreBackends: Sendable {
    /// The backends, in order; each URL scheme is served by the first that lists it.
    public let backends: [any StoreBackend.Type]

    public init(_ backends: [any StoreBackend.Type] = []) { self.backends = backends }

    /// No backend but the SQLite file every vitals has.
    public static let sqliteOnly = StoreBackends()

    /// The lowercased URL scheme of `location` (`postgres` in `postgres://…`), nil for a path.
    /// Only `scheme://` counts, so a file named `notes:1` stays a file.
    public static func scheme(of location: String) -> String? {
        guard let colon = location.firstIndex(of: ":"), location[colon...].hasPrefix("://") else { return nil }
        let scheme = location[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return scheme.lowercased()
    }

    /// Whether `location` names a database on some backend rather than a file (a URL).
    public static func isURL(_ location: String) -> Bool { scheme(of: location) != nil }

    /// The backend serving `location`; nil for a file path. A URL no backend serves throws.
    public func backend(for location: String) throws -> (any StoreBackend.Type)? {
        guard let scheme = Self.scheme(of: location) else { return nil }
        var known: [String] = []
        for backend in backends {
            let schemes = backend.schemes
            if schemes.contains(scheme) { return backend }
            known += schemes
        }
        throw StoreLocationError.noBackend(scheme: scheme, known: known)
    }

    /// The catalog kept in the database at `location` (`--catalog URL`).
    public func loadCatalog(
        from location: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> LoadedCatalog {
        guard let backend = try backend(for: location),
            let loaded = try backend.loadCatalog(from: location, environment: environment)
        else {
            throw StoreLocationError.noCatalog(location: display(location))
        }
        return loaded
    }

    /// `location` as messages may show it: a URL through its backend (secrets masked), a path
    /// as it is; a URL no backend serves shows only its scheme.
    public func display(_ location: String) -> String {
        if let backend = try? backend(for: location) { return backend.display(location) }
        if let scheme = Self.scheme(of: location) { return scheme + "://…" }
        return location
    }
}

/// A store location that cannot be opened by this vitals.
public enum StoreLocationError: VitalsError, Equatable {
    /// A URL whose scheme no backend of this program serves.
    case noBackend(scheme: String, known: [String])
    /// Files were named beside a catalog kept in a database (`validate FILE --catalog URL`).
    case pathsWithDatabaseCatalog
    /// `--catalog URL` names a database whose backend keeps no catalog.
    case noCatalog(location: String)

    /// Why a `vitals` built without the PostgreSQL trait has no PostgreSQL backend or commands,
    /// and how to build the one that has them.
    public static let withoutPostgreSQL =
        "this vitals was built without PostgreSQL; build it with `swift build -c release --traits PostgreSQL` (README, Install)"

    public var kind: VitalsErrorKind {
        switch self {
        case .noBackend, .noCatalog: return .cannotRun
        case .pathsWithDatabaseCatalog: return .badArgument
        }
    }

    public var hints: [String] {
        switch self {
        case .pathsWithDatabaseCatalog: return ["leave out the paths to check the catalog tables of --catalog URL"]
        default: return []
        }
    }

    public var message: String {
        switch self {
        case .noBackend(let scheme, let known):
            let hint =
                scheme.hasPrefix("postgres")
                ? Self.withoutPostgreSQL
                : known.isEmpty
                    ? "this vitals reads SQLite files only"
                    : "it knows " + known.map { $0 + "://" }.joined(separator: ", ")
            return "no store backend for \(scheme):// locations: \(hint)"
        case .pathsWithDatabaseCatalog:
            return "validate checks either files or a server's catalog tables, not both"
        case .noCatalog(let location):
            return "\(Sanitize.inline(location)) keeps no catalog"
        }
    }
}
