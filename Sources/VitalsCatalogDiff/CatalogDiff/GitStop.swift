import Foundation
import VitalsKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The signal that asked vitals to stop while a revision was taken out of git (0: none). Set
/// by the handler only.
nonisolated(unsafe) private var gitStopSignal: sig_atomic_t = 0

/// SIGINT, SIGTERM and SIGHUP caught while `GitRevisionCatalog.load` runs: instead of ending
/// vitals at once (which left `git archive` and `tar` running, still writing into a
/// `vitals-diff-*` directory that stayed behind), the handler only notes the signal; the
/// waits for git and tar see it, stop both and throw `CatalogDiffError.interrupted`, the
/// directory is removed, and the command line ends vitals by that signal.
struct GitStop {
    static let signals = [SIGINT, SIGTERM, SIGHUP]
    private var previous: [(Int32, sigaction)] = []

    /// Installs the handlers (until `restore`).
    static func install() -> GitStop {
        gitStopSignal = 0
        var stop = GitStop()
        for signal in signals {
            if let old = SignalAction.set({ received in gitStopSignal = received }, for: signal) {
                stop.previous.append((signal, old))
            }
        }
        return stop
    }

    /// The signal received since `install`, if any.
    static var received: Int32? { gitStopSignal == 0 ? nil : gitStopSignal }

    /// Throws `.interrupted` when a signal came.
    static func check() throws(CatalogDiffError) {
        if let signal = received { throw .interrupted(signal: signal) }
    }

    /// Puts the handlers there before back.
    func restore() {
        for (signal, action) in previous {
            var old = action
            sigaction(signal, &old, nil)
        }
    }

    /// Stops `process` (SIGTERM, then SIGKILL after a second) and reaps it.
    static func stop(_ process: Process) {
        guard process.isRunning else { return }
        let pid = process.processIdentifier
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(1)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        if process.isRunning { kill(pid, SIGKILL) }
        process.waitUntilExit()
    }
}
