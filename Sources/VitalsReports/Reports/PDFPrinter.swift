import Foundation
import VitalsKit

/// Why a PDF could not be made.
package enum PDFError: VitalsError {
    /// No headless Chromium on this machine.
    case engineMissing
    /// Chromium ran and failed, or wrote no file.
    case engineFailed(status: Int32, output: String)
    /// Chromium did not finish in time; it was killed with every process it started.
    case timedOut(seconds: Double)
    /// Chromium wrote a file that is not a whole PDF.
    case notAPDF(bytes: Int, reason: String)
    /// vitals was asked to stop (SIGINT, SIGTERM, SIGHUP) while Chromium printed; Chromium
    /// was stopped and its directory removed.
    case interrupted(signal: Int32)

    package var message: String {
        switch self {
        case .engineMissing:
            return
                "a PDF needs headless Chromium, which was not found (looked for $VITALS_CHROMIUM, chromium, chromium-browser, google-chrome)"
        case .engineFailed(let status, let output):
            let tail = output.split(separator: "\n").suffix(3).joined(separator: " | ")
            return "Chromium could not print the PDF (exit \(status))"
                + (tail.isEmpty ? "" : ": " + Sanitize.inline(tail))
        case .timedOut(let seconds):
            return
                "Chromium did not finish printing within \(Self.seconds(seconds)); it was stopped and nothing was written"
        case .notAPDF(let bytes, let reason):
            return
                "Chromium wrote \(bytes) byte\(bytes == 1 ? "" : "s") that are not a PDF (\(reason)); nothing was written"
        case .interrupted(let signal):
            return "stopped by signal \(signal) while Chromium printed; Chromium was stopped and nothing was written"
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    package var hints: [String] {
        switch self {
        case .engineMissing:
            return ["install it with: apt-get install chromium (Debian/Ubuntu), or write HTML: -o report.html"]
        case .engineFailed, .notAPDF:
            return ["write HTML instead with -o report.html and print it from a browser"]
        case .timedOut:
            return ["allow longer with VITALS_CHROMIUM_TIMEOUT=SECONDS, or write HTML with -o report.html"]
        case .interrupted:
            return []
        }
    }

    package var kind: VitalsErrorKind { .cannotRun }
}

/// Prints a report's HTML to PDF with headless Chromium (Debian package `chromium`): the
/// same page a browser shows, printed with the page's own `@page` rules (size, margins, the
/// footer with page numbers) and without the browser's header and footer.
///
/// The browser gets nothing it could use against the person printing: JavaScript is off (in
/// the profile's preferences, and by the page's Content-Security-Policy), the network is
/// unreachable (every request goes to a proxy on a local port that refuses connections, names
/// do not resolve), the page may load nothing — no frame, image, font or `file://` — beyond
/// itself, and the page, the profile, the browser's home and its temporary files live in a
/// private directory (0700, files 0600) removed on every way out: success, failure, timeout,
/// SIGINT, SIGTERM or SIGHUP. It runs in its own process group, killed whole when it hangs
/// past `timeout` seconds or when vitals is stopped.
package struct PDFPrinter: Sendable {
    /// The Chromium executable.
    package let executable: String
    /// Seconds the browser may take; then it is killed.
    package var timeout: Double

    /// The time a print may take unless `$VITALS_CHROMIUM_TIMEOUT` says otherwise.
    package static let defaultTimeout = 120.0

    /// The first of `$VITALS_CHROMIUM`, `chromium`, `chromium-browser`, `google-chrome` found
    /// on `PATH`; throws `PDFError.engineMissing` when none is. `$VITALS_CHROMIUM_TIMEOUT`
    /// (seconds) replaces the default timeout.
    package static func find(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> PDFPrinter {
        let timeout =
            environment["VITALS_CHROMIUM_TIMEOUT"].flatMap(Double.init).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            ?? defaultTimeout
        if let chosen = environment["VITALS_CHROMIUM"], !chosen.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: chosen) else { throw PDFError.engineMissing }
            return PDFPrinter(executable: chosen, timeout: timeout)
        }
        let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for directory in path {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) {
                    return PDFPrinter(executable: candidate, timeout: timeout)
                }
            }
        }
        throw PDFError.engineMissing
    }

    package init(executable: String, timeout: Double = PDFPrinter.defaultTimeout) {
        self.executable = executable
        self.timeout = timeout
    }

    /// Chromium's own sandbox is used unless vitals runs as root: Chromium refuses to start
    /// sandboxed as root (its setuid and namespace sandboxes drop privileges a root process
    /// cannot be held to), so there it runs with `--no-sandbox`, and the protections above are
    /// what keep the page in.
    package static var canSandbox: Bool { geteuid() != 0 }

    /// Writes `html` printed as a PDF to `destination` (replaced only once the PDF is whole and
    /// checked). `hidingPrintDate`: the PDF's creation and modification dates are written as
    /// 1970-01-01 (for a report whose dates are shifted).
    package func print(html: String, to destination: URL, hidingPrintDate: Bool = false) throws {
        // The scratch directory's failures are said as the report's.
        do { try printing(html: html, to: destination, hidingPrintDate: hidingPrintDate) } catch let error
            as PrivateFileError
        {
            throw ReportFileError(error)
        }
    }

    private func printing(html: String, to destination: URL, hidingPrintDate: Bool) throws {
        let scratch = try PrivateDirectory()
        defer { scratch.remove() }
        let page = try scratch.write(Data(PrintPolicy.guarded(html).utf8), to: "report.html")
        let profile = try scratch.makeDirectory("profile")
        try PrivateDirectory.write(
            PrintPolicy.preferences,
            to: try scratch.makeDirectory("profile/Default").appendingPathComponent("Preferences"))
        let home = try scratch.makeDirectory("home")
        let pdf = scratch.url.appendingPathComponent("report.pdf")
        let closed = ClosedPort()
        defer { closed.release() }
        var environment = ProcessInfo.processInfo.environment
        for key in ["HOME", "TMPDIR", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_RUNTIME_DIR"] {
            environment[key] = home.path
        }
        let run = ChromiumProcess(
            executable: executable,
            arguments: arguments(profile: profile.path, pdf: pdf.path, page: page, proxyPort: closed.port),
            environment: environment, log: scratch.url.appendingPathComponent("chromium.log").path,
            timeout: timeout)
        // Whatever the browser creates is this user's alone.
        let mask = umask(0o077)
        let outcome = try {
            defer { umask(mask) }
            return try run.run()
        }()
        let output = (try? String(contentsOfFile: run.log, encoding: .utf8)) ?? ""
        switch outcome {
        case .stopped(let signal): throw PDFError.interrupted(signal: signal)
        case .timedOut: throw PDFError.timedOut(seconds: timeout)
        case .signalled(let signal): throw PDFError.engineFailed(status: 128 + signal, output: output)
        case .exited(let status):
            guard status == 0, FileManager.default.fileExists(atPath: pdf.path) else {
                throw PDFError.engineFailed(status: status, output: output)
            }
        }
        let data = try Data(contentsOf: pdf)
        try PDFBytes.check(data)
        try ReportFile.write(hidingPrintDate ? PDFBytes.withoutPrintDate(data) : data, to: destination)
    }

    /// The browser's command line.
    func arguments(profile: String, pdf: String, page: URL, proxyPort: Int) -> [String] {
        var arguments = [
            "--headless", "--disable-gpu", "--no-pdf-header-footer", "--no-first-run", "--no-default-browser-check",
            "--disable-extensions", "--disable-sync", "--disable-background-networking", "--disable-component-update",
            "--disable-default-apps", "--disable-breakpad",
            // No network: every request to a proxy that refuses, loopback included, and no name resolves.
            "--proxy-server=http://127.0.0.1:\(proxyPort)", "--proxy-bypass-list=<-loopback>",
            "--host-resolver-rules=MAP * ~NOTFOUND",
            "--user-data-dir=\(profile)", "--print-to-pdf=\(pdf)",
        ]
        if !Self.canSandbox { arguments.append("--no-sandbox") }
        return arguments + [page.absoluteString]
    }
}

extension PrivateDirectory {
    /// Writes `data` to a new file at `url`, 0600.
    static func write(_ data: Data, to url: URL) throws {
        do { try PrivateFile.create(data, at: url.path) } catch { throw ReportFileError(error) }
    }
}

/// A local TCP port bound but not listening: a connection to it is refused for as long as it
/// is held, so a proxy there is a dead end.
struct ClosedPort {
    let fd: Int32
    let port: Int

    init() {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named =
            fd >= 0
            && withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
                }
            }
        if named {
            self.init(fd: fd, port: Int(UInt16(bigEndian: address.sin_port)))
        } else {
            if fd >= 0 { close(fd) }
            // Port 9 (discard) as a fallback: nothing on loopback normally serves it.
            self.init(fd: -1, port: 9)
        }
    }

    private init(fd: Int32, port: Int) {
        self.fd = fd
        self.port = port
    }

    func release() { if fd >= 0 { close(fd) } }
}
