import Foundation
import VitalsKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `vitals render … --watch`: draws, then draws again each time a watched file changes, until
/// Ctrl-C or SIGTERM (exit 0).
///
/// A frame that cannot be drawn — the catalog saved with errors, a settings file broken, the
/// database unreadable for a moment — shows why where the screens were (catalog diagnostics as
/// `vitals validate` prints them), and the next good save brings the screens back: nothing
/// that can be fixed by saving ends the watch. In a terminal each frame replaces the last;
/// through a pipe or into a file each frame follows a marker line (`frameMarker`).
struct RenderWatch {
    /// Draws one frame; diagnostics of a catalog with errors go to the closure it is given.
    var draw: ((String) -> Void) throws -> String
    /// What to watch, asked again after every frame (the settings may name another database).
    var targets: () -> [WatchTarget]

    /// The line before each frame when standard output is not a terminal.
    static func frameMarker(_ number: Int, reason: String) -> String {
        "=== vitals render --watch: frame \(number) · \(reason) ==="
    }

    func run() throws {
        StopSignals.install()
        let watcher = try FileWatcher(targets())
        let terminal = isatty(STDOUT_FILENO) != 0
        var number = 1
        watcher.markRead()
        try show(frame(), number: number, reason: "started", terminal: terminal)
        while StopSignals.requested == nil {
            let changed = watcher.waitForChange(timeoutMilliseconds: 500)
            guard StopSignals.requested == nil else { break }
            let resized = terminal && StopSignals.takeResize()
            guard changed != nil || resized else { continue }
            number += 1
            RunSettings.forgetReadFiles()
            let reason = changed.map(Self.describe) ?? "terminal resized"
            watcher.retarget(targets())
            watcher.markRead()
            try show(frame(), number: number, reason: reason, terminal: terminal)
        }
        if terminal { try StandardOutput.write("\n") }
    }

    /// The screens, or why they cannot be drawn now.
    private func frame() -> String {
        var diagnostics = ""
        do {
            let drawn = try draw { diagnostics += $0 }
            if !diagnostics.isEmpty { printError(diagnostics) }  // warnings (an unknown chart type)
            return drawn
        } catch {
            var lines =
                diagnostics.isEmpty ? [] : [diagnostics.hasSuffix("\n") ? String(diagnostics.dropLast()) : diagnostics]
            lines += ErrorReport(error)?.lines ?? ["vitals: error: \(error)"]
            lines.append("vitals: watching for changes; the screens come back at the next good save (Ctrl-C ends)")
            return lines.joined(separator: "\n") + "\n"
        }
    }

    private func show(_ text: String, number: Int, reason: String, terminal: Bool) throws {
        if terminal {
            // Home, clear the screen and its scrollback, then the frame and a status line.
            let status = "watching · frame \(number) · \(reason) · Ctrl-C ends"
            try StandardOutput.write(text + Sanitize.inline(status) + "\n", clearingScreen: true)
        } else {
            try StandardOutput.write(Self.frameMarker(number, reason: Sanitize.inline(reason)) + "\n" + text)
        }
    }

    /// "changed: metrics/protein.yaml" (paths relative to the working directory when inside it).
    static func describe(_ paths: [String]) -> String {
        guard !paths.isEmpty else { return "changed" }
        let cwd = FileManager.default.currentDirectoryPath + "/"
        let shown = paths.prefix(3).map { $0.hasPrefix(cwd) ? String($0.dropFirst(cwd.count)) : $0 }
        return "changed: " + shown.joined(separator: ", ") + (paths.count > 3 ? " and \(paths.count - 3) more" : "")
    }
}
