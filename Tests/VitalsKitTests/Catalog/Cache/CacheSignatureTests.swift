import Foundation
import XCTest
@testable import VitalsKit

/// SHA-256 and HMAC-SHA-256 on the published test vectors, and the compiled catalog trusted
/// only with the user's own signature.
final class SHA256Tests: XCTestCase {
    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    func testFIPSVectors() {
        XCTAssertEqual(hex(SHA256.digest([])), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(hex(SHA256.digest(Array("abc".utf8))), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(hex(SHA256.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(hex(SHA256.digest([UInt8](repeating: 0x61, count: 1_000_000))),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Fed in pieces of any size, the digest is the one of the whole.
    func testPiecesGiveTheDigestOfTheWhole() {
        var rng = SplitMix(seed: 31)
        for _ in 0..<50 {
            let bytes = (0..<Int.random(in: 0..<400, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            var hash = SHA256()
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + Int.random(in: 1...70, using: &rng))
                hash.add(Array(bytes[offset..<end]))
                offset = end
            }
            XCTAssertEqual(hash.finish(), SHA256.digest(bytes))
        }
    }

    /// RFC 4231 test cases 1, 2 and 6 (a key longer than the block).
    func testRFC4231HMACVectors() {
        func hmac(_ key: [UInt8], _ data: [UInt8]) -> String {
            hex(data.withUnsafeBytes { SHA256.hmac(key: key, [$0]) })
        }
        XCTAssertEqual(hmac([UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8)),
                       "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        XCTAssertEqual(hmac(Array("Jefe".utf8), Array("what do ya want for nothing?".utf8)),
                       "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        XCTAssertEqual(hmac([UInt8](repeating: 0xaa, count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)),
                       "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }
}

final class CatalogCacheSignatureTests: XCTestCase {
    private var root: URL!
    private var cacheDirectory: String { root.appendingPathComponent("cache/vitals").path }
    private let validator = Validator(screenModules: .genericOnly)

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-cache-signature-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestPaths.fixtures.appendingPathComponent("MiniCatalog"),
                                         to: root.appendingPathComponent("catalog"))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    private var paths: [String] { CatalogLocation.paths(root: root.appendingPathComponent("catalog").path) }
    private var cache: CatalogCache { CatalogCache(directory: cacheDirectory, buildIdentity: "build-1") }
    private func load() throws -> CatalogCache.Checked { try cache.load(paths: paths) { self.validator.validate($0) } }

    /// The attack: a catalog with an error (chart type `pie`) gets a compiled file under its
    /// key holding the sound catalog's payload, its header made right. Without the user's
    /// secret it is not trusted; `validate` sees the error.
    func testACompiledFileForgedWithoutTheSecretIsNotTrusted() throws {
        let sound = try load()
        XCTAssertEqual(sound.origin, .stored)
        let steps = root.appendingPathComponent("catalog/metrics/steps.yaml")
        let text = try String(contentsOf: steps, encoding: .utf8)
        try text.replacingOccurrences(of: "chart_type_id: line", with: "chart_type_id: pie")
            .write(to: steps, atomically: true, encoding: .utf8)
        let files = try CatalogFileScan.files(under: paths)
        let key = try XCTUnwrap(cache.key(ofFilesAt: files)?.key)
        let forged = root.appendingPathComponent("cache/vitals/" + CatalogCache.fileName(key: key))

        var attacker = SplitMix(seed: 7)
        let guessed = (0..<32).map { _ in UInt8.random(in: 0...255, using: &attacker) }
        try Data(try XCTUnwrap(CatalogCache.fileBytes(sound, key: key, secret: guessed))).write(to: forged)
        let checked = try load()
        XCTAssertNotEqual(checked.origin, .cached, "a forged compiled catalog was trusted")
        XCTAssertTrue(checked.hasErrors, "the pie chart's error was hidden")

        // The same file signed with the user's secret would be read: the signature is what
        // tells them apart.
        let secret = try XCTUnwrap(CacheSecret.load(in: cacheDirectory))
        try Data(try XCTUnwrap(CatalogCache.fileBytes(sound, key: key, secret: secret))).write(to: forged)
        XCTAssertEqual(try load().origin, .cached)
    }

    func testTheSecretIsPrivateAndOneOthersCanReadIsNotUsed() throws {
        XCTAssertEqual(try load().origin, .stored)
        let secret = cacheDirectory + "/" + CacheSecret.fileName
        let attributes = try FileManager.default.attributesOfItem(atPath: secret)
        XCTAssertEqual(attributes[.posixPermissions] as? Int, 0o600)
        XCTAssertEqual(attributes[.size] as? Int, 32)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: cacheDirectory)[.posixPermissions] as? Int, 0o700)
        for name in try FileManager.default.contentsOfDirectory(atPath: cacheDirectory) where name.hasPrefix("catalog-") {
            XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: cacheDirectory + "/" + name)[.posixPermissions] as? Int, 0o600)
        }
        XCTAssertEqual(try load().origin, .cached)
        // Readable by others, it may be known to others: the cache is not used.
        XCTAssertEqual(chmod(secret, 0o644), 0)
        XCTAssertEqual(try load().origin, .checked)
    }

    func testAFIFOInPlaceOfTheCompiledFileIsAMissNotAHang() throws {
        let files = try CatalogFileScan.files(under: paths)
        let key = try XCTUnwrap(cache.key(ofFilesAt: files)?.key)
        try FileManager.default.createDirectory(atPath: cacheDirectory, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(cacheDirectory + "/" + CatalogCache.fileName(key: key), 0o600), 0)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var origin: CatalogCache.Origin?
        let cache = self.cache, paths = self.paths, validator = self.validator
        Thread.detachNewThread {
            origin = try? cache.load(paths: paths) { validator.validate($0) }.origin
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "reading a FIFO as the compiled catalog blocked")
        // PrivateFile.write renames over nothing but a regular file: the FIFO stays, a miss each time.
        XCTAssertEqual(origin, .checked, "the catalog was loaded and checked, not read from the FIFO")
    }
}
