import Foundation
import TestSupport
import XCTest

/// Runs the outside tools the report tests use — headless Chromium, poppler's pdftotext and
/// the Python checks (html5lib, Pillow). A test requires each first
/// (`try OptionalTool.require(.chromium)`, a skip when it is missing); these helpers never skip.
enum ReportTools {

    static let checkScript = VitalsProcess.packageRoot.appendingPathComponent("Tests/Support/report_check.py")

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `arguments` through /usr/bin/env.
    static func run(_ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Chromium's path; the test must have called `try OptionalTool.require(.chromium)`.
    static func chromium() throws -> String { try OptionalTool.assumed(.chromium) }

    /// What a check failed to produce.
    struct NoResult: Error, CustomStringConvertible { var description: String }

    /// Runs the Python check `arguments` (`html`, `tables` and `tree` need html5lib, `compare`
    /// Pillow; the test requires them first). A missing package fails: this never skips.
    static func check(_ arguments: [String]) throws -> Output {
        _ = try OptionalTool.assumed(arguments.first == "compare" ? .pillow : .html5lib)
        let output = try run(["python3", checkScript.path] + arguments)
        if output.status == 3 || output.status == 127 {
            XCTFail("report_check.py could not run: \(output.stderr)")
            throw NoResult(description: output.stderr)
        }
        return output
    }

    /// A fresh directory removed when `testCase` ends.
    static func scratch(_ testCase: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-report-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        testCase.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// A screenshot of `html` at `width`×`height` CSS pixels by headless Chromium.
    static func screenshot(html: String, width: Int, height: Int, in directory: URL, name: String) throws -> URL {
        let chromium = try chromium()
        let page = directory.appendingPathComponent("\(name).html")
        let png = directory.appendingPathComponent("\(name).png")
        try html.write(to: page, atomically: true, encoding: .utf8)
        let output = try run([
            chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--force-device-scale-factor=1", "--font-render-hinting=none", "--no-first-run",
            "--user-data-dir=\(directory.appendingPathComponent("profile-\(name)").path)",
            "--window-size=\(width),\(height)", "--screenshot=\(png.path)", page.absoluteString,
        ])
        guard FileManager.default.fileExists(atPath: png.path) else {
            XCTFail("chromium wrote no screenshot (exit \(output.status)): \(output.stderr.suffix(400))")
            throw NoResult(description: "no screenshot")
        }
        return png
    }
}

extension ReportTools {
    /// One element's box on a page laid out by headless Chromium, in CSS pixels.
    struct Box: Decodable {
        var selector: String
        var text: String
        /// The index of the `<svg>` holding the element among the page's, -1 outside one.
        var group: Int
        var x: Double, y: Double, width: Double, height: Double

        func intersects(_ other: Box) -> Bool {
            x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
        }
    }

    /// The boxes of every element matching `selectors` when `html` is laid out `width` CSS
    /// pixels wide (print media emulated by copying the print rules to the screen): the page's
    /// Content-Security-Policy is taken out and a script that writes the boxes is put in, then
    /// Chromium dumps the DOM.
    static func layout(html: String, width: Int, selectors: [String], in directory: URL, name: String) throws -> [Box] {
        let chromium = try chromium()
        let page = directory.appendingPathComponent("\(name).html")
        let list = selectors.map { "'" + $0.replacingOccurrences(of: "'", with: "\\'") + "'" }.joined(separator: ",")
        let script = """
            <script>
            window.addEventListener('load', () => {
              const out = [];
              const svgs = [...document.querySelectorAll('svg')];
              for (const selector of [\(list)]) {
                for (const element of document.querySelectorAll(selector)) {
                  const r = element.getBoundingClientRect();
                  out.push({selector, text: (element.textContent || '').trim().slice(0, 80), group: svgs.indexOf(element.closest('svg')),
                            x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height});
                }
              }
              const pre = document.createElement('pre');
              pre.id = 'vitals-layout';
              pre.textContent = JSON.stringify(out);
              document.body.appendChild(pre);
            });
            </script>
            """
        var text = html.replacingOccurrences(
            of: #"<meta http-equiv="Content-Security-Policy"[^>]*>"#, with: "",
            options: .regularExpression)
        text = text.replacingOccurrences(of: "</body>", with: script + "</body>")
        try text.write(to: page, atomically: true, encoding: .utf8)
        let output = try run([
            chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--force-device-scale-factor=1", "--no-first-run", "--virtual-time-budget=10000",
            "--user-data-dir=\(directory.appendingPathComponent("profile-\(name)").path)",
            "--window-size=\(width),1200", "--dump-dom", page.absoluteString,
        ])
        guard let start = output.stdout.range(of: "<pre id=\"vitals-layout\">"),
            let end = output.stdout.range(of: "</pre>", range: start.upperBound..<output.stdout.endIndex)
        else {
            XCTFail("chromium wrote no layout (exit \(output.status)): \(output.stderr.suffix(400))")
            throw NoResult(description: "no layout")
        }
        let json = String(output.stdout[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        return try JSONDecoder().decode([Box].self, from: Data(json.utf8))
    }
}
