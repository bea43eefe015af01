import Foundation

/// Why a PDF could not be made.
public enum PDFError: VitalsError {
    /// No headless Chromium on this machine.
    case engineMissing
    /// Chromium ran and failed, or wrote no file.
    case engineFailed(status: Int32, output: String)

    public var message: String {
        switch self {
        case .engineMissing:
            return "a PDF needs headless Chromium, which was not found (looked for $VITALS_CHROMIUM, chromium, chromium-browser, google-chrome)"
        case .engineFailed(let status, let output):
            let tail = output.split(separator: "\n").suffix(3).joined(separator: " | ")
            return "Chromium could not print the PDF (exit \(status))" + (tail.isEmpty ? "" : ": " + Sanitize.inline(tail))
        }
    }

    public var hints: [String] {
        switch self {
        case .engineMissing:
            return ["install it with: apt-get install chromium (Debian/Ubuntu), or write HTML: -o report.html"]
        case .engineFailed:
            return ["write HTML instead with -o report.html and print it from a browser"]
        }
    }

    public var kind: VitalsErrorKind { .cannotRun }
}

/// Prints a report's HTML to PDF with headless Chromium (Debian package `chromium`): the
/// same page a browser shows, printed with the page's own `@page` rules (size, margins, the
/// footer with page numbers) and without the browser's header and footer.
public struct PDFPrinter: Sendable {
    /// The Chromium executable.
    public let executable: String

    /// The first of `$VITALS_CHROMIUM`, `chromium`, `chromium-browser`, `google-chrome` found
    /// on `PATH`; throws `PDFError.engineMissing` when none is.
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> PDFPrinter {
        if let chosen = environment["VITALS_CHROMIUM"], !chosen.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: chosen) else { throw PDFError.engineMissing }
            return PDFPrinter(executable: chosen)
        }
        let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for directory in path {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return PDFPrinter(executable: candidate) }
            }
        }
        throw PDFError.engineMissing
    }

    public init(executable: String) { self.executable = executable }

    /// Writes `html` printed as a PDF to `destination` (replaced only once the PDF is whole).
    public func print(html: String, to destination: URL) throws {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("vitals-report-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let page = scratch.appendingPathComponent("report.html")
        let pdf = scratch.appendingPathComponent("report.pdf")
        try Data(html.utf8).write(to: page)
        let (status, output) = try run([
            "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer", "--no-first-run",
            "--disable-extensions", "--user-data-dir=\(scratch.appendingPathComponent("profile").path)",
            "--print-to-pdf=\(pdf.path)", page.absoluteString,
        ])
        guard status == 0, FileManager.default.fileExists(atPath: pdf.path) else {
            throw PDFError.engineFailed(status: status, output: output)
        }
        try ReportFile.write(try Data(contentsOf: pdf), to: destination)
    }

    /// Runs Chromium with `arguments`; its output is returned, not shown.
    func run(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw PDFError.engineMissing }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// A report file that could not be written.
public struct ReportFileError: VitalsError {
    public var path: String
    public var reason: String
    public var message: String { "cannot write \(Sanitize.inline(path)): \(Sanitize.inline(reason))" }
    public var hints: [String] { ["check that the directory exists and is writable"] }
    public var kind: VitalsErrorKind { .cannotRun }
}

/// Writing a report file whole or not at all.
public enum ReportFile {
    /// Writes `data` to `destination` through a temporary file beside it, renamed over it.
    public static func write(_ data: Data, to destination: URL) throws {
        let temporary = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try data.write(to: temporary)
        } catch {
            throw ReportFileError(path: destination.path, reason: "the directory is missing or not writable")
        }
        guard rename(temporary.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw ReportFileError(path: destination.path, reason: reason)
        }
    }
}
