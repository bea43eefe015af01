import VitalsKit

/// Why the settings file or a setting's value was refused.
public struct SettingsError: Error, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The file could not be read (a directory, no permission, not UTF-8).
        case unreadable
        /// Not YAML, or YAML that is not a mapping of keys to plain values.
        case syntax
        /// A key Vitals does not know.
        case unknownKey
        /// A value the key does not take.
        case invalidValue
        /// The file could not be written.
        case unwritable
    }

    public var kind: Kind
    public var message: String
    /// Where in the settings file, when the problem is in it.
    public var location: SourceLocation?
    public var hint: String?

    public init(_ kind: Kind, _ message: String, at location: SourceLocation? = nil, hint: String? = nil) {
        self.kind = kind
        self.message = message
        self.location = location
        self.hint = hint
    }

    /// `path:line:column: message`, or the message alone.
    public var description: String {
        guard let location else { return message }
        return "\(Sanitize.inline(location.description)): \(message)"
    }

    /// Whether the problem is in the file rather than in a value a command gave.
    public var isInFile: Bool { location != nil || kind == .unreadable || kind == .unwritable }
}
