import ArgumentParser
import VitalsKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An executable installed beside this one that serves what this one leaves out: the `vitals`
/// built with the PostgreSQL trait hands `push`, `pull`, `grant`, `revoke`, `catalog` and every
/// `postgres://` location to `vitals-postgres`, so that its own start-up carries none of the
/// PostgreSQL client (SwiftNIO, swift-crypto, BoringSSL: about 130 more pages to relocate at
/// every start; bench/README.md, "start-up").
///
/// Handing over replaces this process (`execv`) with the companion, given the same arguments:
/// standard input, output and error, the environment and the exit code are the companion's, and
/// it happens before this process has written or changed anything.
public struct CompanionExecutable: Sendable, Hashable {
    /// Its file name, looked for in the directory of the running executable.
    public var name: String
    /// The subcommands it adds (listed after the built-in ones in `vitals --help`).
    public var commands: [String]
    /// The URL schemes of the store locations it serves, and the backend's name in messages.
    public var schemes: [String]
    public var backendName: String

    public init(name: String, commands: [String], schemes: [String], backendName: String) {
        self.name = name; self.commands = commands; self.schemes = schemes; self.backendName = backendName
    }

    /// The companion of the `vitals` built with the PostgreSQL trait.
    public static let postgres = CompanionExecutable(
        name: "vitals-postgres", commands: TopLevelHelpText.addedCommands, schemes: ["postgres", "postgresql"],
        backendName: "PostgreSQL")

    /// Its path when it sits, executable, beside the running program; nil otherwise.
    func installedPath() -> String? {
        guard let own = Self.runningExecutable(), let slash = own.lastIndex(of: "/") else { return nil }
        let path = String(own[...slash]) + name
        return access(path, X_OK) == 0 ? path : nil
    }

    /// Whether `arguments` ask for something only the companion knows all of: one of its
    /// commands (or help on one), the whole command tree (help at a width the committed text
    /// was not made for, the help dump the manual page is made from, completion scripts).
    func serves(_ arguments: [String]) -> Bool {
        guard let first = arguments.first else { return true }
        if commands.contains(first) { return true }
        switch first {
        case "help": return arguments.count == 1 || commands.contains(arguments[1])
        case "--help", "-h": return arguments.allSatisfy { $0 == "--help" || $0 == "-h" }
        case "--experimental-dump-help", "--generate-completion-script", "---completion": return true
        default: return false
        }
    }

    /// Whether the run names a store location of the companion's schemes: an argument
    /// (`--db URL`, `--db=URL`, `--catalog URL`, `push --to URL` …), else `$VITALS_DB`, else the
    /// settings file's `db` (`configured`, read only when neither names a database). Decided
    /// before anything runs, so that nothing is printed twice or half done.
    func servesLocation(in arguments: [String], environment: [String: String], configured: () -> String?) -> Bool {
        func claims(_ text: String) -> Bool { StoreBackends.scheme(of: text).map(schemes.contains) ?? false }
        for argument in arguments {
            if claims(argument) { return true }
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "="),
               claims(String(argument[argument.index(after: equals)...])) { return true }
        }
        if let database = environment["VITALS_DB"], !database.isEmpty { return claims(database) }
        if arguments.contains(where: { $0 == "--db" || $0.hasPrefix("--db=") }) { return false }
        return configured().map(claims) ?? false
    }

    /// Replaces this process with the companion at `path`, given `arguments`. Returns only when
    /// the companion cannot be started, with the error `exec` gave.
    func handOff(to path: String, arguments: [String]) -> CompanionError {
        var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) }
        argv.append(nil)
        execv(path, argv)
        let code = errno
        for pointer in argv { free(pointer) }
        return CompanionError.cannotStart(path: path, reason: String(cString: strerror(code)))
    }

    /// The absolute path of the running executable (`/proc/self/exe` on Linux).
    static func runningExecutable() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, Int(PATH_MAX))
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #elseif canImport(Darwin)
        var size = UInt32(PATH_MAX) + 1
        var buffer = [CChar](repeating: 0, count: Int(size))
        guard _NSGetExecutablePath(&buffer, &size) == 0, let resolved = realpath(buffer, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
        #else
        return nil
        #endif
    }
}

/// The companion executable could not be started.
package enum CompanionError: VitalsError, Equatable {
    case cannotStart(path: String, reason: String)

    public var kind: VitalsErrorKind { .cannotRun }
    public var hints: [String] { ["reinstall vitals and its companion as the README's Install section shows"] }
    public var message: String {
        switch self {
        case .cannotStart(let path, let reason): return "could not start \(Sanitize.inline(path)): \(reason)"
        }
    }
}

/// The store backend that stands for the companion's, for a location `servesLocation` could not
/// see coming: it hands the whole command over to the companion at the moment the store would be
/// opened, before anything is read or written.
enum CompanionStoreBackend: StoreBackend {
    nonisolated(unsafe) static var companion = CompanionExecutable.postgres
    nonisolated(unsafe) static var path = ""

    static var name: String { companion.backendName }
    static var schemes: [String] { companion.schemes }

    /// The location with every password in it masked (`PasswordMask`), as the companion's own
    /// backend shows a location it cannot parse.
    static func display(_ location: String) -> String { PasswordMask.masked(location) }

    static func open(_ location: String, forWriting: Bool, environment: [String: String]) throws -> SampleStore {
        throw handOff()
    }

    static func loadCatalog(from location: String, environment: [String: String]) throws -> LoadedCatalog? {
        throw handOff()
    }

    private static func handOff() -> CompanionError {
        fflush(nil)
        return companion.handOff(to: path, arguments: Array(CommandLine.arguments.dropFirst()))
    }
}
