import ArgumentParser
import Foundation
import VitalsKit

/// Writes a line to standard error, made safe: what it says often quotes a file name, a path
/// or a value the user gave, and none of that may drive the terminal (escape sequences,
/// control characters, bidirectional overrides are dropped; newlines are kept).
func printError(_ line: String) {
    FileHandle.standardError.write(Data((Sanitize.multiline(line) + "\n").utf8))
}

/// Runs a command body and turns a `UserError` into a message on stderr and its exit code,
/// so that user mistakes never end in a stack trace.
func reportingUserErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as UserError {
        printError("vitals: error: \(error.message)")
        for hint in error.hints { printError("  \(hint)") }
        throw ExitCode(error.exitCode)
    }
}

/// The exit-code table's usage row and the "did you mean" for a mistyped subcommand.
enum UsageHint {
    /// Bad arguments or options: 2 in every command (ArgumentParser's own default is 64).
    static let usageExitCode: Int32 = 2

    /// "did you mean 'render'?" for a word that names no command but is close to one of `names`.
    static func didYouMean(_ word: String, among names: [String]) -> String? {
        guard let guess = Suggest.closest(to: word, in: names) else { return nil }
        return "did you mean '\(guess)'? (--help lists the commands)"
    }
}
