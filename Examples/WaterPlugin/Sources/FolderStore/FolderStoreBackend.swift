import Foundation
import VitalsKit
import VitalsSQLite

// The store backend of the article "Write a store backend" (Sources/VitalsKit/VitalsKit.docc),
// from outside Vitals: it sees only Vitals' public API, passes the conformance suite
// (Tests/FolderStoreTests), and Vitals' ArticleCodeTests hold the article's text to it.

/// `folder://NAME`: a store kept as `NAME.sqlite` in one directory (`$VITALS_FOLDER`), so a team
/// can name stores instead of paths.
public enum FolderStoreBackend: StoreBackend {
    public static let name = "folder"
    public static let schemes = ["folder"]

    /// The file `location` names: the part after `folder://`, which must be a plain name.
    public static func file(for location: String, environment: [String: String]) throws -> String {
        let name = String(location.dropFirst("folder://".count))
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
            throw FolderStoreError.badName(location)
        }
        let root = environment["VITALS_FOLDER"] ?? FileManager.default.currentDirectoryPath
        return root + "/" + name + ".sqlite"
    }

    public static func display(_ location: String) -> String { location }

    public static func open(_ location: String, forWriting: Bool, environment: [String: String]) throws -> SampleStore {
        let path = try file(for: location, environment: environment)
        return forWriting
            ? try SampleStore.open(path: path, createDirectory: true)
            : try SampleStore.openForReading(path: path)
    }
}

/// Why a `folder://` location cannot be used.
public enum FolderStoreError: VitalsError {
    case badName(String)

    public var message: String {
        switch self {
        case .badName(let location):
            return "\(Sanitize.inline(location)): a folder store is named with letters, digits, _ and -"
        }
    }

    public var kind: VitalsErrorKind { .badArgument }
}
