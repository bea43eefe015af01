import VitalsKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The explorer needs a terminal on stdin and stdout.
package struct NotATerminalError: VitalsError {
    package init() {}
    package var kind: VitalsErrorKind { .cannotRun }
    package var message: String {
        "vitals explore needs a terminal (stdin and stdout must be a TTY)"
    }
}

// State the signal handlers read. Set before the handlers are installed and only read
// inside them: a handler may run at any moment, so it uses nothing but write, tcsetattr,
// raise and _exit on these plain values.
nonisolated(unsafe) private var savedSettings = termios()
nonisolated(unsafe) private var hasSavedSettings = false
nonisolated(unsafe) private var restoreBytes: UnsafeMutablePointer<UInt8>?
nonisolated(unsafe) private var restoreByteCount = 0
nonisolated(unsafe) private var wakeWriteFD: Int32 = -1
/// The crash handlers that were installed before ours (the Swift backtracer's), by signal.
nonisolated(unsafe) private var earlierCrashActions: UnsafeMutablePointer<sigaction>?
private let signalSlots = 65

/// Shows the cursor, turns wrapping back on, leaves the alternate screen and puts back the
/// saved terminal settings. Safe inside a signal handler.
private func restoreTerminalNow() {
    if let bytes = restoreBytes { _ = write(STDOUT_FILENO, bytes, restoreByteCount) }
    if hasSavedSettings { _ = tcsetattr(STDIN_FILENO, TCSANOW, &savedSettings) }
}

/// `write(2)` to stdout (a free function, so the session's own `write` does not shadow it).
private func writeOut(_ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(STDOUT_FILENO, bytes, count)
}

/// The handlers installed while the explorer runs.
private let onTerminate: @convention(c) (Int32) -> Void = { signal in
    restoreTerminalNow()
    _exit(128 + signal)
}
private let onCrash: @convention(c) (Int32) -> Void = { signal in
    restoreTerminalNow()
    // Put back the earlier handler (a crash report) and let the signal reach it.
    if let earlier = earlierCrashActions, signal >= 0, signal < Int32(signalSlots) {
        sigaction(signal, earlier + Int(signal), nil)
    }
    raise(signal)
}
private let onResize: @convention(c) (Int32) -> Void = { _ in
    var byte: UInt8 = 1
    _ = write(wakeWriteFD, &byte, 1)
}

