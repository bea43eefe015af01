import Foundation
import XCTest

@testable import VitalsKit

/// The cache's cheaper file listing and display names agree with the loader's own on trees
/// with links (to files and to directories, at the top and below), hidden entries, a
/// directory named like a catalog file, non-ASCII names, `.`/`..` and repeated slashes.
final class CatalogFileScanTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-scan-\(UUID().uuidString)")
        let manager = FileManager.default
        func file(_ path: String) throws {
            let url = root.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x: 1\n".utf8).write(to: url)
        }
        for path in [
            "screens/a.yaml", "screens/b.yml", "screens/.hidden.yaml", "screens/notes.txt", "screens/sub/c.yaml",
            "screens/sub/deeper/d.yaml", "screens/dir.yaml/e.yaml", "screens/.git/f.yaml", "screens/ünï café.yaml",
            "screens/a.yaml.bak", "shared/g.yaml", "shared/h.yml", "shared/inner/i.yaml",
        ] {
            try file(path)
        }
        try manager.createSymbolicLink(
            atPath: root.appendingPathComponent("screens/link-to-file.yaml").path,
            withDestinationPath: "../shared/g.yaml")
        try manager.createSymbolicLink(
            atPath: root.appendingPathComponent("screens/linked-dir").path,
            withDestinationPath: "../shared")
        try manager.createSymbolicLink(
            atPath: root.appendingPathComponent("screens/broken.yaml").path,
            withDestinationPath: "nowhere.yaml")
        try manager.createSymbolicLink(
            atPath: root.appendingPathComponent("metrics").path, withDestinationPath: "shared")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    func testTheListingIsTheLoaders() throws {
        let base = root.path
        let cases: [[String]] = [
            [base + "/screens", base + "/metrics"],
            [base + "/screens/", base + "/shared/../metrics"],
            [base + "/screens/sub/c.yaml", base + "/screens/link-to-file.yaml", base + "/screens"],
            [base + "/./shared/inner"],
        ]
        for paths in cases {
            let loader = try CatalogLoader.files(under: paths)
            XCTAssertFalse(loader.isEmpty)
            XCTAssertEqual(try CatalogFileScan.files(under: paths), loader, "\(paths)")
        }
        // The tree has what the comparison is about.
        let whole = try CatalogLoader.files(under: [base + "/screens"]).map { String($0.dropFirst(base.count + 9)) }
        for expected in [
            ".hidden.yaml", "dir.yaml", "link-to-file.yaml", "broken.yaml", "sub/deeper/d.yaml", ".git/f.yaml",
        ] {
            XCTAssertTrue(whole.contains(expected), "\(expected) not in \(whole)")
        }
        XCTAssertFalse(whole.contains("notes.txt"))
        XCTAssertThrowsError(try CatalogFileScan.files(under: [base + "/missing"]))
        XCTAssertThrowsError(try CatalogLoader.files(under: [base + "/missing"]))
    }

    /// The listing as the loader made it before it read directories itself: Foundation's
    /// enumerator, every entry whose relative path ends in `.yaml` or `.yml`, sorted.
    static func enumeratorListing(_ paths: [String]) -> [String] {
        var result: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                result.append(path)
                continue
            }
            let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            var found: [String] = []
            let walker = FileManager.default.enumerator(atPath: target)
            while let relative = walker?.nextObject() as? String {
                if relative.hasSuffix(".yaml") || relative.hasSuffix(".yml") {
                    found.append((path as NSString).appendingPathComponent(relative))
                }
            }
            result += found.sorted()
        }
        return result
    }

    func testTheLoadersListingIsTheEnumerators() throws {
        let base = root.path
        let cases: [[String]] = [
            [base + "/screens", base + "/metrics"], [base + "/screens/", base + "/shared/../metrics"],
            [base + "/screens/sub/c.yaml", base + "/screens"], [base + "/./shared/inner"], [base],
        ]
        for paths in cases {
            XCTAssertEqual(try CatalogLoader.files(under: paths), Self.enumeratorListing(paths), "\(paths)")
        }
        // A name that is not UTF-8: the loader's own walk declines it and asks the enumerator.
        let odd = base + "/shared/inner/caf" + "\u{FFFD}"
        var bytes = Array((base + "/shared/inner/caf").utf8) + [0xE9] + Array(".yaml".utf8) + [0]
        let descriptor = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o600) }
        }
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        close(descriptor)
        XCTAssertNil(CatalogFileScan.catalogEntries(under: base + "/shared"))
        XCTAssertNotNil(CatalogFileScan.catalogEntries(under: base + "/screens"))
        XCTAssertEqual(
            try CatalogLoader.files(under: [base + "/shared"]), Self.enumeratorListing([base + "/shared"]), odd)
    }

    func testDisplayNamesAreTheLoaders() throws {
        let base = root.path
        var paths = try CatalogLoader.files(under: [base + "/screens", base + "/metrics", base + "/shared"])
        paths += [
            base + "/screens/../shared/g.yaml", base + "/screens/./a.yaml", base + "//screens/a.yaml",
            base + "/screens/linked-dir/inner/i.yaml", base + "/metrics/h.yml", base + "/screens/missing.yaml",
            base + "/screens/broken.yaml", base + "/screens/sub/..", base + "/screens/.", "/", "relative/none.yaml",
            "Tests/VitalsKitTests/Fixtures/MiniCatalog/metrics/steps.yaml",
            TestPaths.fixtures.appendingPathComponent("MiniCatalog/metrics/steps.yaml").path,
        ]
        // Each directory standardised as it comes, and all of them standardised first.
        for scan in [CatalogFileScan(), CatalogFileScan(directoriesOf: paths)] {
            for path in paths {
                XCTAssertEqual(scan.displayPath(path), CatalogLoader.displayPath(path), path)
            }
        }
    }

    /// A catalog file is named relative to its catalog root, or to the top of the git work tree
    /// holding that root (what GitHub places annotations by), whatever the working directory.
    func testFilesAreNamedRelativeToTheCatalogRootOrTheWorkTree() throws {
        let manager = FileManager.default
        for path in ["plain/metrics/p.yaml", "repo/catalog/screens/r.yaml", "loose/l.yaml"] {
            let url = root.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x: 1\n".utf8).write(to: url)
        }
        try manager.createDirectory(at: root.appendingPathComponent("repo/.git"), withIntermediateDirectories: true)
        let base = root.path
        let expected = [
            base + "/plain/metrics/p.yaml": "metrics/p.yaml",
            base + "/repo/catalog/screens/r.yaml": "catalog/screens/r.yaml",
            base + "/plain/metrics/../metrics/p.yaml": "metrics/p.yaml",
            // Outside `plain` and `repo`: in the fixture's own root (it has screens/).
            base + "/loose/l.yaml": "loose/l.yaml",
        ]
        for scan in [CatalogFileScan(), CatalogFileScan(directoriesOf: expected.keys.sorted())] {
            for (path, name) in expected {
                XCTAssertEqual(scan.displayPath(path), name, path)
                XCTAssertEqual(CatalogLoader.displayPath(path), name, path)
            }
        }
    }
}
