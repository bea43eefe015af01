import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Temporary files removed when the process is ended by SIGTERM, SIGINT or SIGHUP, as well as
/// by their owner's `deinit` on a normal exit: a zip spooled from a pipe (hundreds of MB of
/// someone's health data) must not stay in `$TMPDIR` because the import was interrupted.
///
/// The handler only calls `unlink` on paths copied into C memory beforehand (both
/// async-signal-safe), then restores the signal's default action and raises it again, so the
/// process still ends by that signal.
package enum TemporaryFileCleanup {
    /// How many files can be registered at once (an import spools one).
    static let capacity = 8
    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed = false

    /// Registers `path` for removal on a terminating signal; returns its slot for `forget`.
    package static func register(_ path: String) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        if !installed {
            installed = true
            for signal in [SIGTERM, SIGINT, SIGHUP] { SignalAction.set(onTerminatingSignal, for: signal) }
        }
        for slot in 0..<capacity where cleanupSlots[slot] == nil {
            cleanupSlots[slot] = strdup(path)
            return slot
        }
        return nil
    }

    /// Removes a registration (the file was removed or handed on).
    package static func forget(_ slot: Int?) {
        guard let slot else { return }
        lock.lock()
        defer { lock.unlock() }
        let old = cleanupSlots[slot]
        cleanupSlots[slot] = nil
        free(old)
    }
}

/// The registered paths, as C strings the signal handler can use.
nonisolated(unsafe) private let cleanupSlots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: TemporaryFileCleanup.capacity)
    slots.initialize(repeating: nil, count: TemporaryFileCleanup.capacity)
    return slots
}()

private let onTerminatingSignal: @convention(c) (Int32) -> Void = { signal in
    for slot in 0..<TemporaryFileCleanup.capacity {
        if let path = cleanupSlots[slot] { unlink(path) }
    }
    var action = sigaction()
    #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = SIG_DFL
    #else
        action.__sigaction_u.__sa_handler = SIG_DFL
    #endif
    sigaction(signal, &action, nil)
    raise(signal)
}
