import ArgumentParser
import Foundation
import VitalsKit

/// Writes a line to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
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
