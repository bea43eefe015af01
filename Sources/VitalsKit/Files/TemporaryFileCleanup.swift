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

    /// Creates a new file `directory/PREFIXXXXXXXSUFFIX` (mode 0600, `mkstemps`) that is
    /// registered before it exists: the name is made in the very buffer the signal handler
    /// reads, so a signal at any moment (a process-directed one may run the handler on another
    /// thread) removes the file once it is there. Returns its descriptor, path and slot, or nil
    /// with `errno` set.
    package static func createFile(in directory: String, prefix: String, suffix: String)
        -> (descriptor: Int32, path: String, slot: Int?)?
    {
        lock.lock()
        defer { lock.unlock() }
        installHandler()
        let template = directory + "/" + prefix + "XXXXXX" + suffix
        guard let slot = (0..<capacity).first(where: { cleanupSlots[$0] == nil }) else {
            var bytes = Array(template.utf8CString)
            let descriptor = bytes.withUnsafeMutableBufferPointer {
                mkstemps($0.baseAddress!, Int32(suffix.utf8.count))
            }
            guard descriptor >= 0 else { return nil }
            return (
                descriptor, String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), nil
            )
        }
        guard let buffer = strdup(template) else { return nil }
        cleanupSlots[slot] = buffer
        let descriptor = mkstemps(buffer, Int32(suffix.utf8.count))
        guard descriptor >= 0 else {
            let failure = errno
            cleanupSlots[slot] = nil
            free(buffer)
            errno = failure
            return nil
        }
        return (descriptor, String(cString: buffer), slot)
    }

    /// Sets the handler of the terminating signals, once (the caller holds `lock`).
    private static func installHandler() {
        guard !installed else { return }
        installed = true
        for signal in [SIGTERM, SIGINT, SIGHUP] { SignalAction.set(onTerminatingSignal, for: signal) }
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
