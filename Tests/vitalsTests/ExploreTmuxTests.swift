import Foundation
import TestSupport
import XCTest

/// `vitals explore` end to end: the built binary in a real terminal (tmux), driven by keys
/// and read back with `capture-pane`.
final class ExploreTmuxTests: XCTestCase {
    private var socket = ""
    private var workDirectory: URL!

    override func setUpWithError() throws {
        try OptionalTool.require(.tmux)
        socket = "vitals-explore-\(UUID().uuidString.prefix(8))"
        workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if workDirectory != nil {
            _ = try? tmux(["kill-server"])
            try? FileManager.default.removeItem(at: workDirectory)
        }
    }

    static var tmuxPath: String? { OptionalTool.path(.tmux) }

    /// Runs tmux on this test's own server and returns its output.
    ///
    /// Spawned with `posix_spawn` and `waitpid`, not `Process`: Foundation watches a child
    /// through a socket the child inherits, and the server `new-session` forks keeps it open,
    /// so `Process` would never see tmux exit. Output goes through a file for the same reason.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let outputPath = workDirectory.appendingPathComponent("tmux-output-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([Self.tmuxPath!, "-L", socket, "-f", "/dev/null"] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, Self.tmuxPath!, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    /// Starts a shell script in a 100×30 window that records the terminal settings, runs the
    /// explorer, records them again and prints a marker.
    private func start(
        _ explorerArguments: String, firstFrame: String = "Healthful Nutrition",
        command: String = "explore --as-of 2026-06-15"
    ) throws {
        let script = """
            stty -g > before.txt
            sh -c 'echo $$ > explorer.pid; exec "$0" \(command) \(explorerArguments)' '\(VitalsProcess.binary.path)' 2> stderr.txt
            echo "EXIT=$?"
            stty -g > after.txt
            echo SHELL-IS-BACK
            exec sleep 600
            """
        try script.write(to: workDirectory.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
        let environment =
            "XDG_DATA_HOME=\(workDirectory.path)/no-data LANG=C.UTF-8 LC_ALL=C.UTF-8 NO_COLOR= TERM=xterm-256color XDG_CONFIG_HOME=\(workDirectory.path)/config XDG_CACHE_HOME=\(workDirectory.path)/cache"
        try tmux([
            "new-session", "-d", "-x", "100", "-y", "30", "-s", "t", "-c", workDirectory.path,
            "env \(environment) sh run.sh",
        ])
        try waitFor("the explorer's first frame") { $0.contains(firstFrame) }
    }

    private func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "t"] + keys)
    }

    private func type(_ text: String) throws {
        try tmux(["send-keys", "-t", "t", "-l", text])
    }

    private func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", "t"]) }

    private func rows() throws -> [String] { try screen().components(separatedBy: "\n") }

    /// Waits up to 10 s for the pane to satisfy `condition`.
    private func waitFor(
        _ what: String, file: StaticString = #filePath, line: UInt = #line,
        _ condition: (String) -> Bool
    ) throws {
        let deadline = Date().addingTimeInterval(10)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if condition(last) { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTFail("timed out waiting for \(what); the pane shows:\n\(last)", file: file, line: line)
        throw TimedOut(what: what)
    }

    /// What `waitFor` throws after recording the failure, to end the test.
    struct TimedOut: Error { var what: String }

    private func read(_ name: String) throws -> String {
        try String(contentsOf: workDirectory.appendingPathComponent(name), encoding: .utf8)
    }

    func testFilterDrillRangeResizeAndQuitRestoresTheTerminal() throws {
        try start("")
        XCTAssertEqual(
            try tmux(["display", "-p", "-t", "t", "#{alternate_on}"]).trimmingCharacters(in: .whitespacesAndNewlines),
            "1")
        // No database here: the explorer shows the embedded demo data and says so.
        let first = try rows()
        XCTAssertTrue(first[0].contains("demo data"), first.joined(separator: "\n"))
        XCTAssertFalse(
            first.joined().contains("vitals render"), "no shell command in the pane:\n" + first.joined(separator: "\n"))

        try type("/prot")
        try waitFor("the filter") { $0.contains("/prot") && $0.contains("1 screen") }
        let rows = try rows()
        XCTAssertTrue(rows[2].hasPrefix("›   Protein"), rows.joined(separator: "\n"))
        XCTAssertFalse(rows.contains { $0.contains("Vegetables") }, "the filter hides other screens")

        try send("Enter")  // keep the filter
        try waitFor("the kept filter") { $0.contains("filter \"prot\"") }
        try send("Enter")  // open Protein
        try waitFor("the metric list") { $0.contains("‹ Protein") && $0.contains("▸3") }
        try send("Enter")  // drill into the primary's children
        try waitFor("the child metrics") { $0.contains("› Protein per meal") && $0.contains("7-day average") }
        try type("j")  // the next child: the screen pane scrolls to its chart
        try waitFor("the child's chart") { $0.contains("Protein per kg body weight (g/kg)") }

        try send("Left")
        try waitFor("back at the primary") { $0.contains("› ★ Protein per day") }
        try type("r")
        try waitFor("the 7-day range") { $0.components(separatedBy: "\n")[0].contains("7d") }

        try tmux(["resize-window", "-t", "t", "-x", "50", "-y", "15"])
        try waitFor("the small-terminal message") { $0.contains("Terminal too small (50x15)") }
        try tmux(["resize-window", "-t", "t", "-x", "100", "-y", "30"])
        try waitFor("the layout again") { $0.contains("‹ Protein") && !$0.contains("too small") }

        try type("q")
        try waitFor("the shell") { $0.contains("SHELL-IS-BACK") }
        let shell = try screen()
        XCTAssertTrue(shell.contains("EXIT=0"), shell)
        XCTAssertFalse(shell.contains("Protein"), "the main screen is back, not the explorer's:\n\(shell)")
        XCTAssertEqual(
            try tmux(["display", "-p", "-t", "t", "#{alternate_on} #{cursor_flag}"])
                .trimmingCharacters(in: .whitespacesAndNewlines), "0 1", "main screen, cursor shown")
        XCTAssertEqual(try read("before.txt"), try read("after.txt"), "stty settings restored")
    }

    func testASavedCatalogIsReadAgainWhereTheExplorerStands() throws {
        try CatalogFixture.write(to: workDirectory)  // found from the working directory
        let steps = workDirectory.appendingPathComponent("metrics/steps.yaml")
        try start("steps", firstFrame: "target ≥ 8000")
        try waitFor("Steps open") { $0.contains("‹ Steps") }

        try (CatalogFixture.edited("metrics/steps.yaml", "value: 8000", "value: 10000") + "\n")
            .write(to: steps, atomically: false, encoding: .utf8)
        try waitFor("the new target, the screen still open") { $0.contains("target ≥ 10000") && $0.contains("‹ Steps") }

        // Saved with an error through a rename: the diagnostics in the screen pane, the list kept.
        let broken = CatalogFixture.edited(
            "metrics/steps.yaml", "chart_type_id: bar_vertical", "chart_type_id: [bar_vertical")
        let temporary = workDirectory.appendingPathComponent("metrics/.steps.yaml.swp")
        try (broken + "\n").write(to: temporary, atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(temporary.path, steps.path), 0)
        try waitFor("the diagnostics") {
            $0.contains("metrics/steps.yaml:") && $0.contains("error") && $0.contains("‹ Steps")
        }

        try (CatalogFixture.edited("metrics/steps.yaml", "value: 8000", "value: 9000") + "\n")
            .write(to: steps, atomically: true, encoding: .utf8)
        try waitFor("the screen back") { $0.contains("target ≥ 9000") && !$0.contains("metrics/steps.yaml:") }

        try type("q")
        try waitFor("the shell") { $0.contains("SHELL-IS-BACK") }
        XCTAssertTrue(try screen().contains("EXIT=0"))
        // Only the notice printed before the explorer started: no reload prints over it.
        let notices = try read("stderr.txt").split(separator: "\n")
        XCTAssertEqual(notices.count, 1, notices.joined(separator: "\n"))
        XCTAssertTrue(notices.first?.contains("showing the embedded demo data") == true)
    }

    func testRenderWatchInATerminalReplacesEachFrame() throws {
        try CatalogFixture.write(to: workDirectory)
        try start("--watch", firstFrame: "target ≥ 8000", command: "render steps --as-of 2026-11-20")
        try waitFor("the status line") { $0.contains("watching · frame 1 · started · Ctrl-C ends") }
        try (CatalogFixture.edited("metrics/steps.yaml", "value: 8000", "value: 10000") + "\n")
            .write(to: workDirectory.appendingPathComponent("metrics/steps.yaml"), atomically: true, encoding: .utf8)
        try waitFor("the second frame alone") {
            $0.contains("target ≥ 10000") && $0.contains("frame 2 · changed: metrics/steps.yaml")
                && !$0.contains("target ≥ 8000")
        }
        XCTAssertEqual(
            try screen().components(separatedBy: "watching · frame").count, 2, "one frame on the screen, not two")
        // SIGINT to vitals alone (C-c would stop the test's shell script too).
        let pid = try XCTUnwrap(Int32(try read("explorer.pid").trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertEqual(kill(pid, SIGINT), 0)
        try waitFor("the shell") { $0.contains("SHELL-IS-BACK") }
        let shell = try screen()
        XCTAssertTrue(shell.contains("EXIT=0"), shell)
    }

    func testCtrlCQuitsAndRestores() throws {
        try start("")
        try send("C-c")
        try waitFor("the shell") { $0.contains("SHELL-IS-BACK") }
        XCTAssertTrue(try screen().contains("EXIT=0"))
        XCTAssertEqual(try read("before.txt"), try read("after.txt"))
    }

    func testEscapeAloneQuitsAfterTheSequenceTimeout() throws {
        try start("--units imperial")
        try waitFor("US units") { $0.contains("US units") }
        try send("Escape")
        try waitFor("the shell") { $0.contains("SHELL-IS-BACK") }
        XCTAssertTrue(try screen().contains("EXIT=0"))
        XCTAssertEqual(try read("before.txt"), try read("after.txt"))
    }

    func testSIGTERMRestoresTheTerminal() throws {
        try start("protein")
        try waitFor("the screen opened") { $0.contains("‹ Protein") }
        let pid = try XCTUnwrap(Int32(try read("explorer.pid").trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertEqual(kill(pid, SIGTERM), 0)
        try waitFor("the shell") { $0.contains("SHELL-IS-BACK") }
        let shell = try screen()
        XCTAssertTrue(shell.contains("EXIT=143"), shell)
        XCTAssertEqual(try read("before.txt"), try read("after.txt"))
        XCTAssertEqual(
            try tmux(["display", "-p", "-t", "t", "#{alternate_on} #{cursor_flag}"])
                .trimmingCharacters(in: .whitespacesAndNewlines), "0 1")
    }

    func testWithoutATerminalExitsTwoPointingToTreeAndRender() throws {
        try assertCommand(
            ["explore"],
            stderr: """
                vitals: error: vitals explore needs a terminal (stdin and stdout must be a TTY)
                  vitals tree lists pillars, screens and metrics
                  vitals render SCREEN draws one screen (vitals render --all draws them all)

                """, exitCode: 2)
    }
}
