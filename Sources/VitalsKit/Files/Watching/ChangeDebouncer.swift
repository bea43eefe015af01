/// Turns a burst of file events into one change: an editor's save is several events (a
/// temporary file written, renamed over the old one, its mode set), a database write many.
///
/// The change is due once no event has come for `quiet` milliseconds, or at the latest
/// `longest` milliseconds after the first one (a file written without pause still redraws).
/// Times are milliseconds of a monotonic clock, given by the caller (tests pass their own).
package struct ChangeDebouncer: Sendable {
    package let quiet: Int
    package let longest: Int
    private var first: Int64?
    private var last: Int64?
    /// The paths seen since the last change taken, in the order first seen.
    package private(set) var paths: [String] = []

    package init(quiet: Int = 150, longest: Int = 1_000) {
        precondition(quiet > 0 && longest >= quiet, "quiet > 0 and longest >= quiet")
        self.quiet = quiet
        self.longest = longest
    }

    /// Whether an event is waiting to become a change.
    package var isPending: Bool { first != nil }

    /// Notes events on `paths` at `now`.
    package mutating func record(_ paths: [String], at now: Int64) {
        if first == nil { first = now }
        last = now
        for path in paths where !self.paths.contains(path) { self.paths.append(path) }
    }

    /// Milliseconds from `now` until the pending change is due (0 when it is), nil when
    /// nothing is pending.
    package func millisecondsUntilDue(at now: Int64) -> Int? {
        guard let first, let last else { return nil }
        let due = min(last + Int64(quiet), first + Int64(longest))
        return Int(max(0, due - now))
    }

    /// The change, when one is due at `now`: the paths seen (possibly none, for an event that
    /// names no file, such as a queue overflow). The debouncer is then empty again.
    package mutating func take(at now: Int64) -> [String]? {
        guard millisecondsUntilDue(at: now) == 0 else { return nil }
        let taken = paths
        first = nil
        last = nil
        paths = []
        return taken
    }
}
