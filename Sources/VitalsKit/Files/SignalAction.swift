#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Installs a signal handler with `sigaction`: the one place the platforms' field names differ.
package enum SignalAction {
    /// Sets `handler` for `signal` with an empty mask and `flags` (0: no `SA_RESTART`, so the
    /// signal also cuts a blocking call short); returns the action it replaced, nil on failure.
    @discardableResult
    package static func set(_ handler: @convention(c) (Int32) -> Void, for signal: Int32, flags: Int32 = 0)
        -> sigaction?
    {
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = handler
        #else
            action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        var old = sigaction()
        return sigaction(signal, &action, &old) == 0 ? old : nil
    }
}
