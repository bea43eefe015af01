import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Tells when watched files change: inotify on Linux, `stat` polling elsewhere (or when the
/// kernel refuses inotify), each burst of events debounced into one change
/// (`ChangeDebouncer`).
///
/// Two ways to use it: `waitForChange(timeoutMilliseconds:)` blocks (at most that long), and
/// a caller that waits on other things too (the explorer's keys) polls `descriptor` with
/// `millisecondsUntilNextCheck()` as its timeout and calls `check()` whenever it wakes.
package final class FileWatcher {
    /// How changes are noticed.
    package enum Mechanism: Sendable, Equatable {
        case inotify
        /// `stat` of every watched path each `interval` milliseconds.
        case polling(interval: Int)

        /// inotify where the system has it, else polling four times a second.
        package static var preferred: Mechanism {
            #if os(Linux)
                return .inotify
            #else
                return .polling(interval: 250)
            #endif
        }
    }

    private enum Backend {
        #if os(Linux)
            case inotify(InotifyWatch)
        #endif
        case polling(PollingWatch)
    }

    /// The longest a wait lasts before `check` runs again, whatever else is pending.
    static let longestWait = 1_000

    private var backend: Backend
    private var debouncer: ChangeDebouncer
    /// The files as `markRead()` found them: a change that leaves them so is none.
    private var baseline: FileStamps?
    package private(set) var targets: [WatchTarget]

    /// Watches `targets` with `mechanism`. When inotify is asked for and the kernel refuses
    /// it, `fallingBack` decides between polling instead and the error.
    package init(
        _ targets: [WatchTarget], mechanism: Mechanism = .preferred, debouncer: ChangeDebouncer = ChangeDebouncer(),
        fallingBack: Bool = true
    ) throws(FileWatchError) {
        let targets = targets.map(\.absolute)
        self.targets = targets
        self.debouncer = debouncer
        switch mechanism {
        case .inotify:
            #if os(Linux)
                do {
                    backend = .inotify(try InotifyWatch(targets))
                } catch {
                    guard fallingBack else { throw error }
                    backend = .polling(PollingWatch(targets, interval: 250, now: Self.now()))
                }
            #else
                backend = .polling(PollingWatch(targets, interval: 250, now: Self.now()))
            #endif
        case .polling(let interval):
            backend = .polling(PollingWatch(targets, interval: max(10, interval), now: Self.now()))
        }
    }

    /// The mechanism in use (polling when inotify was refused).
    package var mechanism: Mechanism {
        switch backend {
        #if os(Linux)
            case .inotify: return .inotify
        #endif
        case .polling(let watch): return .polling(interval: watch.interval)
        }
    }

    /// A descriptor that becomes readable when events arrive (inotify), nil when polling.
    package var descriptor: Int32? {
        switch backend {
        #if os(Linux)
            case .inotify(let watch): return watch.descriptor
        #endif
        case .polling: return nil
        }
    }

    /// Watches `targets` from now on (a settings file now naming another database).
    package func retarget(_ targets: [WatchTarget]) {
        let targets = targets.map(\.absolute)
        guard targets != self.targets else { return }
        self.targets = targets
        switch backend {
        #if os(Linux)
            case .inotify(let watch): watch.retarget(targets)
        #endif
        case .polling(let watch): watch.retarget(targets, now: Self.now())
        }
    }

    /// Notes the files as they are now, before the caller reads them: events that leave them
    /// like this are no change. Reading a SQLite database makes its `-wal` come and go, and a
    /// watch that redraws on that would redraw forever; a file written while the caller reads
    /// differs from this and is a change.
    package func markRead() {
        baseline = FileStamps(targets)
    }

    /// Never blocks: notes the events that came, and returns the paths of a change once it is
    /// due (quiet for the debounce time), else nil.
    package func check(now: Int64 = FileWatcher.now()) -> [String]? {
        let seen: [String]?
        switch backend {
        #if os(Linux)
            case .inotify(let watch): seen = watch.collect()
        #endif
        case .polling(let watch): seen = watch.collect(at: now)
        }
        if let seen { debouncer.record(seen, at: now) }
        guard let change = debouncer.take(at: now) else { return nil }
        if let baseline, FileStamps(targets) == baseline { return nil }
        return change
    }

    /// How long a caller may wait before calling `check` again: until a pending change is
    /// due, until the next look when polling, and never more than a second.
    package func millisecondsUntilNextCheck(now: Int64 = FileWatcher.now()) -> Int {
        var wait = Self.longestWait
        if let due = debouncer.millisecondsUntilDue(at: now) { wait = min(wait, due) }
        if case .polling(let watch) = backend { wait = min(wait, watch.millisecondsUntilLook(at: now)) }
        return max(0, wait)
    }

    /// Waits at most `timeoutMilliseconds` for a change and returns its paths; nil when the
    /// time ran out or a signal interrupted the wait (the caller looks at why and waits again).
    package func waitForChange(timeoutMilliseconds: Int) -> [String]? {
        let deadline = Self.now() + Int64(max(0, timeoutMilliseconds))
        while true {
            let now = Self.now()
            if let change = check(now: now) { return change }
            let remaining = Int(deadline - now)
            guard remaining > 0 else { return nil }
            let wait = Int32(min(remaining, max(1, millisecondsUntilNextCheck(now: now))))
            var fds = [pollfd(fd: descriptor ?? -1, events: Int16(POLLIN), revents: 0)]
            // A negative descriptor is skipped by poll(2), which then only sleeps.
            if poll(&fds, 1, wait) < 0 && errno == EINTR { return nil }
        }
    }

    /// Milliseconds of the monotonic clock.
    package static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000 + Int64(time.tv_nsec) / 1_000_000
    }
}
