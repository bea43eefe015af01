import Foundation
import XCTest

@testable import VitalsKit
@testable import VitalsSettings

/// The compiled catalog trusted for who owns and may write it and its directory (as ssh and
/// git trust their files): a file another user owns or could have written is not read, and
/// is replaced by this user's own; a directory others could write is not used at all.
final class CatalogCacheTrustTests: XCTestCase {
    private var root: URL!
    private var cacheDirectory: String { root.appendingPathComponent("cache/vitals").path }
    private let validator = Validator(screenModules: .genericOnly)

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-cache-trust-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestPaths.fixtures.appendingPathComponent("MiniCatalog"),
            to: root.appendingPathComponent("catalog"))
    }

    override func tearDownWithError() throws {
        _ = chmod(root.path, 0o755)
        try? FileManager.default.removeItem(at: root)
    }

    private var paths: [String] { CatalogLocation.paths(root: root.appendingPathComponent("catalog").path) }
    private var cache: CatalogCache { CatalogCache(directory: cacheDirectory, buildIdentity: "build-1") }
    private func load() throws -> CatalogCache.Checked { try cache.load(paths: paths) { self.validator.validate($0) } }

    /// The one compiled catalog in the cache directory.
    private func compiledFile() throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: cacheDirectory).filter {
            $0.hasPrefix("catalog-")
        }
        XCTAssertEqual(names.count, 1, "\(names)")
        return cacheDirectory + "/" + (try XCTUnwrap(names.first))
    }

    private func owner(_ path: String) throws -> (uid: uid_t, mode: mode_t) {
        var info = stat()
        XCTAssertEqual(lstat(path, &info), 0, path)
        return (info.st_uid, info.st_mode & 0o7777)
    }

    /// An uid that is not this process's.
    private var otherUser: uid_t { geteuid() == 65534 ? 65533 : 65534 }

    func testTheDirectoryAndFilesArePrivateAndReadBack() throws {
        XCTAssertEqual(try load().origin, .stored)
        XCTAssertEqual(try owner(cacheDirectory).mode, 0o700)
        XCTAssertEqual(try owner(try compiledFile()).mode, 0o600)
        XCTAssertEqual(try owner(try compiledFile()).uid, geteuid())
        XCTAssertEqual(try load().origin, .cached)
    }

    /// The attack the signature of format 4 stopped, stopped by ownership: a catalog with an
    /// error (chart type `pie`) gets a compiled file under its key holding the sound catalog,
    /// owned by another user. It is not read (`validate` sees the error) and the next store
    /// replaces it with this user's own file.
    func testAFileOfAnotherOwnerIsIgnoredAndReplaced() throws {
        guard geteuid() == 0 else { throw XCTSkip("needs root to give a file to another user") }
        let sound = try load()
        let steps = root.appendingPathComponent("catalog/metrics/steps.yaml")
        let text = try String(contentsOf: steps, encoding: .utf8)
        try text.replacingOccurrences(of: "chart_type_id: line", with: "chart_type_id: pie")
            .write(to: steps, atomically: true, encoding: .utf8)
        let key = try XCTUnwrap(cache.key(ofFilesAt: try CatalogFileScan.files(under: paths))?.key)
        let forged = cacheDirectory + "/" + CatalogCache.fileName(key: key)
        try Data(try XCTUnwrap(CatalogCache.fileBytes(sound, key: key))).write(to: URL(fileURLWithPath: forged))
        XCTAssertEqual(chmod(forged, 0o600), 0)
        XCTAssertEqual(chown(forged, otherUser, gid_t(otherUser)), 0)
        let checked = try load()
        XCTAssertEqual(checked.origin, .checked, "a compiled catalog of another user was trusted")
        XCTAssertTrue(checked.hasErrors, "the pie chart's error was hidden")

        // The same file as this user's own is read: ownership is what tells them apart.
        XCTAssertEqual(chown(forged, geteuid(), getegid()), 0)
        XCTAssertEqual(try load().origin, .cached)

        // A sound catalog's file of another user's is not read, and is replaced by this user's.
        try text.write(to: steps, atomically: true, encoding: .utf8)
        let soundFile =
            cacheDirectory + "/"
            + CatalogCache.fileName(
                key: try XCTUnwrap(cache.key(ofFilesAt: try CatalogFileScan.files(under: paths))?.key))
        XCTAssertEqual(chown(soundFile, otherUser, gid_t(otherUser)), 0)
        XCTAssertEqual(try load().origin, .stored)
        XCTAssertEqual(try owner(soundFile).uid, geteuid())
        XCTAssertEqual(try owner(soundFile).mode, 0o600)
        XCTAssertEqual(try load().origin, .cached)
    }

    /// A compiled catalog others could have written (group or world writable) is not read,
    /// and its replacement is 0600 (not the old file's mode).
    func testAFileOthersCanWriteIsIgnoredAndReplacedPrivate() throws {
        XCTAssertEqual(try load().origin, .stored)
        let file = try compiledFile()
        for mode: mode_t in [0o620, 0o602, 0o666] {
            XCTAssertEqual(chmod(file, mode), 0)
            XCTAssertEqual(try load().origin, .stored, "a file of mode \(String(mode, radix: 8)) was read")
            XCTAssertEqual(try owner(file).mode, 0o600)
        }
        // Readable by others is not writable by others: still this user's file.
        XCTAssertEqual(chmod(file, 0o644), 0)
        XCTAssertEqual(try load().origin, .cached)
    }

    /// A link in place of the compiled file is not followed, even to this user's sound file.
    func testALinkInPlaceOfTheFileIsNotFollowed() throws {
        XCTAssertEqual(try load().origin, .stored)
        let file = try compiledFile()
        let elsewhere = root.appendingPathComponent("elsewhere.bin").path
        XCTAssertEqual(rename(file, elsewhere), 0)
        XCTAssertEqual(symlink(elsewhere, file), 0)
        XCTAssertEqual(try load().origin, .stored)
        XCTAssertEqual(FileKind(atPath: file), .regular)
        var info = stat()
        XCTAssertEqual(lstat(file, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFREG, "the link was replaced by a file")
    }

    /// A cache directory others can write, or another user's, or one inside a directory others
    /// can write (not sticky): nothing read, nothing written; the catalog is checked each time.
    func testADirectoryOthersCouldWriteIsNotUsed() throws {
        XCTAssertEqual(try load().origin, .stored)
        XCTAssertEqual(chmod(cacheDirectory, 0o770), 0)
        XCTAssertEqual(try load().origin, .checked)
        XCTAssertEqual(chmod(cacheDirectory, 0o700), 0)
        XCTAssertEqual(try load().origin, .cached)

        let parent = root.appendingPathComponent("cache").path
        XCTAssertEqual(chmod(parent, 0o777), 0)
        XCTAssertEqual(try load().origin, .checked, "an ancestor anyone can rename the directory in")
        // Sticky (as /tmp): only the owner of an entry can rename it.
        XCTAssertEqual(chmod(parent, 0o1777), 0)
        XCTAssertEqual(try load().origin, .cached)
        XCTAssertEqual(chmod(parent, 0o755), 0)

        if geteuid() == 0 {
            XCTAssertEqual(chown(cacheDirectory, otherUser, gid_t(otherUser)), 0)
            let before = try FileManager.default.contentsOfDirectory(atPath: cacheDirectory).sorted()
            XCTAssertEqual(try load().origin, .checked, "another user's directory")
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: cacheDirectory).sorted(), before,
                "something was written")
        }
    }

    /// A damaged or tampered file of this user's own: every mutation is refused or decoded to
    /// a catalog that encodes again (bounded: 400 mutated files, read through `load`).
    func testATamperedFileOfThisUsersIsDecodedSafelyOrRefused() throws {
        XCTAssertEqual(try load().origin, .stored)
        let file = try compiledFile()
        let original = try XCTUnwrap(FileManager.default.contents(atPath: file))
        var rng = SplitMix(seed: 40)
        var outcomes: [CatalogCache.Origin: Int] = [:]
        for _ in 0..<400 {
            var bytes = [UInt8](original)
            CatalogCodecTests.mutate(&bytes, &rng)
            try PrivateFile.write(bytes, to: file)
            let checked = try load()
            outcomes[checked.origin, default: 0] += 1
            if checked.origin == .cached { XCTAssertNoThrow(try CatalogCodec.encode(checked.loaded)) }
        }
        XCTAssertEqual(outcomes.values.reduce(0, +), 400)
        XCTAssertGreaterThan(
            outcomes[.stored] ?? 0, 200, "most mutations are refused and the file rebuilt: \(outcomes)")
    }

    func testTheOldSigningSecretIsRemoved() throws {
        try FileManager.default.createDirectory(atPath: cacheDirectory, withIntermediateDirectories: true)
        XCTAssertEqual(chmod(cacheDirectory, 0o700), 0)
        XCTAssertTrue(
            FileManager.default.createFile(atPath: cacheDirectory + "/cache-secret", contents: Data(count: 32)))
        XCTAssertEqual(try load().origin, .stored)
        XCTAssertFalse(FileManager.default.fileExists(atPath: cacheDirectory + "/cache-secret"))
    }

    func testAFIFOInPlaceOfTheCompiledFileIsAMissNotAHang() throws {
        let files = try CatalogFileScan.files(under: paths)
        let key = try XCTUnwrap(cache.key(ofFilesAt: files)?.key)
        try FileManager.default.createDirectory(atPath: cacheDirectory, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(cacheDirectory + "/" + CatalogCache.fileName(key: key), 0o600), 0)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var origin: CatalogCache.Origin?
        let cache = self.cache
        let paths = self.paths
        let validator = self.validator
        Thread.detachNewThread {
            origin = try? cache.load(paths: paths) { validator.validate($0) }.origin
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "reading a FIFO as the compiled catalog blocked")
        XCTAssertEqual(origin, .stored, "the FIFO was not replaced by the compiled catalog")
    }
}
