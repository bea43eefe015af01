/// What every error VitalsKit throws about a request or its inputs has in common: a message
/// that names the value, file or path, hints on what to do, and what kind of failure it is.
///
/// Each domain has its own error type next to its code (`Store/StoreError.swift`,
/// `Catalog/CatalogLookupError.swift` …): an enum whose cases carry the values, with the
/// message computed from them. The library never decides an exit code: the CLI maps `kind`
/// to one (Sources/VitalsCLI/Options/ErrorReporting.swift), in one place.
public protocol VitalsError: Error, Sendable, CustomStringConvertible {
    /// One line (no newline), naming the value, file or path concerned.
    var message: String { get }
    /// Lines suggesting what to do (a did-you-mean, the accepted values, a command to run).
    var hints: [String] { get }
    var kind: VitalsErrorKind { get }
}

extension VitalsError {
    public var hints: [String] { [] }
    public var description: String { message }
}

/// What kind of failure an error is, independent of how a program reports it.
public enum VitalsErrorKind: Sendable, Hashable, CaseIterable {
    /// The input is wrong and was refused: an unknown id, an invalid value, a file that is not
    /// what it should be, a database written by another version.
    case refused
    /// A value handed in as an argument does not have a usable form at all (a screen name that
    /// cannot name files): the kind of mistake a command line reports as a usage error.
    case badArgument
    /// The work could not be done: a missing file or directory, an unreadable path, a database
    /// locked by another process, no terminal.
    case cannotRun
}
