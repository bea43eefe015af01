import Foundation
import XCTest

@testable import VitalsKit
@testable import VitalsSettings

/// The compiled catalog cache on a fixture catalog in a temporary directory: found again,
/// missed by any change to the files or the build, never storing a catalog with errors,
/// ignoring damaged files, silent when its directory cannot be written, off on request.
final class CatalogCacheTests: XCTestCase {
    private var root: URL!
    private var cacheDirectory: String!
    private let validator = Validator(screenModules: .genericOnly)

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-catalog-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestPaths.fixtures.appendingPathComponent("MiniCatalog"),
            to: root.appendingPathComponent("catalog"))
        cacheDirectory = root.appendingPathComponent("cache/vitals").path
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private var paths: [String] { CatalogLocation.paths(root: root.appendingPathComponent("catalog").path) }

    private func cache(_ identity: String = "build-1") -> CatalogCache {
        CatalogCache(directory: cacheDirectory, buildIdentity: identity)
    }

    private func load(_ cache: CatalogCache) throws -> CatalogCache.Checked {
        try cache.load(paths: paths) { self.validator.validate($0) }
    }

    private func compiledFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: cacheDirectory)) ?? []).filter {
            $0.hasPrefix("catalog-")
        }.sorted()
    }

    private func edit(_ file: String, _ change: (String) -> String) throws {
        let url = root.appendingPathComponent("catalog/" + file)
        let text = try String(contentsOf: url, encoding: .utf8)
        let changed = change(text)
        XCTAssertNotEqual(changed, text, "the edit no longer applies to the fixture")
        try changed.write(to: url, atomically: true, encoding: .utf8)
    }

    func testAStoredCatalogIsReadBackEqualToTheLoadedOne() throws {
        let first = try load(cache())
        XCTAssertEqual(first.origin, .stored)
        XCTAssertFalse(first.hasErrors)
        XCTAssertEqual(compiledFiles().count, 1)
        let second = try load(cache())
        XCTAssertEqual(second.origin, .cached)
        XCTAssertEqual(second.findings, first.findings)
        var expected = first.loaded
        expected.sources = [:]
        XCTAssertEqual(CanonicalDump.of(second.loaded), CanonicalDump.of(expected))
        // Without the cache: the same catalog, checked again.
        let uncached = try CatalogCache(directory: nil, buildIdentity: "build-1").load(paths: paths) {
            self.validator.validate($0)
        }
        XCTAssertEqual(uncached.origin, .checked)
        XCTAssertEqual(
            CanonicalDump.of(second.loaded),
            CanonicalDump.of(
                {
                    var u = uncached.loaded
                    u.sources = [:]
                    return u
                }()))
    }

    func testWarningsAreStoredWithTheCatalog() throws {
        // A config block no module reads is a warning, not an error.
        try edit("screens/core_care.yaml") {
            $0.replacingOccurrences(of: "    is_active: true", with: "    is_active: true\n    config: {unused: 1}")
        }
        let first = try load(cache())
        XCTAssertEqual(first.origin, .stored)
        XCTAssertTrue(first.findings.contains { $0.severity == .warning }, "\(first.findings)")
        let second = try load(cache())
        XCTAssertEqual(second.origin, .cached)
        XCTAssertEqual(second.findings, first.findings)
    }

    func testAnyChangeToTheFilesOrTheBuildMisses() throws {
        XCTAssertEqual(try load(cache()).origin, .stored)
        XCTAssertEqual(try load(cache()).origin, .cached)
        // Content.
        try edit("metrics/steps.yaml") { $0.replacingOccurrences(of: "range: 14d", with: "range: 15d") }
        let edited = try load(cache())
        XCTAssertEqual(edited.origin, .stored)
        XCTAssertEqual(edited.loaded.catalog.metrics.first { $0.binding.range == .days(15) } != nil, true)
        // A file added, then removed.
        let added = root.appendingPathComponent("catalog/metrics/extra.yaml")
        try "series:\n  - {series_id: extra_series, kind: quantity, unit: count}\n".write(
            to: added, atomically: true, encoding: .utf8)
        let withExtra = try load(cache())
        XCTAssertEqual(withExtra.origin, .stored)
        XCTAssertNotNil(withExtra.loaded.catalog.series("extra_series"))
        try FileManager.default.removeItem(at: added)
        let without = try load(cache())
        XCTAssertEqual(without.origin, .cached)  // the earlier files again: their compiled catalog
        XCTAssertNil(without.loaded.catalog.series("extra_series"))
        // A file renamed (same bytes, another name in every location).
        try FileManager.default.moveItem(
            at: root.appendingPathComponent("catalog/metrics/steps.yaml"),
            to: root.appendingPathComponent("catalog/metrics/walking.yaml"))
        let renamed = try load(cache())
        XCTAssertEqual(renamed.origin, .stored)
        XCTAssertTrue(renamed.loaded.catalog.metrics.allSatisfy { !$0.location.file.hasSuffix("steps.yaml") })
        // Another build.
        XCTAssertEqual(try load(cache("build-2")).origin, .stored)
        XCTAssertEqual(try load(cache("build-1")).origin, .cached)
    }

    func testACatalogWithErrorsIsNeverStored() throws {
        try edit("metrics/steps.yaml") { $0.replacingOccurrences(of: "series: steps", with: "series: stepz") }
        for _ in 0..<2 {
            let loaded = try load(cache())
            XCTAssertTrue(loaded.hasErrors)
            XCTAssertEqual(loaded.origin, .checked)
        }
        XCTAssertEqual(compiledFiles(), [])
    }

    func testDamagedTruncatedOrForeignFilesAreRebuilt() throws {
        let good = try load(cache())
        let name = try XCTUnwrap(compiledFiles().first)
        let path = cacheDirectory + "/" + name
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
        let damaged: [Data] = [
            bytes.prefix(bytes.count / 2),  // truncated
            Data(),  // empty
            {
                var d = bytes
                d[d.count - 10] ^= 0x40
                return d
            }(),  // a flipped bit
            {
                var d = bytes
                d[9] = 99
                return d
            }(),  // another format version
            Data("not a cache\n".utf8),  // foreign
        ]
        for data in damaged {
            try data.write(to: URL(fileURLWithPath: path))
            let loaded = try load(cache())
            XCTAssertEqual(loaded.origin, .stored, "a damaged file was trusted")
            XCTAssertEqual(loaded.findings, good.findings)
            XCTAssertEqual(FileManager.default.contents(atPath: path), bytes, "the damaged file was not replaced")
        }
        // A sound file of another key under this key's name is another catalog: refused.
        try edit("metrics/steps.yaml") { $0.replacingOccurrences(of: "range: 14d", with: "range: 15d") }
        _ = try load(cache())
        let other = try XCTUnwrap(compiledFiles().first { $0 != name })
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: cacheDirectory + "/" + other, toPath: path)
        try edit("metrics/steps.yaml") { $0.replacingOccurrences(of: "range: 15d", with: "range: 14d") }
        XCTAssertEqual(try load(cache()).origin, .stored)
    }

    func testAnUnwritableDirectoryFallsBackSilently() throws {
        // The cache "directory" is a file: nothing can be written below it.
        try FileManager.default.createDirectory(
            atPath: root.appendingPathComponent("cache").path, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: cacheDirectory))
        for _ in 0..<2 {
            let loaded = try load(cache())
            XCTAssertEqual(loaded.origin, .checked)
            XCTAssertFalse(loaded.hasErrors)
        }
    }

    func testOnlyTheNewestCompiledCatalogsAreKept() throws {
        let url = root.appendingPathComponent("catalog/metrics/steps.yaml")
        let original = try String(contentsOf: url, encoding: .utf8)
        for days in 1...(CatalogCache.keptFiles + 3) {
            try original.replacingOccurrences(of: "range: 14d", with: "range: \(days)d").write(
                to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(try load(cache()).origin, .stored)
        }
        XCTAssertEqual(compiledFiles().count, CatalogCache.keptFiles)
        XCTAssertEqual(try load(cache()).origin, .cached)  // the newest is among them
    }

    func testTheEmbeddedFilesAreKeyedByTheirText() throws {
        let files = try CatalogLoader.files(under: paths).map { path in
            SourceFile(
                path: "<built-in>/" + (path as NSString).lastPathComponent,
                text: try String(contentsOfFile: path, encoding: .utf8))
        }
        let check = { (loaded: LoadedCatalog) in self.validator.validate(loaded) }
        XCTAssertEqual(cache().load(files, check: check).origin, .stored)
        XCTAssertEqual(cache().load(files, check: check).origin, .cached)
        var changed = files
        changed[0].text += "\n# a comment\n"
        XCTAssertNotEqual(cache().key(of: changed), cache().key(of: files))
        XCTAssertEqual(cache().load(changed, check: check).origin, .stored)
        XCTAssertNotEqual(cache().key(of: Array(files.dropLast())), cache().key(of: files))
        // The same texts under other names: another key.
        var renamed = files
        renamed[0].path += ".moved"
        XCTAssertNotEqual(cache().key(of: renamed), cache().key(of: files))
        // Text moved from the end of one file to the start of the next: another key.
        if files.count >= 2 {
            var shifted = files
            shifted[0].text += "x"
            shifted[1].text = "x" + shifted[1].text
            var joined = files
            joined[0].text += "xx"
            XCTAssertNotEqual(cache().key(of: shifted), cache().key(of: files))
            XCTAssertNotEqual(cache().key(of: shifted), cache().key(of: joined))
        }
    }

    func testTheCacheIsOffOnRequestAndFollowsXDGCacheHome() {
        let on = CatalogCache(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a"], buildIdentity: "b")
        XCTAssertEqual(on.directory, "/x/cache/vitals")
        XCTAssertEqual(
            CatalogCache(environment: ["HOME": "/home/a"], buildIdentity: "b").directory, "/home/a/.cache/vitals")
        XCTAssertNil(
            CatalogCache(environment: ["XDG_CACHE_HOME": "/x/cache", "VITALS_NO_CACHE": "1"], buildIdentity: "b")
                .directory)
        XCTAssertEqual(
            CatalogCache(environment: ["XDG_CACHE_HOME": "/x/cache", "VITALS_NO_CACHE": "0"], buildIdentity: "b")
                .directory,
            "/x/cache/vitals")
        XCTAssertNil(CatalogCache(environment: ["XDG_CACHE_HOME": "/x/cache"], buildIdentity: nil).directory)
    }

    func testTheBuildIdentityNamesThisExecutableAndWhatItRegistered() throws {
        let identity = try XCTUnwrap(CatalogCache.buildIdentity(screenModuleIDs: ["SCREEN_A"], chartKindIDs: ["bar"]))
        XCTAssertEqual(CatalogCache.buildIdentity(screenModuleIDs: ["SCREEN_A"], chartKindIDs: ["bar"]), identity)
        XCTAssertNotEqual(
            CatalogCache.buildIdentity(screenModuleIDs: ["SCREEN_A", "SCREEN_B"], chartKindIDs: ["bar"]), identity)
        XCTAssertNotEqual(
            CatalogCache.buildIdentity(screenModuleIDs: ["SCREEN_A"], chartKindIDs: ["bar", "ring"]), identity)
    }

    /// Runs starting together each store the same file; every one of them reads a sound catalog.
    func testConcurrentFirstRunsAllGetTheCatalog() throws {
        let cache = cache()
        let paths = paths
        let validator = validator
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var origins: [CatalogCache.Origin] = []
            var failures = 0
        }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            let result = try? cache.load(paths: paths) { validator.validate($0) }
            results.lock.withLock {
                if let result, !result.hasErrors, !result.loaded.catalog.metrics.isEmpty {
                    results.origins.append(result.origin)
                } else {
                    results.failures += 1
                }
            }
        }
        XCTAssertEqual(results.failures, 0)
        XCTAssertEqual(results.origins.count, 6)
        XCTAssertEqual(compiledFiles().count, 1)
        XCTAssertEqual(
            (try? FileManager.default.contentsOfDirectory(atPath: cacheDirectory))?.filter {
                $0.hasPrefix(".catalog-")
            }, [])
    }
}
