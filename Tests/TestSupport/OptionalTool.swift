import Foundation
import XCTest

/// A tool the README does not require (tmux, groff, python3 and its packages, Chromium,
/// poppler, a PostgreSQL server): a test that needs a missing one is skipped with a message
/// naming what to install, and fails instead with `VITALS_REQUIRE_VALIDATORS=1` (set by
/// .ci/run, which installs them all).
public enum OptionalTool {
    public static var required: Bool { ProcessInfo.processInfo.environment["VITALS_REQUIRE_VALIDATORS"] == "1" }

    /// The error to throw when `what` is missing: a skip saying `install`, after a failure
    /// when tools are required.
    public static func missing(_ what: String, install: String, file: StaticString = #filePath, line: UInt = #line) -> XCTSkip {
        if required {
            XCTFail("\(what) is missing (\(install)); VITALS_REQUIRE_VALIDATORS=1 requires it", file: file, line: line)
        }
        return XCTSkip("\(what) is missing: \(install)")
    }

    /// The path of the executable `name` on PATH, if any.
    public static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
