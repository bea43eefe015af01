/// The output formats of one run, by command, in the order they were given.
public struct OutputFormats: Sendable {
    /// `vitals render`'s formats.
    public let screens: [any ScreenFormat.Type]
    /// `vitals validate`'s formats.
    public let diagnostics: [any DiagnosticFormat.Type]

    /// The formats of `formats` by the protocol each conforms to (a type conforming to both
    /// is a format of both commands).
    public init(_ formats: [any OutputFormat.Type]) {
        screens = formats.compactMap { $0 as? any ScreenFormat.Type }
        diagnostics = formats.compactMap { $0 as? any DiagnosticFormat.Type }
    }

    /// The screen format named `id`, or nil.
    public func screenFormat(_ id: String) -> (any ScreenFormat.Type)? { screens.first { $0.id == id } }

    /// The diagnostic format named `id`, or nil.
    public func diagnosticFormat(_ id: String) -> (any DiagnosticFormat.Type)? { diagnostics.first { $0.id == id } }
}
