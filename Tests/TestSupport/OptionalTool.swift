import Foundation
import XCTest

/// A tool the README does not require (tmux, groff, Chromium, poppler, Neovim, python3 and its
/// packages): a test that needs a missing one is skipped with a message naming what to
/// install, and fails instead with `VITALS_REQUIRE_VALIDATORS=1` (set by .ci/run, which
/// installs them all).
///
/// The skip is thrown in one place only: `require`, called as a statement of the test body
/// (`try OptionalTool.require(.chromium)`) before anything that uses the tool. XCTest records
/// an `XCTSkip` thrown inside an assertion's expression (`XCTAssertEqual(try f(), …)`) as a
/// failure, so the helpers that run a tool (`ReportTools`, `JSONSchemaChecker`) never skip:
/// when their tool is missing they fail, saying the test did not require it.
/// `OptionalToolLintTests` holds the tests to that.
///
/// A tool is looked up on PATH and python3's packages are imported by the python3 found
/// there, so CI hides a tool honestly by taking it off PATH (.ci/run, "tools hidden").
public enum OptionalTool {
    public static var required: Bool { ProcessInfo.processInfo.environment["VITALS_REQUIRE_VALIDATORS"] == "1" }

    /// A program on PATH, and the Python packages its python3 must import (for `python3`).
    public struct Tool: Hashable, Sendable, CustomStringConvertible {
        public var executable: String
        public var pythonModules: [String]
        public var install: String

        public init(executable: String, pythonModules: [String] = [], install: String) {
            self.executable = executable
            self.pythonModules = pythonModules
            self.install = install
        }

        public var description: String {
            pythonModules.isEmpty ? executable : "python3's " + pythonModules.joined(separator: ", ")
        }

        public static let chromium = Tool(executable: "chromium", install: "apt-get install chromium")
        public static let pdftotext = Tool(executable: "pdftotext", install: "apt-get install poppler-utils")
        public static let pdfinfo = Tool(executable: "pdfinfo", install: "apt-get install poppler-utils")
        public static let tmux = Tool(executable: "tmux", install: "apt-get install tmux")
        public static let groff = Tool(executable: "groff", install: "apt-get install groff-base")
        public static let python3 = Tool(executable: "python3", install: "apt-get install python3")
        /// The report checks' HTML parser (Tests/Support/report_check.py html, tables, tree).
        public static let html5lib = Tool(
            executable: "python3", pythonModules: ["html5lib"],
            install: "apt-get install python3-html5lib, or pip install html5lib")
        /// The report checks' image comparison (report_check.py compare).
        public static let pillow = Tool(
            executable: "python3", pythonModules: ["PIL.Image"],
            install: "apt-get install python3-pil, or pip install pillow")
        /// A JSON Schema validator (Tests/Support/check_json_schema.py).
        public static let jsonschema = Tool(
            executable: "python3", pythonModules: ["jsonschema"],
            install: "apt-get install python3-jsonschema, or pip install jsonschema")
        /// YAML for the JSON Schema checks of YAML files (check_json_schema.py --yaml).
        public static let pyyaml = Tool(
            executable: "python3", pythonModules: ["yaml"],
            install: "apt-get install python3-yaml, or pip install pyyaml")
        /// The end-to-end language server tests' client (Tests/lsp, pytest-lsp and lsprotocol).
        public static let pytestLSP = Tool(
            executable: "python3", pythonModules: ["pytest_lsp", "lsprotocol", "pytest"],
            install: "pip install pytest-lsp")
        /// Neovim, whose built-in LSP client opens a catalog file (Tests/lsp/neovim_diagnostics.lua).
        public static let neovim = Tool(executable: "nvim", install: "apt-get install neovim")
        /// The Swift compiler, for the tests that compile what `vitals export catalog --format swift` writes.
        public static let swiftc = Tool(executable: "swiftc", install: "a Swift toolchain (swift.org/install)")
        /// The `uri` format check (check_json_schema.py --formats): either package.
        public static let uriFormat = Tool(
            executable: "python3", pythonModules: ["rfc3987|rfc3986_validator"],
            install: "apt-get install python3-rfc3987, or pip install rfc3986-validator")
    }

    /// The path of `tool` when it is here (its program on PATH, its Python packages
    /// importable), looked up once per process.
    public static func path(_ tool: Tool) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if let known = found[tool] { return known }
        var path = onPath(tool.executable)
        if let python = path, !tool.pythonModules.isEmpty, !imports(tool.pythonModules, python: python) { path = nil }
        found[tool] = .some(path)
        return path
    }

    /// The path of `tool`, or a skip naming what to install (after a failure when tools are
    /// required). Call it as a statement of the test body, never inside an assertion.
    @discardableResult
    public static func require(_ tool: Tool, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        if let path = path(tool) { return path }
        if required {
            XCTFail(
                "\(tool) is missing (\(tool.install)); VITALS_REQUIRE_VALIDATORS=1 requires it", file: file, line: line)
        }
        throw XCTSkip("\(tool) is missing: \(tool.install)")
    }

    /// Why a helper could not run a tool the test did not require first.
    public struct NotRequired: Error, CustomStringConvertible {
        public var description: String
    }

    /// The path of `tool` for a helper that runs it: a failure (never a skip) when it is
    /// missing, since the test should have called `require` first.
    public static func assumed(_ tool: Tool, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        if let path = path(tool) { return path }
        let message =
            "\(tool) is missing and the test did not call `try OptionalTool.require(.\(tool.executable))` first"
        XCTFail(message, file: file, line: line)
        throw NotRequired(description: message)
    }

    /// The path of the executable `name` on PATH, if any.
    public static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var found: [Tool: String?] = [:]

    /// Whether `python` imports every module (`a|b`: either), within 30 seconds.
    private static func imports(_ modules: [String], python: String) -> Bool {
        let statements = modules.map { alternatives in
            let names = alternatives.split(separator: "|").map(String.init)
            return names.dropLast().reversed().reduce("import \(names.last!)") { inner, name in
                "try:\n import \(name)\nexcept ImportError:\n " + inner.replacingOccurrences(of: "\n", with: "\n ")
            }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", statements.joined(separator: "\n")]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return false
        }
        return process.terminationStatus == 0
    }
}
