import Foundation
import VitalsKit

/// The signal that asked vitals to stop while Chromium ran (0: none). Set by the handler only.
nonisolated(unsafe) private var stopSignal: sig_atomic_t = 0

/// One run of the browser: started in a process group of its own (so every helper process it
/// forks can be stopped together), its output to a file, waited for at most `timeout`
/// seconds. On a timeout, or when vitals gets SIGINT, SIGTERM or SIGHUP meanwhile, the whole
/// group is killed; after a signal the printer cleans up and throws `PDFError.interrupted`, and
/// the command line ends vitals by the same signal.
struct ChromiumProcess {
    let executable: String
    let arguments: [String]
    let environment: [String: String]
    /// Where standard output and error go (a file in the private directory).
    let log: String
    let timeout: Double

    static let stopSignals = [SIGINT, SIGTERM, SIGHUP]

    enum Outcome: Equatable {
        case exited(Int32)
        /// Killed by a signal (not ours).
        case signalled(Int32)
        case timedOut
        /// vitals itself was asked to stop with this signal.
        case stopped(Int32)
    }

    /// Runs the browser and waits for it.
    func run() throws -> Outcome {
        var previous: [(Int32, sigaction)] = []
        stopSignal = 0
        for signal in Self.stopSignals {
            if let old = SignalAction.set({ received in stopSignal = received }, for: signal) {
                previous.append((signal, old))
            }
        }
        defer {
            for (signal, action) in previous {
                var old = action
                sigaction(signal, &old, nil)
            }
        }
        let pid = try spawn()
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { break }
            if done < 0 && errno != EINTR {
                status = 0
                break
            }
            if stopSignal != 0 {
                Self.killGroup(pid)
                return .stopped(stopSignal)
            }
            if Date() >= deadline {
                Self.killGroup(pid)
                return .timedOut
            }
            usleep(20_000)
        }
        // Helpers the browser left running are stopped with it.
        kill(-pid, SIGKILL)
        if stopSignal != 0 { return .stopped(stopSignal) }
        let signalled = status & 0x7f
        return signalled == 0 ? .exited((status >> 8) & 0xff) : .signalled(signalled)
    }

    /// SIGTERM to the group, a short grace, then SIGKILL; reaps the leader.
    static func killGroup(_ pid: pid_t) {
        kill(-pid, SIGTERM)
        var status: Int32 = 0
        for _ in 0..<25 {
            if waitpid(pid, &status, WNOHANG) == pid {
                kill(-pid, SIGKILL)
                return
            }
            usleep(20_000)
        }
        kill(-pid, SIGKILL)
        _ = waitpid(pid, &status, 0)
    }

    /// posix_spawn in a new process group, stdin from /dev/null, stdout and stderr to `log`,
    /// the stop signals at their defaults in the child.
    private func spawn() throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in Self.stopSignals + [SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw PDFError.engineMissing }
        return pid
    }
}
