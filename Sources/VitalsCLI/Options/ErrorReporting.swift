import ArgumentParser
import Foundation
import VitalsKit

/// Writes a line to standard error, made safe: what it says often quotes a file name, a path
/// or a value the user gave, and none of that may drive the terminal (escape sequences,
/// control characters, bidirectional overrides are dropped; newlines are kept), and any
/// password a quoted URL or connection string holds is masked (`PasswordMask`).
package func printError(_ line: String) {
    StandardError.write(Sanitize.multiline(PasswordMask.masked(line)) + "\n")
}

/// Why a command ends with an error: the rows of the exit-code table (README, "Exit codes")
/// other than 0, and the one place where each gets its code.
package enum ExitReason: CaseIterable {
    /// A refused input: an unknown id, an invalid value, a file that is wrong.
    case refused
    /// A usage error: a bad argument or option value.
    case usage
    /// The command could not run: a missing file, an unreadable path, a locked database.
    case cannotRun

    package var exitCode: Int32 {
        switch self {
        case .refused: return 1
        case .usage, .cannotRun: return 2
        }
    }

    /// How the CLI reports each kind of library error.
    package init(_ kind: VitalsErrorKind) {
        switch kind {
        case .refused: self = .refused
        case .badArgument: self = .usage
        case .cannotRun: self = .cannotRun
        }
    }
}

/// A mistake the CLI finds itself (an option's value, an entry id that is not there), with
/// the row of the exit-code table it belongs to. VitalsKit's errors are `VitalsError`s.
package struct CommandError: Error, CustomStringConvertible {
    package var message: String
    package var hints: [String]
    package var reason: ExitReason

    package init(_ message: String, hints: [String] = [], _ reason: ExitReason = .refused) {
        self.message = message
        self.hints = hints
        self.reason = reason
    }

    /// A library error reported with more hints (what the command knows of its situation).
    package init(_ error: any VitalsError, addingHints extra: [String]) {
        self.init(error.message, hints: error.hints + extra, ExitReason(error.kind))
    }

    package var description: String { message }
}

/// What the CLI prints for an error, and its exit code: nil for an error that is no user's
/// mistake (a bug), which ArgumentParser reports as it is.
struct ErrorReport: Equatable {
    var lines: [String]
    var exitCode: Int32

    init(message: String, hints: [String], reason: ExitReason) {
        lines = ["vitals: error: \(message)"] + hints.map { "  \($0)" }
        exitCode = reason.exitCode
    }

    init?(_ error: any Error) {
        switch error {
        case let error as CommandError:
            self.init(message: error.message, hints: error.hints, reason: error.reason)
        case let error as any VitalsError:
            self.init(message: error.message, hints: error.hints, reason: ExitReason(error.kind))
        default:
            return nil
        }
    }
}

/// Runs a command body and turns a `VitalsError` or `CommandError` into its message and
/// hints on stderr and its exit code, so that user mistakes never end in a stack trace.
package func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch {
        guard let report = ErrorReport(error) else { throw error }
        for line in report.lines { printError(line) }
        throw ExitCode(report.exitCode)
    }
}

/// The exit-code table's usage row and the "did you mean" for a mistyped subcommand.
enum UsageHint {
    /// Bad arguments or options: 2 in every command (ArgumentParser's own default is 64).
    static let usageExitCode: Int32 = ExitReason.usage.exitCode

    /// "did you mean 'render'?" for a word that names no command but is close to one of `names`.
    static func didYouMean(_ word: String, among names: [String]) -> String? {
        guard let guess = Suggest.closest(to: word, in: names) else { return nil }
        return "did you mean '\(guess)'? (--help lists the commands)"
    }
}
