import Foundation
import XCTest

/// `vitals report -o x.pdf` against a browser that misbehaves — hangs, writes something that is
/// not a PDF, or is running when vitals is stopped — played by small shell scripts given as
/// `$VITALS_CHROMIUM`; and what the printer hands a real browser (its arguments, the private
/// directory, the profile's preferences).
final class ReportPrinterCLITests: XCTestCase {
    let demo = ["XDG_DATA_HOME": "/nonexistent-vitals-report-test"]
    let period = ["--as-of", "2026-10-31", "--range", "12w"]

    /// A scratch directory with `tmp/` (the run's `$TMPDIR`), `mark/` (what the fake browser
    /// records) and the fake browser `chromium` running `body`.
    func fakeChromium(_ body: String) throws -> (root: URL, script: URL, tmp: URL, mark: URL) {
        let root = try ReportTools.scratch(self)
        let tmp = root.appendingPathComponent("tmp")
        let mark = root.appendingPathComponent("mark")
        for directory in [tmp, mark] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        let script = root.appendingPathComponent("chromium")
        let text = """
            #!/bin/sh
            MARK='\(mark.path)'
            for arg in "$@"; do case "$arg" in --print-to-pdf=*) PDF="${arg#--print-to-pdf=}";; esac; done
            echo $$ > "$MARK/pid"
            \(body)

            """
        try text.write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        return (root, script, tmp, mark)
    }

    /// A minimal file with a PDF's header and trailer.
    static let tinyPDF = #"printf '%%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\nstartxref\n9\n%%%%EOF\n' > "$PDF""#

    func environment(_ fake: (root: URL, script: URL, tmp: URL, mark: URL), timeout: String = "60") -> [String: String]
    {
        demo.merging(["VITALS_CHROMIUM": fake.script.path, "TMPDIR": fake.tmp.path, "VITALS_CHROMIUM_TIMEOUT": timeout])
        { $1 }
    }

