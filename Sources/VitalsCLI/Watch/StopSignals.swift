import VitalsKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Set by the handlers, read by the watch loop: plain values, nothing else done in a handler.
nonisolated(unsafe) private var stopSignal: sig_atomic_t = 0
nonisolated(unsafe) private var resizedFlag: sig_atomic_t = 0

private let onStop: @convention(c) (Int32) -> Void = { signal in stopSignal = signal }
private let onResize: @convention(c) (Int32) -> Void = { _ in resizedFlag = 1 }

/// How a watch loop learns that it should end (Ctrl-C, SIGTERM, SIGHUP) or that the terminal
/// changed size. The handlers only set a flag; installed without `SA_RESTART`, so a signal
/// also cuts the loop's `poll` short and the loop sees the flag at once.
enum StopSignals {
    static func install() {
        for signal in [SIGINT, SIGTERM, SIGHUP] { SignalAction.set(onStop, for: signal) }
        SignalAction.set(onResize, for: SIGWINCH)
    }

    /// The signal that asked to stop, or nil.
    static var requested: Int32? { stopSignal == 0 ? nil : Int32(stopSignal) }

    /// Whether the terminal was resized since the last call.
    static func takeResize() -> Bool {
        guard resizedFlag != 0 else { return false }
        resizedFlag = 0
        return true
    }
}
