import Foundation
import VitalsKit
import VitalsScreens
import XCTest

/// The built binary copied out of the checkout, as `cp .build/release/vitals /usr/local/bin`
/// would, and run from a directory with no catalog: the catalog and the demo data built into
/// it are enough. On Linux the checkout is also hidden from it (an empty tmpfs mounted over it
/// in a private mount namespace, `unshare -rm`), so nothing can be read from there.
final class InstalledBinaryCLITests: XCTestCase {
    private var base: URL!
    private var binary: URL!
    private var workingDirectory: URL!

    override func setUpWithError() throws {
        let fm = FileManager.default
        base = fm.temporaryDirectory.appendingPathComponent("vitals-installed-\(UUID().uuidString)")
        binary = base.appendingPathComponent("bin/vitals")
        workingDirectory = base.appendingPathComponent("somewhere/else")
        for directory in ["bin", "home", "somewhere/else"] {
            try fm.createDirectory(at: base.appendingPathComponent(directory), withIntermediateDirectories: true)
        }
        try fm.copyItem(at: VitalsProcess.binary, to: binary)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: base) }

    /// Whether this machine can hide the checkout: `unshare -rm` works and, inside, an empty
    /// tmpfs over the package root hides its Package.swift.
    private static let canHideCheckout: Bool = {
        #if os(Linux)
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
            probe.arguments = [
                "-rm", "sh", "-c", "mount -t tmpfs tmpfs \"$1\" && [ ! -e \"$1/Package.swift\" ]",
                "sh", VitalsProcess.packageRoot.path,
            ]
            probe.standardOutput = FileHandle.nullDevice
            probe.standardError = FileHandle.nullDevice
            guard (try? probe.run()) != nil else { return false }
            probe.waitUntilExit()
            return probe.terminationStatus == 0
        #else
            return false
        #endif
    }()

    /// Runs the copied binary in `workingDirectory` with a fresh HOME and no database, the
    /// checkout hidden when the machine allows it.
    private func run(_ arguments: [String]) throws -> VitalsProcess.Run {
        let process = Process()
        if Self.canHideCheckout {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
            process.arguments =
                [
                    "-rm", "sh", "-c",
                    "mount -t tmpfs tmpfs \"$1\" && [ ! -e \"$1/Package.swift\" ] || exit 97; shift; exec \"$@\"",
                    "sh", VitalsProcess.packageRoot.path, binary.path,
                ] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        process.currentDirectoryURL = workingDirectory
        var environment = ProcessInfo.processInfo.environment
        for key in ["GITHUB_ACTIONS", "VITALS_DB", "XDG_DATA_HOME", "XDG_CACHE_HOME", "VITALS_UNITS"] {
            environment[key] = nil
        }
        environment["HOME"] = base.appendingPathComponent("home").path
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertNotEqual(process.terminationStatus, 97, "the checkout could not be hidden")
        return VitalsProcess.Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// `run(arguments)` with its exit code and whole output asserted (the temporary directory
    /// written `$TMP`).
    @discardableResult
    private func assertRun(
        _ arguments: [String], stdout: String? = "", stdoutGolden: String? = nil, stderr: String? = "",
        exitCode: Int32 = 0, file: StaticString = #filePath, line: UInt = #line
    ) throws -> VitalsProcess.Run {
        assertOutput(
            of: try run(arguments), command: "vitals " + arguments.joined(separator: " "),
            replacing: ["$TMP": base.path], stdout: stdout, stdoutGolden: stdoutGolden, stderr: stderr,
            exitCode: exitCode, file: file, line: line)
    }

    private let builtInNotice = """
        vitals: no screens/ or metrics/ in $TMP/somewhere/else or above; using the catalog built into vitals \
        (--catalog DIR reads another)

        """

    func testRenderAndTreeUseTheBuiltInCatalogAndSaySo() throws {
        try assertRun(
            ["render", "protein", "--as-of", "2026-11-20", "--width", "80"],
            stdoutGolden: "installed-binary/protein-demo-80",
            stderr: builtInNotice + """
                vitals: no database at $TMP/home/.local/share/vitals/vitals.sqlite; showing the embedded demo data \
                (vitals demo --db $TMP/home/.local/share/vitals/vitals.sqlite writes it)

                """)

        let all = try run(["render", "--all", "--as-of", "2026-11-20", "--width", "60"])
        XCTAssertEqual(all.status, 0, all.stderr)

        // The built-in tree is the checkout's, to the byte.
        let checkout = try VitalsProcess.run(["tree", "--ascii"])
        XCTAssertEqual(checkout.status, 0, checkout.stderr)
        // The notice was said when the built-in catalog was compiled, by the first command.
        try assertRun(["tree", "--ascii"], stdout: checkout.stdout, stderr: "")
    }

    func testValidateNeverFallsBackToTheBuiltInCatalog() throws {
        try assertRun(
            ["validate"],
            stderr: """
                vitals: error: no catalog found: no screens/ or metrics/ directory in $TMP/somewhere/else or any directory above it
                  run it in the directory that holds screens/ and metrics/ (or below it)
                  or pass --catalog DIR, or name the files to check

                """, exitCode: 2)
    }

    func testValidateWithCatalogChecksThatCatalog() throws {
        let catalog = base.appendingPathComponent("catalog")
        for directory in ["screens", "metrics"] {
            try FileManager.default.copyItem(
                at: VitalsProcess.packageRoot.appendingPathComponent(directory),
                to: catalog.appendingPathComponent(directory))
        }
        let shipped = try CatalogLoader.load(paths: CatalogLocation.paths(root: catalog.path))
        let modules = BuiltInScreenModules.screenIDs.filter { shipped.catalog.screen($0) != nil }
        try assertRun(
            ["validate", "--catalog", catalog.path],
            stdout: """
                custom screen modules: \(modules.joined(separator: ", ")); every other screen uses the generic layout
                \(shipped.catalog.files.count) files, \(shipped.catalog.screens.count) screens, \
                \(shipped.catalog.metrics.count) metrics: 0 errors, 0 warnings

                """)

        // It is that catalog that is read: break it and validate says so.
        let body = catalog.appendingPathComponent("metrics/body.yaml")
        let text = try String(contentsOf: body, encoding: .utf8)
        try text.replacingOccurrences(of: "series: body_mass", with: "series: body_mas").write(
            to: body, atomically: true, encoding: .utf8)
        // The report quotes the shipped body.yaml, which is not written out here.
        let broken = try assertRun(["validate", "--catalog", catalog.path], stdout: nil, exitCode: 1)
        XCTAssertTrue(broken.stdout.contains("unknown series 'body_mas'"), broken.stdout)
    }

    /// The completion scripts docs/install.md writes, and bash accepts its own.
    func testCompletionScriptsForBashZshAndFish() throws {
        // The scripts are the argument parser's (1,500 lines); they are scanned, not written out.
        for (shell, marker) in [
            ("bash", "complete -o filenames -F _vitals vitals"), ("zsh", "#compdef vitals"),
            ("fish", "complete -c 'vitals'"),
        ] {
            let result = try assertRun(["--generate-completion-script", shell], stdout: nil)
            XCTAssertTrue(result.stdout.contains(marker), "\(shell): \(result.stdout.prefix(300))")
            for command in ["render", "validate", "new-screen"] {
                XCTAssertTrue(result.stdout.contains(command), "\(shell) completes no \(command)")
            }
            if shell == "bash" {
                let script = base.appendingPathComponent("vitals.bash")
                try result.stdout.write(to: script, atomically: true, encoding: .utf8)
                let check = Process()
                check.executableURL = URL(fileURLWithPath: "/bin/bash")
                check.arguments = ["-n", script.path]
                try check.run()
                check.waitUntilExit()
                XCTAssertEqual(check.terminationStatus, 0, "bash -n rejects the completion script")
            }
        }
    }

    func testVersionIsTheLibrarysVersion() throws {
        let result = try run(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, VitalsKitVersion.string + "\n")
        XCTAssertNotNil(result.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression), result.stdout)
    }
}