    static func isRunning(_ pidFile: URL) -> Bool {
        guard let text = try? String(contentsOf: pidFile, encoding: .utf8),
            let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            return false
        }
        // A zombie is not running: its state in /proc is Z.
        let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.split(separator: " ")
            .dropFirst(2).first
        return kill(pid, 0) == 0 && state != "Z"
    }

    func leftovers(_ tmp: URL) -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: tmp.path)) ?? [] }

    func testAHangingBrowserIsKilledWithItsChildrenAndSaidSo() throws {
        let fake = try fakeChromium(#"sleep 300 & echo $! > "$MARK/child"; wait"#)
        let out = fake.root.appendingPathComponent("report.pdf")
        let started = Date()
        let run = try VitalsProcess.run(
            ["report", "protein"] + period + ["-o", out.path], environment: environment(fake, timeout: "1"))
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "no hang")
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("did not finish printing within 1 s"), run.stderr)
        XCTAssertTrue(run.stderr.contains("VITALS_CHROMIUM_TIMEOUT"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        XCTAssertFalse(Self.isRunning(fake.mark.appendingPathComponent("pid")), "the browser is stopped")
        XCTAssertFalse(Self.isRunning(fake.mark.appendingPathComponent("child")), "and what it started")
        XCTAssertEqual(leftovers(fake.tmp), [], "its private directory is removed")
    }

    /// SIGTERM or SIGINT to vitals while the browser prints: the browser and its children are
    /// stopped, the private directory removed, nothing written, and vitals ends by that signal.
    func testStoppingVitalsStopsTheBrowserAndRemovesItsDirectory() throws {
        for signal in [SIGTERM, SIGINT] {
            let fake = try fakeChromium(#"sleep 300 & echo $! > "$MARK/child"; wait"#)
            let out = fake.root.appendingPathComponent("report.pdf")
            let process = Process()
            process.executableURL = VitalsProcess.binary
            process.arguments = ["report", "protein"] + period + ["-o", out.path]
            process.environment = ProcessInfo.processInfo.environment.merging(environment(fake)) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let child = fake.mark.appendingPathComponent("child")
            let deadline = Date().addingTimeInterval(60)
            // Until the child's pid is written: the shell creates the file before `echo` fills it.
            while !Self.isRunning(child), Date() < deadline { usleep(20_000) }
            XCTAssertTrue(Self.isRunning(child), "the fake browser is printing")
            kill(process.processIdentifier, signal)
            let exitDeadline = Date().addingTimeInterval(20)
            while process.isRunning, Date() < exitDeadline { usleep(20_000) }
            XCTAssertFalse(process.isRunning, "vitals ends after signal \(signal)")
            if process.isRunning {
                process.terminate()
                continue
            }
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "ended by the signal")
            XCTAssertEqual(process.terminationStatus, signal)
            XCTAssertFalse(Self.isRunning(fake.mark.appendingPathComponent("pid")), "browser stopped (\(signal))")
            XCTAssertFalse(Self.isRunning(child), "its children stopped (\(signal))")
            XCTAssertEqual(leftovers(fake.tmp), [], "private directory removed (\(signal))")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        }
    }

    func testABrowserWritingSomethingElseThanAPDFIsAnError() throws {
        for (body, reason) in [
            (#"printf 'not a pdf\n' > "$PDF""#, "does not start with %PDF-"),
            (#"printf '%%PDF-1.4\n1 0 obj' > "$PDF""#, "no trailer"),
        ] {
            let fake = try fakeChromium(body)
            let out = fake.root.appendingPathComponent("report.pdf")
            let run = try VitalsProcess.run(
                ["report", "protein"] + period + ["-o", out.path], environment: environment(fake))
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertTrue(run.stderr.contains("not a PDF") && run.stderr.contains(reason), run.stderr)
            XCTAssertFalse(run.stderr.contains("wrote \(out.path)"), run.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
            XCTAssertEqual(leftovers(fake.tmp), [])
        }
    }

    /// What the browser is given: no network, JavaScript off in its profile, sandboxed unless
    /// root, the page 0600 in a 0700 directory that also holds its profile and home — removed
    /// afterwards — and the page's own policy forbidding scripts, frames and loads.
    func testTheBrowserGetsAPrivatePageAndNoNetwork() throws {
        let fake = try fakeChromium(
            """
            printf '%s\\n' "$@" > "$MARK/args"
            for arg in "$@"; do case "$arg" in file://*) PAGE="${arg#file://}";; --user-data-dir=*) PROFILE="${arg#--user-data-dir=}";; esac; done
            stat -c '%a' "$(dirname "$PAGE")" > "$MARK/dir-mode"; stat -c '%a' "$PAGE" > "$MARK/page-mode"
            cp "$PAGE" "$MARK/page.html"; cp "$PROFILE/Default/Preferences" "$MARK/preferences"
            echo "$HOME" > "$MARK/home"; dirname "$PAGE" > "$MARK/dir"
            \(Self.tinyPDF)
            """)
        let out = fake.root.appendingPathComponent("report.pdf")
        let run = try VitalsProcess.run(
            ["report", "protein"] + period + ["-o", out.path], environment: environment(fake))
        XCTAssertEqual(run.status, 0, run.stderr)
        func mark(_ name: String) throws -> String {
            try String(contentsOf: fake.mark.appendingPathComponent(name), encoding: .utf8).trimmingCharacters(
                in: .whitespacesAndNewlines)
        }
        let args = try mark("args").split(separator: "\n").map(String.init)
        XCTAssertTrue(args.contains { $0.hasPrefix("--proxy-server=http://127.0.0.1:") }, "\(args)")
        XCTAssertTrue(
            args.contains("--proxy-bypass-list=<-loopback>") && args.contains("--host-resolver-rules=MAP * ~NOTFOUND"))
        XCTAssertEqual(args.contains("--no-sandbox"), geteuid() == 0, "sandboxed unless root")
        XCTAssertEqual(try mark("dir-mode"), "700")
        XCTAssertEqual(try mark("page-mode"), "600")
        let dir = try mark("dir")
        XCTAssertTrue(try mark("home").hasPrefix(dir + "/"), "its home is in the private directory")
        XCTAssertTrue(args.contains { $0.hasPrefix("--user-data-dir=\(dir)/") }, "its profile too")
        XCTAssertTrue(try mark("preferences").contains("\"javascript\":2"))
        XCTAssertTrue(try mark("page.html").contains("Content-Security-Policy\" content=\"default-src 'none'"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir), "removed afterwards")
        XCTAssertEqual(leftovers(fake.tmp), [])
        var info = stat()
        XCTAssertEqual(stat(out.path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600, "a new report is 0600")
    }

    /// `-o` on a full disk (a 16 KB tmpfs in a private mount namespace): exit 2 with the
    /// system's reason, and no file — not even an empty temporary one — left behind.
    func testAFullDiskLeavesNothingAndSaysWhy() throws {
        let directory = try ReportTools.scratch(self).appendingPathComponent("full")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = """
            mount -t tmpfs -o size=16k tmpfs "$1" || exit 97
            env XDG_DATA_HOME=/nonexistent-vitals-report-test XDG_CONFIG_HOME="$3" XDG_CACHE_HOME="$4" NO_COLOR=1 \\
              "$2" report protein sleep --as-of 2026-10-31 --range 12w -o "$1/report.html"
            echo "status=$?"
            echo "left=$(ls -A "$1" | tr '\\n' ' ')"
            """
        let run = try ReportTools.run([
            "unshare", "-rm", "sh", "-c", script, "sh", directory.path, VitalsProcess.binary.path,
            VitalsProcess.isolatedConfigHome, VitalsProcess.isolatedCacheHome,
        ])
        if run.status == 97 || run.stdout.isEmpty {
            throw XCTSkip("no private tmpfs here (unshare -rm, mount): \(run.stderr)")
        }
        XCTAssertTrue(run.stdout.contains("status=2"), run.stdout + run.stderr)
        XCTAssertTrue(run.stderr.contains("No space left on device"), run.stderr)
        XCTAssertFalse(run.stderr.contains("missing"), run.stderr)
        let left = run.stdout.split(separator: "\n").first { $0.hasPrefix("left=") }
            .map { $0.dropFirst(5).trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(left, "", "nothing left in the full directory: \(run.stdout)")
    }
}
