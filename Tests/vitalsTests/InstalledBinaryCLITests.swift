import Foundation
import VitalsKit
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
        probe.arguments = ["-rm", "sh", "-c", "mount -t tmpfs tmpfs \"$1\" && [ ! -e \"$1/Package.swift\" ]",
                           "sh", VitalsProcess.packageRoot.path]
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
            process.arguments = ["-rm", "sh", "-c",
                                 "mount -t tmpfs tmpfs \"$1\" && [ ! -e \"$1/Package.swift\" ] || exit 97; shift; exec \"$@\"",
                                 "sh", VitalsProcess.packageRoot.path, binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        process.currentDirectoryURL = workingDirectory
        var environment = ProcessInfo.processInfo.environment
        for key in ["GITHUB_ACTIONS", "VITALS_DB", "XDG_DATA_HOME", "VITALS_UNITS"] { environment[key] = nil }
        environment["HOME"] = base.appendingPathComponent("home").path
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertNotEqual(process.terminationStatus, 97, "the checkout could not be hidden")
        return VitalsProcess.Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                                 stderr: String(decoding: stderr, as: UTF8.self))
    }

    func testRenderAndTreeUseTheBuiltInCatalogAndSaySo() throws {
        let render = try run(["render", "protein", "--as-of", "2026-11-20", "--width", "80"])
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertTrue(render.stdout.contains("Protein"), render.stdout)
        XCTAssertTrue(render.stdout.contains("Healthful Nutrition · Me"), render.stdout)
        XCTAssertTrue(render.stderr.contains("no screens/ or metrics/ in \(workingDirectory.path) or above; using the catalog built into vitals"),
                      render.stderr)
        XCTAssertTrue(render.stderr.contains("showing the embedded demo data"), render.stderr)
        XCTAssertFalse(render.stderr.contains("no such file"), render.stderr)

        let all = try run(["render", "--all", "--as-of", "2026-11-20", "--width", "60"])
        XCTAssertEqual(all.status, 0, all.stderr)

        let tree = try run(["tree", "--ascii"])
        XCTAssertEqual(tree.status, 0, tree.stderr)
        XCTAssertTrue(tree.stdout.contains("Protein [SCREEN_PROTEIN, custom module]"), tree.stdout)
        XCTAssertTrue(tree.stderr.contains("using the catalog built into vitals"), tree.stderr)
    }

    func testValidateNeverFallsBackToTheBuiltInCatalog() throws {
        let result = try run(["validate"])
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertFalse(result.stdout.contains("0 errors"), result.stdout)
        XCTAssertTrue(result.stderr.contains("no catalog found"), result.stderr)
        XCTAssertTrue(result.stderr.contains(workingDirectory.path), "says where it looked: \(result.stderr)")
    }

    func testValidateWithCatalogChecksThatCatalog() throws {
        let catalog = base.appendingPathComponent("catalog")
        for directory in ["screens", "metrics"] {
            try FileManager.default.copyItem(at: VitalsProcess.packageRoot.appendingPathComponent(directory),
                                             to: catalog.appendingPathComponent(directory))
        }
        let shipped = try CatalogLoader.load(paths: CatalogLocation.paths(root: catalog.path))
        let clean = try run(["validate", "--catalog", catalog.path])
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)
        XCTAssertTrue(clean.stdout.contains("\(shipped.catalog.screens.count) screens, \(shipped.catalog.metrics.count) metrics: 0 errors, 0 warnings"),
                      clean.stdout)
        XCTAssertFalse(clean.stderr.contains("built into"), clean.stderr)

        // It is that catalog that is read: break it and validate says so.
        let body = catalog.appendingPathComponent("metrics/body.yaml")
        let text = try String(contentsOf: body, encoding: .utf8)
        try text.replacingOccurrences(of: "series: body_mass", with: "series: body_mas").write(to: body, atomically: true, encoding: .utf8)
        let broken = try run(["validate", "--catalog", catalog.path])
        XCTAssertEqual(broken.status, 1, broken.stdout + broken.stderr)
        XCTAssertTrue(broken.stdout.contains("unknown series 'body_mas'"), broken.stdout)
    }

    /// The completion scripts the README's Install section writes, and bash accepts its own.
    func testCompletionScriptsForBashZshAndFish() throws {
        for (shell, marker) in [("bash", "complete -o filenames -F _vitals vitals"), ("zsh", "#compdef vitals"),
                                ("fish", "complete -c 'vitals'")] {
            let result = try run(["--generate-completion-script", shell])
            XCTAssertEqual(result.status, 0, "\(shell): \(result.stderr)")
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
