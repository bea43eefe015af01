/// The portable backend of `FileWatcher`: looks at every watched path with `stat` each
/// `interval` milliseconds and reports what differs (macOS, or a Linux whose inotify is
/// unavailable or exhausted).
final class PollingWatch {
    let interval: Int
    private var targets: [WatchTarget]
    private var stamps: FileStamps
    private var lastLook: Int64

    init(_ targets: [WatchTarget], interval: Int, now: Int64) {
        self.targets = targets
        self.interval = interval
        stamps = FileStamps(targets)
        lastLook = now
    }

    func retarget(_ targets: [WatchTarget], now: Int64) {
        self.targets = targets
        stamps = FileStamps(targets)
        lastLook = now
    }

    /// Milliseconds from `now` until the next look is due.
    func millisecondsUntilLook(at now: Int64) -> Int { Int(max(0, lastLook + Int64(interval) - now)) }

    /// The paths changed since the last look, when a look is due and found any.
    func collect(at now: Int64) -> [String]? {
        guard millisecondsUntilLook(at: now) == 0 else { return nil }
        lastLook = now
        let newer = FileStamps(targets)
        let changed = stamps.changes(to: newer)
        stamps = newer
        return changed.isEmpty ? nil : changed
    }
}