/// Full-screen terminal use: raw mode over termios, the alternate screen, resize signals
/// through a pipe, and restoring everything on the way out — on quit, on an error (call
/// `restore()` in a `defer`), on SIGTERM, SIGHUP, SIGINT and SIGQUIT, and before a crash.
package final class TerminalSession {
    private static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[H\u{1B}[2J"
    private static let leaveSequence = "\u{1B}[0m\u{1B}[?2026l\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"
    private static let terminatingSignals = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]
    private static let crashSignals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    private var wakeReadFD: Int32 = -1
    private var previousActions: [(Int32, sigaction)] = []
    private var isActive = false

    /// Whether stdin and stdout are both terminals.
    package static var isAvailable: Bool { isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0 }

    /// Switches the terminal to raw mode and the alternate screen.
    package init() throws {
        guard Self.isAvailable else { throw NotATerminalError() }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { throw NotATerminalError() }
        savedSettings = settings
        hasSavedSettings = true
        let bytes = Array(Self.leaveSequence.utf8)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        buffer.initialize(from: bytes, count: bytes.count)
        restoreBytes = buffer
        restoreByteCount = bytes.count

        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
            wakeReadFD = fds[0]
            wakeWriteFD = fds[1]
        }
        install(onResize, for: [SIGWINCH], flags: 0)
        install(onTerminate, for: Self.terminatingSignals, flags: 0)
        let earlier = UnsafeMutablePointer<sigaction>.allocate(capacity: signalSlots)
        earlier.initialize(repeating: sigaction(), count: signalSlots)
        earlierCrashActions = earlier
        install(onCrash, for: Self.crashSignals, flags: 0)
        for (signal, action) in previousActions where Self.crashSignals.contains(signal) {
            earlier[Int(signal)] = action
        }

        var raw = settings
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        isActive = true
        write(Self.enterSequence)
    }

    deinit { restore() }

    /// Gives the terminal back as it was; safe to call more than once.
    package func restore() {
        guard isActive else { return }
        isActive = false
        restoreTerminalNow()
        for (signal, action) in previousActions {
            var old = action
            sigaction(signal, &old, nil)
        }
        previousActions = []
        if wakeReadFD >= 0 {
            close(wakeReadFD)
            wakeReadFD = -1
        }
        if wakeWriteFD >= 0 {
            close(wakeWriteFD)
            wakeWriteFD = -1
        }
    }

    /// The terminal's size (`TIOCGWINSZ`), 80×24 when it cannot be read.
    package func size() -> ExplorerSize {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return ExplorerSize(columns: 80, rows: 24)
        }
        return ExplorerSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }

    /// Writes `text` to stdout, all of it.
    package func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                writeOut(buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            offset += written
        }
    }

    /// What arrived while waiting.
    package enum Input: Sendable {
        case keys([ExplorerKey])
        case resized
        /// The terminal went away (end of input or a read error).
        case closed
    }

    /// Waits for keys or a resize, at most `timeout` milliseconds (a wake with no keys), and
    /// wakes too when `alsoWatching` (a file watcher's descriptor) becomes readable. While an
    /// escape sequence is unfinished it waits at most 40 ms for the rest, then reads what it
    /// has (a lone ESC is the Escape key).
    package func waitForInput(
        _ decoder: inout ExplorerKeyDecoder, alsoWatching extra: Int32? = nil,
        timeout: Int32 = 1_000
    ) -> Input {
        var fds = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeReadFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: extra ?? -1, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&fds, 3, decoder.hasPending ? min(40, timeout) : max(0, timeout))
        if ready < 0 { return errno == EINTR ? .keys([]) : .closed }
        if ready == 0 { return .keys(decoder.flush()) }
        if wakeReadFD >= 0, fds[1].revents & Int16(POLLIN) != 0 {
            var sink = [UInt8](repeating: 0, count: 64)
            while read(wakeReadFD, &sink, sink.count) > 0 {}
            return .resized
        }
        guard fds[0].revents != 0 else { return .keys([]) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count < 0 { return errno == EINTR || errno == EAGAIN ? .keys([]) : .closed }
        if count == 0 { return .closed }
        return .keys(decoder.feed(buffer[0..<count]))
    }

    /// Runs `explorer` until a key quits it or the terminal closes, drawing only what changed.
    /// With a `reloader`, the explorer takes each reload it gives (files saved meanwhile).
    package func run(_ explorer: inout Explorer, reloader: (any ExplorerReloader)? = nil) {
        var decoder = ExplorerKeyDecoder()
        var diff = FrameDiff()
        explorer.resize(size())
        while !explorer.wantsQuit {
            write(diff.output(for: explorer.frame()))
            let timeout = Int32(clamping: reloader?.millisecondsUntilNextCheck() ?? 1_000)
            switch waitForInput(&decoder, alsoWatching: reloader?.descriptor, timeout: max(1, timeout)) {
            case .keys(let keys):
                for key in keys where !explorer.wantsQuit {
                    if key == .redraw { diff.invalidate() }
                    explorer.press(key)
                }
            case .resized:
                explorer.resize(size())
            case .closed:
                return
            }
            if let reload = reloader?.reload() { explorer.reload(reload) }
        }
    }

    private func install(_ handler: @convention(c) (Int32) -> Void, for signals: [Int32], flags: Int32) {
        for signal in signals {
            if let old = SignalAction.set(handler, for: signal, flags: flags) { previousActions.append((signal, old)) }
        }
    }
}
