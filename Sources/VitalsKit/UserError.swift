/// A mistake in what the user asked for or gave (an unknown id, a bad value, a missing file).
///
/// Commands print `message` (and any hints) on stderr and exit with `exitCode`: 1 for bad
/// input, 2 when the command could not run at all (bad arguments, unreadable path).
public struct UserError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var hints: [String]
    public var exitCode: Int32

    public init(_ message: String, hints: [String] = [], exitCode: Int32 = 1) {
        self.message = message
        self.hints = hints
        self.exitCode = exitCode
    }

    public var description: String { message }
}
