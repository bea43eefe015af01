import Foundation
import TestSupport
import VitalsKit
import VitalsReports
import XCTest

/// The real headless Chromium given a page that tries to run script, show a local file in a
/// frame and reach the network: the printed PDF holds none of it and nothing connects.
final class PDFPrinterContainmentTests: XCTestCase {
    /// A loopback TCP listener that counts the connections made to it.
    final class Listener {
        let fd: Int32
        let port: Int

        init() throws {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let ok =
                fd >= 0
                && withUnsafeMutablePointer(to: &address) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        bind(fd, $0, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, $0, &length) == 0
                    }
                }
            guard ok else { throw XCTSkip("no loopback listener") }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            self.fd = fd
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        /// Connections waiting to be accepted.
        func connections() -> Int {
            var count = 0
            while true {
                let client = accept(fd, nil, nil)
                guard client >= 0 else { return count }
                count += 1
                close(client)
            }
        }

        deinit { close(fd) }
    }

    func testScriptFramesAndNetworkPrintNothing() throws {
        let chromium = try OptionalTool.require(.chromium)
        try OptionalTool.require(.pdftotext)
        let scratch = try ReportTools.scratch(self)
        let secret = scratch.appendingPathComponent("secret.txt")
        try "SECRET-FILE-CONTENT-7731".write(to: secret, atomically: true, encoding: .utf8)
        let listener = try Listener()
        let url = "http://127.0.0.1:\(listener.port)"
        // Markup a report could never contain (its text is escaped); the printer must hold even so.
        let html = """
            <!DOCTYPE html><html><head><meta charset="utf-8"><title>attack</title>
            <link rel="stylesheet" href="\(url)/style.css"></head><body>
            <p>PLAIN-TEXT-PRINTED</p>
            <script>document.write('SCRIPT-RAN-' + 'YES'); fetch('\(url)/fetch');</script>
            <iframe src="\(secret.absoluteString)" width="600" height="100"></iframe>
            <object data="\(secret.absoluteString)"></object>
            <img src="\(url)/image.png" alt="">
            <div style="background: url('\(url)/background.png')">x</div>
            </body></html>
            """
        let pdf = scratch.appendingPathComponent("attack.pdf")
        try PDFPrinter(executable: chromium, timeout: 60).print(html: html, to: pdf)
        let text = try ReportTools.run(["pdftotext", pdf.path, "-"]).stdout
        XCTAssertTrue(text.contains("PLAIN-TEXT-PRINTED"), "the page itself is printed:\n\(text)")
        XCTAssertFalse(text.contains("SCRIPT-RAN-YES"), "no script ran")
        XCTAssertFalse(text.contains("SECRET-FILE-CONTENT"), "no local file is shown")
        usleep(200_000)
        XCTAssertEqual(listener.connections(), 0, "nothing reached the network")
    }
}
