#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output with every write checked: what every command prints goes through here.
///
/// `print` and `FileHandle.write` either drop a failed write (stdio's buffer, flushed at exit
/// after the exit code is decided) or trap on it (`FileHandle`'s `try!`). A full disk, a closed
/// pipe or a revoked terminal is instead an error: the command stops and exits 2 with the reason
/// on stderr. `SIGPIPE` is ignored (`ignoreBrokenPipeSignal`), so a closed pipe is `EPIPE` here
/// rather than a silent death by signal.
package enum StandardOutput {
    /// Writes all of `text`, retrying short writes and interrupted calls.
    package static func write(_ text: String) throws {
        var text = text
        let failure: Int32? = text.withUTF8 { bytes -> Int32? in
            guard var base = bytes.baseAddress else { return nil }
            var remaining = bytes.count
            while remaining > 0 {
                let written = writeToStandardOutput(base, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                base += written
                remaining -= written
            }
            return nil
        }
        if let failure { throw writeError(failure) }
    }

    /// The error for a failed write with `code` (an `errno` value).
    static func writeError(_ code: Int32) -> CommandError {
        CommandError("cannot write to standard output: \(String(cString: strerror(code)))",
                     hints: code == ENOSPC || code == EFBIG ? ["the output was cut short; free some space and run it again"] : [],
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

/// `print` for commands: one line (or `terminator`) to standard output, the write checked.
package func say(_ text: String, terminator: String = "\n") throws {
    try StandardOutput.write(text + terminator)
}

/// `write(2)` to standard output (a free function, so `StandardOutput.write` does not shadow it).
private func writeToStandardOutput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    write(STDOUT_FILENO, bytes, count)
}

/// `exit(3)` (a free function, so `StandardOutput.exit(reporting:)` does not shadow it).
private func terminate(_ code: Int32) -> Never {
    exit(code)
}
