import VitalsKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard output with every write checked and made safe: what every command prints goes
/// through here (standard error through `StandardError`), and nowhere else in the CLI writes
/// to either (`TerminalWriterLintTests` fails on a `print`, a `FileHandle.standardOutput` or a
/// `write(STDOUT_FILENO…)` elsewhere).
///
/// Every text is filtered by `TerminalSafeText` as the `OutputText` it is: escape sequences,
/// control, bidirectional and invisible characters from a catalog, a database or an argument
/// never reach the terminal, whichever command prints them; JSON and HTML keep them, escaped.
/// The control sequences vitals itself sends (clearing the screen) are named, not passed as text.
///
/// `print` and `FileHandle.write` either drop a failed write (stdio's buffer, flushed at exit
/// after the exit code is decided) or trap on it (`FileHandle`'s `try!`). A full disk, a closed
/// pipe or a revoked terminal is instead an error: the command stops and exits 2 with the reason
/// on stderr. `SIGPIPE` is ignored (`ignoreBrokenPipeSignal`), so a closed pipe is `EPIPE` here
/// rather than a silent death by signal.
package enum StandardOutput {
    /// Whether this run draws in colour (`RenderOptions.profile()` decides, once): only then do
    /// colour codes pass, and only those vitals writes (`OutputText.styled`).
    nonisolated(unsafe) static var drawsInColour = false

    /// Writes all of `text`, made safe as `kind`, retrying short writes and interrupted calls;
    /// with `clearingScreen`, after moving home and clearing the screen and its scrollback.
    package static func write(_ text: String, as kind: OutputText = .text, clearingScreen: Bool = false) throws {
        let safe = TerminalSafeText.filter(text, as: kind == .text && drawsInColour ? .styled : kind)
        if let failure = writeAll(STDOUT_FILENO, clearingScreen ? "\u{1B}[H\u{1B}[2J\u{1B}[3J" + safe : safe) {
            throw writeError(failure)
        }
    }

    /// Writes all of `text` to `fd`; the `errno` of a failed write, nil when all was written.
    fileprivate static func writeAll(_ fd: Int32, _ text: String) -> Int32? {
        var text = text
        return text.withUTF8 { bytes -> Int32? in
            guard var base = bytes.baseAddress else { return nil }
            var remaining = bytes.count
            while remaining > 0 {
                let written = writeToFile(fd, base, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                base += written
                remaining -= written
            }
            return nil
        }
    }

    /// The error for a failed write with `code` (an `errno` value).
    static func writeError(_ code: Int32) -> CommandError {
        CommandError(
            "cannot write to standard output: \(String(cString: strerror(code)))",
            hints: code == ENOSPC || code == EFBIG
                ? ["the output was cut short; free some space and run it again"] : [],
            .cannotRun)
    }

    /// Says why on stderr and exits with the error's code (for the paths outside `reportingErrors`).
    static func exit(reporting error: CommandError) -> Never {
        let report = ErrorReport(message: error.message, hints: error.hints, reason: error.reason)
        for line in report.lines { printError(line) }
        terminate(report.exitCode)
    }

    /// Makes a write to a closed pipe fail with `EPIPE` instead of killing the process.
    static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Flushes what went through stdio (`print` in code this file does not see: ArgumentParser's
    /// own messages) and reports whether it all reached standard output.
    static func flushStdio() -> Int32? {
        if fflush(nil) != 0 { return errno == 0 ? EIO : errno }
        return nil
    }
}

/// Standard error, made safe as standard output is (`TerminalSafeText`, as text). A failed
/// write to standard error has nowhere to be reported, so it is dropped.
package enum StandardError {
    /// Writes `text` as it is given (no newline added).
    package static func write(_ text: String) {
        _ = StandardOutput.writeAll(STDERR_FILENO, TerminalSafeText.filter(text, as: .text))
    }

    /// A progress line drawn over the previous one: carriage return, the line, erase to the
    /// end of the line.
    package static func progress(_ line: String) {
        _ = StandardOutput.writeAll(
            STDERR_FILENO, "\r" + TerminalSafeText.filter(Sanitize.inline(line), as: .text) + "\u{1B}[K")
    }

    /// Takes the progress line away.
    package static func clearProgress() {
        _ = StandardOutput.writeAll(STDERR_FILENO, "\r\u{1B}[K")
    }
}

/// `print` for commands: one line (or `terminator`) to standard output, the write checked.
package func say(_ text: String, terminator: String = "\n", as kind: OutputText = .text) throws {
    try StandardOutput.write(text + terminator, as: kind)
}

/// `write(2)` (a free function, so `StandardOutput.write` does not shadow it).
private func writeToFile(_ fd: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    write(fd, bytes, count)
}

/// `exit(3)` (a free function, so `StandardOutput.exit(reporting:)` does not shadow it).
private func terminate(_ code: Int32) -> Never {
    exit(code)
}
